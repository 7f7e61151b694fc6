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
        out += line(
            for: current, severity: current.severity.rawValue,
            message: current.message + (current.hint.map { "; \($0)" } ?? ""))
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
    /// in a connection URL on the line is left out (the caret moves with the text).
    public static func caret(for d: Diagnostic) -> String {
        guard let text = d.lineText else { return "" }
        let safe = TextMetrics.sanitized(text.replacingTabs())
        // Columns count Unicode scalars, as the lexer does. A very long line is shown as a
        // window around the caret, so a message stays a few lines however long the input.
        var scalars = Array(safe.unicodeScalars)
        var startIndex = min(max(d.range.start.column - 1, 0), scalars.count)
        if scalars.count > Self.longestShownLine {
            let from = max(0, startIndex - Self.shownContext)
            let to = min(scalars.count, startIndex + min(d.range.length, 80) + Self.shownContext)
            scalars =
                (from > 0 ? ["…"] : []) + Array(scalars[from..<to])
                + (to < scalars.count ? ["…"] : [])
            startIndex = startIndex - from + (from > 0 ? 1 : 0)
        }
        let before = ConnectionURL.redacting(String(scalars: scalars[..<startIndex]))
        let tokenEnd = min(startIndex + d.range.length, scalars.count)
        let token = ConnectionURL.redacting(
            String(scalars: scalars[startIndex..<max(startIndex, tokenEnd)]))
        let after = ConnectionURL.redacting(String(scalars: scalars[max(startIndex, tokenEnd)...]))
        let pad = String(repeating: " ", count: TextMetrics.width(of: before))
        let underline =
            "^" + String(repeating: "~", count: max(0, TextMetrics.width(of: token) - 1))
        return before + token + after + "\n" + pad + underline + "\n"
    }
}

private extension String {
    func replacingTabs() -> String { replacingOccurrences(of: "\t", with: " ") }
}
