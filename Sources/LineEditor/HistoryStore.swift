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

    public func encoded() -> String {
        entries.map { entry in
            var out = ""
            for c in entry {
                switch c {
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                default: out.append(c)
                }
            }
            return out + "\n"
        }.joined()
    }

    public static func decoded(_ text: String, limit: Int = 1000) -> HistoryStore {
        var entries = [String]()
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            var out = ""
            var escaped = false
            for c in line {
                if escaped {
                    switch c {
                    case "n": out.append("\n")
                    case "r": out.append("\r")
                    default: out.append(c)
                    }
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else {
                    out.append(c)
                }
            }
            entries.append(out)
        }
        return HistoryStore(entries: entries, limit: limit)
    }
}
