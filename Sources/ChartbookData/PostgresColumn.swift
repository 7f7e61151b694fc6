import ChartbookModel

/// One result column of a PostgreSQL query, read cell by cell from text by the column's type:
/// numeric types are numbers, `timestamptz` is a point in time, `timestamp` and `date` are
/// wall-clock times (placed by the session's zone once the column is complete), and every
/// other type is read as text by the rule every reader shares (`ColumnAccumulator`).
struct PostgresColumn {
    enum Kind: Equatable, Sendable {
        case number, instant, wallClock, text, other

        /// The kind of the server's type `oid` (pg_type's OIDs of the built-in types).
        init(oid: UInt32) {
            switch oid {
            case 20, 21, 23, 26, 700, 701, 1700: self = .number
            case 1184: self = .instant
            case 1082, 1114: self = .wallClock
            // text, varchar, name (not char(n): the loading path reads its padding, which
            // the engine's comparisons ignore).
            case 25, 1043, 19: self = .text
            default: self = .other
            }
        }

        var isTime: Bool { self == .instant || self == .wallClock }
    }

    let name: String
    let kind: Kind
    private(set) var cells = ColumnAccumulator()

    init(name: String, oid: UInt32) {
        self.name = name
        self.kind = Kind(oid: oid)
        cells.isTime = kind.isTime
    }

    /// Reads the cell at `row` of this column (`column`) of `result`.
    @inline(__always)
    mutating func add(_ result: PostgresResult, row: Int, column: Int) {
        if result.isNull(row, column) { return cells.addMissing() }
        let bytes = result.bytes(row, column)
        switch kind {
        case .number: cells.add(numberText: bytes)
        case .instant, .wallClock: cells.add(timeText: bytes)
        case .text, .other:
            cells.add(text: bytes)
        }
    }

    /// The column as `ValueTable` reads it; wall-clock times placed in `zone`.
    func read(zone: TimeZoneSetting) -> ValueTable.Read {
        cells.read(named: name, wallClock: kind == .wallClock, zone: zone)
    }
}
