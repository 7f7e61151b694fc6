/// The persistent command history as a value: bounded, no empty entries, no consecutive
/// duplicates; and its file format — one entry a line, with `\` and newlines escaped.
public struct HistoryStore: Equatable, Sendable {
    public private(set) var entries: [String]
    public let limit: Int

    public init(entries: [String] = [], limit: Int = 1000) {
        self.limit = max(1, limit)
        self.entries = []
        for entry in entries { add(entry) }
    }

    /// Adds `line` unless it is blank or repeats the newest entry; forgets the oldest beyond `limit`.
    public mutating func add(_ line: String) {
        guard !line.allSatisfy(\.isWhitespace), entries.last != line else { return }
        entries.append(line)
        if entries.count > limit { entries.removeFirst(entries.count - limit) }
    }

    /// The file's text. Escapes by Unicode scalar (a `\r\n` pair or a backslash glued to a
    /// combining mark is one `Character`, which a comparison of characters would miss).
    public func encoded() -> String {
        var out = String.UnicodeScalarView()
        for entry in entries {
            for scalar in entry.unicodeScalars {
                switch scalar {
                case "\\": out.append(contentsOf: "\\\\".unicodeScalars)
                case "\n": out.append(contentsOf: "\\n".unicodeScalars)
                case "\r": out.append(contentsOf: "\\r".unicodeScalars)
                default: out.append(scalar)
                }
            }
            out.append("\n")
        }
        return String(out)
    }

    public static func decoded(_ text: String, limit: Int = 1000) -> HistoryStore {
        var entries = [String]()
        var out = String.UnicodeScalarView()
        var escaped = false
        for scalar in text.unicodeScalars {
            if escaped {
                switch scalar {
                case "n": out.append("\n")
                case "r": out.append("\r")
                default: out.append(scalar)
                }
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "\n" {
                if !out.isEmpty { entries.append(String(out)) }
                out = String.UnicodeScalarView()
            } else {
                out.append(scalar)
            }
        }
        if !out.isEmpty { entries.append(String(out)) }
        return HistoryStore(entries: entries, limit: limit)
    }
}
