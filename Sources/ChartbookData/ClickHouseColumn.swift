import ChartbookModel

/// One result column of a ClickHouse query, read cell by cell from `TabSeparated` text by the
/// column's type: numbers (integers, floats, decimals) are numbers, `DateTime` and
/// `DateTime64` points in time (sent as seconds since the epoch, so the server's zone never
/// matters), `Date` a wall-clock day (placed by the session's zone), and every other type —
/// `String`, `LowCardinality(String)`, enums — is read as text by the rule every reader shares
/// (`ColumnAccumulator`). `Nullable(…)` is its inner type with `\N` missing.
struct ClickHouseColumn {
    enum Kind: Equatable, Sendable {
        case number, instant, instant64, wallClock, text, other

        /// The kind of a ClickHouse type name (`Nullable(LowCardinality(String))` …).
        init(type: String) {
            var inner = Substring(type)
            for wrapper in ["Nullable(", "LowCardinality("] where inner.hasPrefix(wrapper) {
                inner = inner.dropFirst(wrapper.count).dropLast()
            }
            for wrapper in ["Nullable(", "LowCardinality("] where inner.hasPrefix(wrapper) {
                inner = inner.dropFirst(wrapper.count).dropLast()
            }
            let name = inner.prefix { $0 != "(" }
            switch name {
            case "Int8", "Int16", "Int32", "Int64", "UInt8", "UInt16", "UInt32", "UInt64",
                "Float32", "Float64", "Decimal", "Decimal32", "Decimal64", "Decimal128":
                self = .number
            case "DateTime": self = .instant
            case "DateTime64": self = .instant64
            case "Date", "Date32": self = .wallClock
            case "String": self = .text
            default: self = .other
            }
        }

        var isTime: Bool { self == .instant || self == .instant64 || self == .wallClock }
    }

    let name: String
    let kind: Kind
    /// Whether the type holds NULL (`Nullable(…)`, also inside `LowCardinality(…)`).
    let isNullable: Bool
    /// Whether it is a number of single precision (`Float32`), whose text — what the
    /// loading path reads — is its shortest digits, not the double it widens to.
    let isSingle: Bool
    private(set) var cells = ColumnAccumulator()

    init(name: String, type: String) {
        self.name = name
        self.kind = Kind(type: type)
        isNullable = type.hasPrefix("Nullable(") || type.hasPrefix("LowCardinality(Nullable(")
        isSingle = kind == .number && type.contains("Float32")
        cells.isTime = kind.isTime
    }

    /// The column as the query sends it: a time as seconds since the epoch, the rest as is.
    func selected(_ quoted: String) -> String {
        switch kind {
        case .instant: "toUnixTimestamp(\(quoted))"
        case .instant64: "toUnixTimestamp64Milli(\(quoted)) / 1000"
        default: quoted
        }
    }

    /// Adds a cell's text (unescaped; `\N` is null).
    mutating func add(_ cell: UnsafeBufferPointer<UInt8>, null: Bool) {
        if null { return cells.addMissing() }
        switch kind {
        case .number, .instant, .instant64: cells.add(numberText: cell)
        case .wallClock: cells.add(timeText: cell)
        case .text, .other:
            cells.add(text: cell)
        }
    }

    /// The column as `ValueTable` reads it; wall-clock days placed in `zone`.
    func read(zone: TimeZoneSetting) -> ValueTable.Read {
        cells.read(named: name, wallClock: kind == .wallClock, zone: zone)
    }
}
