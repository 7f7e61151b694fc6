/// A series as written in a command, before it is looked up:
///
/// | written            | dataset  | column   |
/// |--------------------|----------|----------|
/// | `sales.revenue`    | sales    | revenue  |
/// | `sales."unit cost"`| sales    | unit cost|
/// | `revenue`          | nil      | revenue  |
/// | `"unit cost"`      | nil      | unit cost|
///
/// A bare name (no dataset) is a dataset with one numeric column, or a column that exactly
/// one dataset has. Quoting lets a column name hold spaces, dots or any other character.
public struct SeriesName: Hashable, Sendable, CustomStringConvertible {
    public var dataset: String?
    public var column: String
    /// Whether the column was written as a quoted string (then never a keyword like `auto`).
    public var quoted: Bool

    public init(dataset: String? = nil, column: String, quoted: Bool = false) {
        self.dataset = dataset
        self.column = column
        self.quoted = quoted
    }

    /// As typed from `dataset.column` in a single word: split at the first dot.
    public init(word: String) {
        if let dot = word.firstIndex(of: "."), dot != word.startIndex {
            self.init(
                dataset: String(word[..<dot]), column: String(word[word.index(after: dot)...]))
        } else {
            self.init(column: word)
        }
    }

    /// How to write it so that the parser reads it back: the column quoted when it is not a
    /// plain word (spaces, dots, quotes, separators) — tested scalar by scalar, as a quote a
    /// combining mark follows is still a quote to the lexer.
    public var description: String {
        let plain =
            !column.isEmpty
            && column.unicodeScalars.allSatisfy({
                $0.value >= 0x20 && !" \t;\"=#\\.".unicodeScalars.contains($0)
                    && !Character($0).isNewline
            })
        let columnText = plain && !quoted ? column : ScriptQuoting.quoted(column)
        return dataset.map { "\($0).\(columnText)" } ?? columnText
    }
}
