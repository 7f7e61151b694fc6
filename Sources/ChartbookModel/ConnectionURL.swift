/// PostgreSQL connection URLs (`postgres://USER:PASSWORD@HOST:PORT/DB?key=value`) as chartbook
/// shows and saves them: never with a password. The one place that knows where a password
/// can sit in a URL — the user-info part and a `password=` parameter.
public enum ConnectionURL {
    /// The URL schemes `load` reads as a PostgreSQL server.
    public static let schemes = ["postgres://", "postgresql://"]

    /// Whether `text` starts with one of `schemes` (in any case).
    public static func isPostgres(_ text: String) -> Bool {
        let lower = text.lowercased()
        return schemes.contains { lower.hasPrefix($0) }
    }

    /// `url` without its password: `postgres://ann:secret@db/x?password=y&sslmode=require`
    /// → `postgres://ann@db/x?sslmode=require`.
    public static func withoutPassword(_ url: String) -> String {
        guard let scheme = schemes.first(where: { url.lowercased().hasPrefix($0) }) else {
            return url
        }
        let rest = url.dropFirst(scheme.count)
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        var tail = rest[authorityEnd...]
        if let at = authority.lastIndex(of: "@") {
            let user = authority[..<at]
            let name = user.firstIndex(of: ":").map { user[..<$0] } ?? user
            authority = name + authority[at...]
        }
        if let question = tail.firstIndex(of: "?") {
            let parameters = tail[tail.index(after: question)...].split(separator: "&")
                .filter { !$0.lowercased().hasPrefix("password=") }
            tail =
                tail[..<question]
                + (parameters.isEmpty ? "" : "?" + parameters.joined(separator: "&"))
        }
        return String(url.prefix(scheme.count)) + authority + tail
    }

    /// A command line with the password taken out of every PostgreSQL URL in it (for the
    /// REPL's history and for notebooks, which keep what was typed).
    public static func redacting(_ line: String) -> String {
        guard schemes.contains(where: { line.lowercased().contains($0) }) else { return line }
        var result = ""
        var word = ""
        func flush() {
            result += withoutPassword(word)
            word = ""
        }
        for character in line {
            if character == " " || character == "\"" || character == "\t" || character == ";" {
                flush()
                result.append(character)
            } else {
                word.append(character)
            }
        }
        flush()
        return result
    }
}
