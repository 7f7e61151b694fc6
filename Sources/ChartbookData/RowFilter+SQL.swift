import ChartbookModel

/// A `where=` as an SQL condition, for every engine that computes one: the transform
/// compiler's pipelines and statistics, and remote datasets' drawings (issue 28).
extension RowFilter {
    /// How an engine writes what the condition needs.
    public struct SQLWords: Sendable {
        /// False, as a value (ClickHouse 18 has no boolean literals).
        public var falseValue: String
        /// A number as a literal that reads back as the same double, ±∞ included.
        public var number: @Sendable (Double) -> String
        /// A text as a string literal (`SQLQuoting`: ClickHouse's escapes backslashes too).
        public var text: @Sendable (String) -> String
        /// Whether the engine's `IN` tells −0 from 0 (ClickHouse 18 hashes the bits: `-0. IN
        /// (0.)` is false, `-0. = 0.` true): a number it tests so is `+ 0` first, −0 read as
        /// 0 — one text, "0", as loading every row reads both.
        public var setsTellZerosApart: Bool

        public init(
            falseValue: String,
            text: @escaping @Sendable (String) -> String = SQLQuoting.standard.literal,
            setsTellZerosApart: Bool = false,
            number: @escaping @Sendable (Double) -> String
        ) {
            self.falseValue = falseValue
            self.text = text
            self.setsTellZerosApart = setsTellZerosApart
            self.number = number
        }
    }

    /// This filter over `value` — the column as SQL, cell for cell what the loading path
    /// reads (times as seconds since the epoch; a missing cell NULL, ±∞ kept) — exactly as
    /// `keeps`: `=` and `!=` match a cell's text (a number in its shortest form, a time as
    /// ISO 8601 in UTC; an empty value matches a missing cell, which otherwise never
    /// matches), so a listed value that is no cell's text matches nothing; a comparison
    /// never keeps a missing cell.
    public func sql(on value: String, kind: Column.Kind, _ words: SQLWords) -> String {
        switch op {
        case .equal, .notEqual:
            let listed = values.filter { !$0.isEmpty }.compactMap {
                Self.literal($0, kind, words)
            }
            let tested = kind != .text && words.setsTellZerosApart ? "(\(value) + 0)" : value
            var match =
                listed.isEmpty
                ? words.falseValue
                : "COALESCE(\(tested) IN (\(listed.joined(separator: ", "))), \(words.falseValue))"
            if values.contains("") { match = "(\(match) OR \(value) IS NULL)" }
            return op == .equal ? "(\(match))" : "(NOT \(match))"
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard let bound, !bound.isNaN, kind != .text else { return words.falseValue }
            return "(\(value) \(op.rawValue) \(words.number(bound)))"
        }
    }

    /// A cell's text as the SQL value it is the text of; nil when no cell reads so (a
    /// missing cell reads as the empty text, never as `nan`).
    static func literal(_ text: String, _ kind: Column.Kind, _ words: SQLWords) -> String? {
        switch kind {
        case .text: return words.text(text)
        case .time:
            guard let seconds = TimeParser.parse(text)?.seconds(), TimeText.iso(seconds) == text
            else { return nil }
            return words.number(seconds)
        case .number:
            guard let value = NumberParser.parse(text), !value.isNaN,
                NumberText.shortest(value) == text
            else { return nil }
            return words.number(value)
        }
    }
}
