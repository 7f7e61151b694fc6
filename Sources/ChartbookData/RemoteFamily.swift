import ChartbookModel

/// Sets of a remote dataset's rows that differ only in the value of one coded text column
/// (`RemoteTexts`) — a `by=host`'s groups: the plot's `where=` and `host = web-1`, … — which
/// an engine answers with one question grouped by the column's code instead of a scan per
/// set: on a long-format table of 10⁸ rows and 5 hosts, each question reads the rows once,
/// not five times.
///
/// The answer is the same: each member's rows are exactly those of its set (the base's
/// rows holding its code), so an aggregate per code is the aggregate of the set.
struct RemoteFamily: Sendable {
    /// The rows every member keeps besides its value (the plot's `where=`).
    var base: RemoteRowSet
    /// The coded text column the members differ in (an index of the shape's columns).
    var column: Int
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
            guard let (base, c, key, code) = member(set, of: shape) else {
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
                        base: base, column: c, members: [Member(set: set, code: code)],
                        columnName: shape.shown[c], keys: [key]))
            }
        }
        // A family of one is a set alone.
        alone += families.filter { $0.members.count < 2 }.flatMap { $0.members.map(\.set) }
        return (families.filter { $0.members.count >= 2 }, alone)
    }

    /// The base, column, value and code of a set a family may hold: its last filter keeps
    /// one value of a coded text column.
    private static func member<Kind>(_ set: RemoteRowSet, of shape: RemoteShape<Kind>) -> (
        RemoteRowSet, Int, String, Double
    )? {
        guard let last = set.filters.last, last.op == .equal, last.bound == nil,
            last.values.count == 1, let key = last.values.first, !key.isEmpty,
            let c = Column.index(of: last.column, in: shape.shown), c != shape.x,
            let texts = shape.texts[c]
        else { return nil }
        let codes = RemoteTexts.codes(of: [key], in: texts)
        guard codes.count == 1, let code = codes.first else { return nil }
        return (RemoteRowSet(Array(set.filters.dropLast())), c, key, Double(code))
    }
}
