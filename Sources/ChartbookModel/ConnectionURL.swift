/// PostgreSQL connection URLs (`postgres://USER:PASSWORD@HOST:PORT/DB?key=value`) as chartbook
/// shows and saves them: never with a password. The one place that knows where a password
/// can sit in a URL — the user-info part and a `password=` parameter.
public enum ConnectionURL {
    /// The URL schemes `load` reads as a PostgreSQL server, and as a ClickHouse server.
    public static let postgresSchemes = ["postgres://", "postgresql://"]
    public static let clickHouseSchemes = ["clickhouse://", "clickhouses://"]
    /// Every scheme whose URLs may hold a password.
    public static let schemes = postgresSchemes + clickHouseSchemes

    /// Whether `text` starts with one of `postgresSchemes` (in any case).
    public static func isPostgres(_ text: String) -> Bool {
        let lower = text.lowercased()
        return postgresSchemes.contains { lower.hasPrefix($0) }
    }

    /// Whether `text` starts with one of `clickHouseSchemes` (in any case).
    public static func isClickHouse(_ text: String) -> Bool {
        let lower = text.lowercased()
        return clickHouseSchemes.contains { lower.hasPrefix($0) }
    }

    /// `url` without its password: `postgres://ann:secret@db/x?password=y&sslmode=require`
    /// → `postgres://ann@db/x?sslmode=require`.
    ///
    /// The user-info part is found where libpq finds it, before any `/` — so a password
    /// holding `?` or `#` (which libpq takes unencoded) is still found.
    public static func withoutPassword(_ url: String) -> String {
        guard let parts = Parts(url) else { return url }
        var out = parts.scheme
        if let user = parts.user { out += user + "@" }
        out += parts.location
        if let question = parts.rest.firstIndex(of: "?") {
            let parameters = parts.rest[parts.rest.index(after: question)...].split(separator: "&")
                .filter { !$0.lowercased().hasPrefix("password=") }
            out +=
                parts.rest[..<question]
                + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
        } else {
            out += parts.rest
        }
        return out
    }

    /// The passwords `url` holds, as written (the user-info one and `password=` values).
    public static func passwords(in url: String) -> [String] {
        guard let parts = Parts(url) else { return [] }
        var found = parts.password.map { [$0] } ?? []
        if let question = parts.rest.firstIndex(of: "?") {
            for parameter in parts.rest[parts.rest.index(after: question)...].split(separator: "&")
            where parameter.lowercased().hasPrefix("password=") {
                found.append(String(parameter.dropFirst("password=".count)))
            }
        }
        return found.filter { !$0.isEmpty }
    }

    /// A message about `url` (libpq's own, which may quote the URL or a piece of it) with the
    /// URL shown without its password and every password replaced by `***`.
    public static func redacting(_ message: String, about url: String) -> String {
        var text = TextReplacement.replacing(url, with: withoutPassword(url), in: message)
        for password in passwords(in: url) {
            text = TextReplacement.replacing(password, with: "***", in: text)
        }
        return redacting(text)
    }

    /// A URL split as libpq splits it (and as chartbook reads every server URL).
    public struct Parts: Sendable {
        /// As written, `postgres://` …
        public var scheme: String
        public var user: String?
        public var password: String?
        /// Host and port; then the path and parameters (`rest`).
        public var location: Substring
        public var rest: Substring

        public init?(_ url: String) {
            guard let scheme = schemes.first(where: { url.lowercased().hasPrefix($0) }) else {
                return nil
            }
            self.scheme = String(url.prefix(scheme.count))
            var body = url.dropFirst(scheme.count)
            // libpq looks for the user info before any `/` (so `?` and `#` may sit in a
            // password); it ends at the last `@` there, which hides a password with `@` too.
            let slash = body.firstIndex(of: "/") ?? body.endIndex
            if let at = body[..<slash].lastIndex(of: "@") {
                let info = body[..<at]
                if let colon = info.firstIndex(of: ":") {
                    user = String(info[..<colon])
                    password = String(info[info.index(after: colon)...])
                } else {
                    user = String(info)
                }
                body = body[body.index(after: at)...]
            }
            let end = body.firstIndex { $0 == "/" || $0 == "?" } ?? body.endIndex
            location = body[..<end]
            rest = body[end...]
        }
    }

    /// A command line with the password taken out of every server URL in it (for the REPL's
    /// history, the notebook's steps, a lesson's screen and a diagnostic's caret line,
    /// which show what was typed). A quoted URL is one word however many blanks its
    /// password holds.
    public static func redacting(_ line: String) -> String {
        redacting(line, moving: []).text
    }

    /// `redacting(line)`, and where the places `offsets` (Unicode scalar offsets of `line`)
    /// are in it: a place inside a changed word moves to the same place in its new text, or
    /// to its end — so that a caret under the line moves with the text (`DiagnosticFormatter`).
    public static func redacting(_ line: String, moving offsets: [Int]) -> (
        text: String, offsets: [Int]
    ) {
        let changes = redactions(in: line)
        guard !changes.isEmpty else { return (line, offsets) }
        let scalars = Array(line.unicodeScalars)
        var out = String.UnicodeScalarView()
        var at = 0
        for change in changes {
            out.append(contentsOf: scalars[at..<change.range.lowerBound])
            out.append(contentsOf: change.text.unicodeScalars)
            at = change.range.upperBound
        }
        out.append(contentsOf: scalars[at...])
        let moved = offsets.map { p in
            var shift = 0
            for change in changes {
                if p <= change.range.lowerBound { break }
                let length = change.text.unicodeScalars.count
                if p < change.range.upperBound {
                    return change.range.lowerBound + shift
                        + min(p - change.range.lowerBound, length)
                }
                shift += length - change.range.count
            }
            return p + shift
        }
        return (String(out), moved)
    }

    /// The words of `line` that `redacting` changes, in order: each one's place in `line`
    /// (Unicode scalar offsets) and its text without the password.
    public static func redactions(in line: String) -> [(range: Range<Int>, text: String)] {
        guard schemes.contains(where: { line.lowercased().contains($0) }) else { return [] }
        var changes = [(range: Range<Int>, text: String)]()
        var word = String.UnicodeScalarView()
        var start = 0, offset = 0
        var quoted = false, escaped = false
        func flush() {
            let text = String(word)
            let without = withoutPassword(text)
            if without != text { changes.append((start..<offset, without)) }
            word = String.UnicodeScalarView()
        }
        for scalar in line.unicodeScalars {
            defer { offset += 1 }
            if word.isEmpty { start = offset }
            if quoted {
                if escaped {
                    escaped = false
                } else if scalar == "\\" {
                    escaped = true
                } else if scalar == "\"" {
                    flush()
                    quoted = false
                    continue
                }
                word.append(scalar)
            } else if scalar == " " || scalar == "\"" || scalar == "\t" || scalar == ";" {
                flush()
                quoted = scalar == "\""
            } else {
                word.append(scalar)
            }
        }
        flush()
        return changes
    }
}
