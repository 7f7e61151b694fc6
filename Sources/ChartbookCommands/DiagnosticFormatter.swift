import Foundation
import ChartbookModel

/// Formats a diagnostic like a compiler:
///
///     tour.cb:3:10: error: unknown plot kind 'lien'; did you mean 'line'?
///     add plot lien sales
///              ^~~~
///
/// For `source`d scripts the failing script's own location is shown, followed by a note
/// naming the `source` command that ran it.
public enum DiagnosticFormatter {
    public static func format(_ diagnostic: Diagnostic, showCaret: Bool = true) -> String {
        var out = ""
        var current = diagnostic
        var notes = [Diagnostic]()
        while case .inScript(let inner) = current.kind { notes.append(current); current = inner }
        let message = current.message + (current.hint.map { "; \($0)" } ?? "")
        out += line(
            for: current, severity: current.severity.rawValue,
            message: withoutPasswords(message, of: current.lineText ?? ""))
        if showCaret { out += caret(for: current) }
        for note in notes.reversed() {
            out += line(for: note, severity: "note", message: "in the script run here")
        }
        return out
    }

    /// `file:line:col: severity: message` for a script. A typed line has no location to show
    /// — the caret under it says where — so it is `severity: message`; a command line is named
    /// (`chartbook plot: severity: message`), the caret under its word.
    static func line(for d: Diagnostic, severity: String, message: String) -> String {
        let message = TextMetrics.sanitized(Self.bounded(message))
        switch d.place {
        case .typed: return "\(severity): \(message)\n"
        case .commandLine:
            return "\(TextMetrics.sanitized(d.file ?? "chartbook")): \(severity): \(message)\n"
        case .script: break
        }
        let place = "\(d.range.start.line):\(d.range.start.column)"
        let prefix = d.file.map { "\(TextMetrics.sanitized($0)):\(place)" } ?? place
        return "\(prefix): \(severity): \(message)\n"
    }

    /// `message` with every password of a connection URL on `line` written `***`: a message
    /// may quote a token of the URL (the lexer splits `?password=x` at its `=`).
    static func withoutPasswords(_ message: String, of line: String) -> String {
        let scalars = Array(line.unicodeScalars)
        var text = message
        for change in ConnectionURL.redactions(in: line) {
            let word = String(String.UnicodeScalarView(scalars[change.range]))
            for password in ConnectionURL.passwords(in: word) where !password.isEmpty {
                text = TextReplacement.replacing(password, with: "***", in: text)
            }
        }
        return text
    }

    /// `message` cut in its middle when it is longer than `longestMessage` scalars (it may
    /// quote a word of the input, and input can be a 16 MiB line).
    static func bounded(_ message: String) -> String {
        let scalars = message.unicodeScalars
        guard scalars.count > Self.longestMessage else { return message }
        let half = Self.longestMessage / 2
        return String(String.UnicodeScalarView(scalars.prefix(half))) + "…"
            + String(String.UnicodeScalarView(scalars.suffix(half)))
    }

    static let longestMessage = 600

    /// Scalars of a line shown whole in a caret line; a longer one shows this many on either
    /// side of the caret.
    static let longestShownLine = 240, shownContext = 60

    /// The offending line and a caret under the token, aligned by display width. A password
    /// in a connection URL on the line is taken out of the whole line before a window of a
    /// long one is cut (a window starting inside the URL showed it: issue 49); the caret
    /// moves with the text.
    public static func caret(for d: Diagnostic) -> String {
        guard let text = d.lineText else { return "" }
        let safe = TextMetrics.sanitized(text.replacingTabs())
        // Columns count Unicode scalars, as the lexer does.
        let count = safe.unicodeScalars.count
        let start = min(max(d.range.start.column - 1, 0), count)
        let end = min(max(start + d.range.length, start), count)
        let (redacted, ends) = ConnectionURL.redacting(safe, moving: [start, end])
        var scalars = Array(redacted.unicodeScalars)
        var (startIndex, tokenEnd) = (ends[0], ends[1])
        // A very long line is shown as a window around the caret, so a message stays a few
        // lines however long the input.
        if scalars.count > Self.longestShownLine {
            let from = max(0, startIndex - Self.shownContext)
            let to = min(
                scalars.count, startIndex + min(tokenEnd - startIndex, 80) + Self.shownContext)
            scalars =
                (from > 0 ? ["…"] : []) + Array(scalars[from..<to])
                + (to < scalars.count ? ["…"] : [])
            let shift = from - (from > 0 ? 1 : 0)
            startIndex -= shift
            tokenEnd = min(tokenEnd - shift, scalars.count)
        }
        let before = String(scalars: scalars[..<startIndex])
        let token = String(scalars: scalars[startIndex..<max(startIndex, tokenEnd)])
        let after = String(scalars: scalars[max(startIndex, tokenEnd)...])
        let pad = String(repeating: " ", count: TextMetrics.width(of: before))
        let underline =
            "^" + String(repeating: "~", count: max(0, TextMetrics.width(of: token) - 1))
        return before + token + after + "\n" + pad + underline + "\n"
    }
}

private extension String {
    func replacingTabs() -> String { replacingOccurrences(of: "\t", with: " ") }
}
