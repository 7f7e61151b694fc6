/// Script text → commands of tokens.
///
/// Rules (Docs/commands.md, "Syntax"): `;` separates commands; `#` at the start of a word
/// starts a comment (so `color=#16aafc` is a colour); a trailing `\` joins the next line;
/// strings are double-quoted with `\"` `\\` `\n` `\t` `\u{1F600}` escapes; `=` is its own token.
public enum Lexer {
    /// A line as the parser sees it after joining continuations; every Unicode scalar keeps
    /// the place it was typed.
    ///
    /// The lexer reads scalars, never `Character`s: a grapheme cluster can glue a quote, `;`
    /// or `#` to a neighbouring scalar (a combining accent after it, U+0600 before it), and a
    /// lexer that compared clusters would not see that quote — so text that `ScriptQuoting`
    /// wrote as one string could read back as several commands. Columns count scalars.
    public struct LogicalLine: Sendable {
        public var scalars: [Unicode.Scalar]
        public var locations: [SourceLocation]
        /// The first physical line (1-based).
        public var line: Int
        /// One past the last: where a diagnostic at the end of the line points.
        public var end: SourceLocation

        /// The line's text.
        public var text: String { String(scalars: scalars[...]) }
    }

    /// Splits a script into logical lines (joining `\`-continued ones).
    public static func logicalLines(_ source: ScriptSource) -> [LogicalLine] {
        var result = [LogicalLine]()
        var pending: LogicalLine?
        for (offset, physical) in source.lines.enumerated() {
            let number = offset + source.firstLine
            var scalars = Array(physical.unicodeScalars)
            var continues = false
            if let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" }),
                scalars[last] == "\\"
            {
                scalars = Array(scalars[..<last])
                continues = true
            }
            let locations = scalars.indices.map { SourceLocation(line: number, column: $0 + 1) }
            let end = SourceLocation(line: number, column: scalars.count + 1)
            if pending != nil {
                // Appended in place (optional chaining): copying the line out and back in
                // made 100,000 continued lines quadratic.
                pending?.scalars.append(" ")
                pending?.locations.append(end)
                pending?.scalars.append(contentsOf: scalars)
                pending?.locations.append(contentsOf: locations)
                pending?.end = end
            } else {
                pending = LogicalLine(
                    scalars: scalars, locations: locations, line: number, end: end)
            }
            if !continues, let line = pending {
                result.append(line)
                pending = nil
            }
        }
        if let line = pending { result.append(line) }
        return result
    }

    /// The commands on one logical line (empty ones are dropped).
    public static func commands(in line: LogicalLine) throws(Diagnostic) -> [CommandTokens] {
        let chars = line.scalars
        var commands = [CommandTokens]()
        var tokens = [Token]()
        var commandStart = 0
        var i = 0
        var space = true
        func location(_ index: Int) -> SourceLocation {
            index < line.locations.count ? line.locations[index] : line.end
        }
        func range(_ from: Int, _ to: Int) -> SourceRange {
            let start = location(from)
            let endColumn =
                to - 1 < line.locations.count && to > from
                ? line.locations[to - 1].column + 1 : start.column + 1
            return SourceRange(
                start: start,
                length: start.line == location(max(from, to - 1)).line
                    ? endColumn - start.column : 1)
        }
        func finishCommand(at end: Int) {
            if !tokens.isEmpty {
                let text = String(scalars: chars[commandStart..<end]).trimmingCharacters(in: " \t")
                commands.append(
                    CommandTokens(tokens: tokens, text: text, start: tokens[0].range.start))
            }
            tokens = []
        }
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" { i += 1; space = true; continue }
            if c == ";" { finishCommand(at: i); i += 1; commandStart = i; space = true; continue }
            // A comment starts at a word boundary, but not as the value after `=`.
            if c == "#" && space && tokens.last?.kind != .equals { break }
            let hadSpace = space
            space = false
            if c == "=" {
                tokens.append(
                    Token(kind: .equals, text: "=", range: range(i, i + 1), spaceBefore: hadSpace))
                i += 1
                continue
            }
            if c == "\"" {
                let start = i
                let text: String
                (text, i) = try stringLiteral(chars, openingAt: i, range: range)
                tokens.append(
                    Token(kind: .string, text: text, range: range(start, i), spaceBefore: hadSpace))
                continue
            }
            let start = i
            while i < chars.count {
                let d = chars[i]
                if d == " " || d == "\t" || d == ";" || d == "=" || d == "\"" { break }
                i += 1
            }
            tokens.append(
                Token(
                    kind: .word, text: String(scalars: chars[start..<i]), range: range(start, i),
                    spaceBefore: hadSpace))
        }
        finishCommand(at: min(i, chars.count))
        return commands
    }

    /// The string opened by the quote at `start`: its text (escapes applied) and the index
    /// after its closing quote. `range` makes a diagnostic's place from scalar indices.
    static func stringLiteral(
        _ chars: [Unicode.Scalar], openingAt start: Int,
        range: (Int, Int) -> SourceRange
    ) throws(Diagnostic) -> (String, Int) {
        var i = start
        i += 1
        var text = ""
        var closed = false
        while i < chars.count {
            let d = chars[i]
            if d == "\"" { closed = true; i += 1; break }
            if d == "\\" {
                guard i + 1 < chars.count else { break }
                let e = chars[i + 1]
                switch e {
                case "\"": text.append("\""); i += 2
                case "\\": text.append("\\"); i += 2
                case "n": text.append("\n"); i += 2
                case "t": text.append("\t"); i += 2
                case "u":
                    var j = i + 2
                    guard j < chars.count, chars[j] == "{" else {
                        throw Diagnostic(.invalidEscape("\\u"), at: range(i, i + 2))
                    }
                    j += 1
                    var hex = ""
                    while j < chars.count, chars[j] != "}", hex.count <= 8 {
                        hex.unicodeScalars.append(chars[j]); j += 1
                    }
                    guard j < chars.count, chars[j] == "}",
                        let value = UInt32(hex, radix: 16),
                        let scalar = Unicode.Scalar(value)
                    else {
                        throw Diagnostic(
                            .invalidEscape("\\u{" + hex),
                            at: range(i, min(j + 1, chars.count)))
                    }
                    text.unicodeScalars.append(scalar)
                    i = j + 1
                default:
                    throw Diagnostic(
                        .invalidEscape("\\" + String(Character(e))), at: range(i, i + 2))
                }
                continue
            }
            text.unicodeScalars.append(d)
            i += 1
        }
        guard closed else {
            throw Diagnostic(.unterminatedString, at: range(start, start + 1))
        }
        return (text, i)
    }
}

extension String {
    /// The text of a run of scalars.
    init(scalars: ArraySlice<Unicode.Scalar>) {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        self.init(view)
    }

    /// Without the leading and trailing characters of `set` (no Foundation needed).
    public func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s = s.dropFirst() }
        while let l = s.last, set.contains(l) { s = s.dropLast() }
        return String(s)
    }
}
