/// Pure helpers for showing completions.
public enum CompletionList {
    /// The longest common prefix (by characters).
    public static func commonPrefix(_ words: [String]) -> String {
        guard var prefix = words.first else { return "" }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }

    /// Candidates in columns that fit `width` cells, filled down then across, like `ls`.
    /// Each line ends in "\n".
    public static func columns(_ words: [String], width: Int) -> String {
        guard !words.isEmpty else { return "" }
        let cell = (words.map(\.count).max() ?? 0) + 2
        let perRow = max(1, min(words.count, max(width, 1) / cell))
        let rows = (words.count + perRow - 1) / perRow
        var out = ""
        for row in 0..<rows {
            var line = ""
            for column in 0..<perRow {
                let index = column * rows + row
                guard index < words.count else { continue }
                let word = words[index]
                let isLast = column == perRow - 1 || (column + 1) * rows + row >= words.count
                line += isLast ? word : word + String(repeating: " ", count: cell - word.count)
            }
            out += line + "\n"
        }
        return out
    }
}
