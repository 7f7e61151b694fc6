import ChartbookModel

/// Sets of a remote dataset's rows that differ only in the value of one column — a coded
/// text column (`RemoteTexts`) or a number column of whole values — a `by=host`'s groups:
/// the plot's `where=` and `host = web-1`, … — which an engine answers with one question
/// grouped by the column's code (a text's place among its values, a number itself) instead
/// of a scan per set: on a long-format table of 10⁸ rows and 5 hosts, each question reads
/// the rows once, not five times; a `by=` of a number column of 470 values, 8 questions
/// (`most` members each), not 470 (ClickHouse took 30–40 s a line).
///
/// The answer is the same: each member's rows are exactly those of its set (the base's
/// rows holding its code), so an aggregate per code is the aggregate of the set. A number's
/// members are whole numbers within 2⁵³ (what an engine looks codes up as, `Int64`, holds
/// exactly); −0 and 0 are one code, as `=` compares them (each set keeps the other's rows
/// too) — an engine that groups them apart (ClickHouse) groups by `column + 0`.
struct RemoteFamily: Sendable {
    /// The rows every member keeps besides its value (the plot's `where=`).
    var base: RemoteRowSet
    /// The column the members differ in (an index of the shape's columns): a coded text
    /// column, or a number column (`isNumber`).
    var column: Int
    /// Whether `column` is a number column, its members' codes its values.
    var isNumber = false
    /// Each member in order, with the code of its value.
    var members: [Member]

    struct Member: Sendable {
        var set: RemoteRowSet
        var code: Double
    }

    /// The rows of every member: the base's, holding one of their values.
    var rows: RemoteRowSet {
        RemoteRowSet(base.filters + [RowFilter(column: columnName, op: .equal, values: keys)])
    }

    /// The column as the session names it, and the members' values (what `rows` keeps).
    private var columnName: String
    private var keys: [String]

    /// The most members a family holds (more make another): its questions name each
    /// member's values.
    static let most = 64

    /// `sets` as the families they make — two members or more sharing a base and a coded
    /// text column, each a single value the column codes as one code (a missing value, or
    /// two codes reading as one text, are left alone) — and the sets left alone; each set
    /// once.
    static func split<Kind>(_ sets: [RemoteRowSet], of shape: RemoteShape<Kind>) -> (
        families: [RemoteFamily], alone: [RemoteRowSet]
    ) {
        var families = [RemoteFamily](), alone = [RemoteRowSet](), seen = Set<RemoteRowSet>()
        for set in sets where seen.insert(set).inserted {
            guard let (base, c, key, code, isNumber) = member(set, of: shape) else {
                alone.append(set)
                continue
            }
            let at = families.firstIndex {
                $0.base == base && $0.column == c && $0.members.count < most
            }
            if let at {
                families[at].members.append(Member(set: set, code: code))
                families[at].keys.append(key)
            } else {
                families.append(
                    RemoteFamily(
                        base: base, column: c, isNumber: isNumber,
                        members: [Member(set: set, code: code)], columnName: shape.shown[c],
                        keys: [key]))
            }
        }
        // A family of one is a set alone.
        alone += families.filter { $0.members.count < 2 }.flatMap { $0.members.map(\.set) }
        return (families.filter { $0.members.count >= 2 }, alone)
    }

    /// The base, column, value and code of a set a family may hold, and whether the column
    /// is a number column: its last filter keeps one value of a coded text column, or one
    /// whole number (its shortest text, within 2⁵³; not of a column read through its text,
    /// whose values the engine compares as typed) of a number column.
    private static func member<Kind>(_ set: RemoteRowSet, of shape: RemoteShape<Kind>) -> (
        RemoteRowSet, Int, String, Double, Bool
    )? {
        guard let last = set.filters.last, last.op == .equal, last.bound == nil,
            last.values.count == 1, let key = last.values.first, !key.isEmpty,
            let c = Column.index(of: last.column, in: shape.shown), c != shape.x
        else { return nil }
        let base = RemoteRowSet(Array(set.filters.dropLast()))
        if let texts = shape.texts[c] {
            let codes = RemoteTexts.codes(of: [key], in: texts)
            guard codes.count == 1, let code = codes.first else { return nil }
            return (base, c, key, Double(code), false)
        }
        guard shape.kinds[c] == .number, !shape.textRead.contains(c),
            let value = NumberParser.parse(key), NumberText.shortest(value) == key,
            value == value.rounded(), abs(value) <= 0x1p53
        else { return nil }
        // (−0 and 0: one code.)
        return (base, c, key, value + 0, true)
    }

    /// The family's column as an engine groups it, `name` the column in its SQL: a number
    /// with −0 read as 0 (ClickHouse groups them apart; `=` does not tell them apart).
    func grouping(_ name: String) -> String {
        isNumber ? "(\(name) + 0)" : name
    }
}
