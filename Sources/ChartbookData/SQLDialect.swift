import ChartbookModel

/// The SQL engines chartbook asks, and what their SQL says differently — one value each,
/// read by every statement for that engine: the engines' own questions (`PostgresRemote`,
/// `ClickHouseRemote`) and the transform compiler (`SQLCompiler`, which extends this with
/// calendar units, quantiles and NULL comparisons). A literal, a quoted name or ±∞ written
/// here is written the same by every question of that engine (issue 52: ClickHouse's own
/// questions wrote a subnormal number as a product it can read, the compiler as digits it
/// refused). A value, not a list of cases: each engine holds the one it is asked in
/// (`RemoteEngine.dialect`), so that a test can break one field — a quoting rule, a calendar
/// word — and see the remote-versus-local property tests fail.
public struct SQLDialect: Hashable, Sendable {
    /// The engine whose SQL this is: what it can compute (ClickHouse 18: aggregates only, no
    /// window functions and no `WITH` subqueries — windows and the rest are refused), and
    /// what a refusal names (`name`).
    public var engine: DatabaseQuery.Engine
    /// How names and texts are quoted.
    public var quoting: SQLQuoting
    /// Per calendar unit of a fixed start (a year … a minute), the engine's word for where
    /// a time's unit starts: ClickHouse's function (`toStartOfMonth`), PostgreSQL's
    /// `date_trunc` field (`month`); SQLite writes its own modifiers (none here).
    public var calendarStarts: [TimeUnit: String]

    public init(
        engine: DatabaseQuery.Engine, quoting: SQLQuoting, calendarStarts: [TimeUnit: String]
    ) {
        self.engine = engine
        self.quoting = quoting
        self.calendarStarts = calendarStarts
    }

    public static let sqlite = SQLDialect(engine: .sqlite, quoting: .standard, calendarStarts: [:])
    public static let postgres = SQLDialect(
        engine: .postgres, quoting: .standard,
        calendarStarts: Dictionary(
            uniqueKeysWithValues: [TimeUnit.year, .quarter, .month, .week, .day, .hour, .minute]
                .map { ($0, $0.rawValue) }))
    public static let clickhouse = SQLDialect(
        engine: .clickhouse, quoting: .clickHouse,
        calendarStarts: [
            .year: "toStartOfYear", .quarter: "toStartOfQuarter", .month: "toStartOfMonth",
            .week: "toMonday", .day: "toStartOfDay", .hour: "toStartOfHour",
            .minute: "toStartOfMinute",
        ])

    /// The dialect of a query's engine.
    public init(_ engine: DatabaseQuery.Engine) {
        switch engine {
        case .sqlite: self = .sqlite
        case .postgres: self = .postgres
        case .clickhouse: self = .clickhouse
        }
    }

    /// The engine's name, as a refusal says it.
    public var name: String {
        switch engine {
        case .sqlite: "SQLite"
        case .postgres: "PostgreSQL"
        case .clickhouse: "ClickHouse"
        }
    }

    /// The double-precision type, for CAST.
    public var double: String { engine == .clickhouse ? "Float64" : "DOUBLE PRECISION" }

    /// The same type holding NULL too, for CAST of what may be NULL (the mean of no value:
    /// ClickHouse refuses NULL as a plain `Float64`).
    public var nullableDouble: String { engine == .clickhouse ? "Nullable(Float64)" : double }

    /// False, as a value (ClickHouse 18 has no boolean literals).
    public var falseValue: String { engine == .clickhouse ? "0" : "FALSE" }

    /// A double as a literal that this engine reads back as the same double, and as a real,
    /// never an integer (SQLite divides integers as integers; ClickHouse types `100` as a
    /// `UInt8`): its shortest digits — in PostgreSQL cast to `float8` (a bare `0.1` is an
    /// exact `numeric`, whose arithmetic rounds otherwise); a subnormal number in
    /// ClickHouse, whose parser refuses one, as a quotient of two it reads. ±∞ and NaN as
    /// each engine writes them (SQLite has no NaN: NULL, which compares as NaN does —
    /// never true).
    public func real(_ value: Double) -> String {
        guard value.isFinite else {
            let (infinity, nan) =
                switch engine {
                case .sqlite: ("9e999", "NULL")
                case .postgres: ("'Infinity'::float8", "'NaN'::float8")
                case .clickhouse: ("inf", "nan")
                }
            if value.isNaN { return nan }
            return value < 0 ? "(-\(infinity))" : infinity
        }
        switch engine {
        case .postgres: return "'\(Self.digits(value))'::float8"
        case .clickhouse where value != 0 && abs(value) < Double.leastNormalMagnitude:
            // 2¹⁰⁰ scales any subnormal into the normal range, exactly.
            return "(\(Self.digits(value * 0x1p100)) / 1267650600228229401496703205376)"
        case .clickhouse: return Self.digits(value)
        case .sqlite: return Self.sqliteReal(value)
        }
    }

    /// SQLite 3.40 reads digits through a `long double` and rounds twice: some doubles come
    /// back one unit apart (6.320002427905287e-294 as …288e-294; it is exact from 3.43).
    /// So a value that is not a whole number of at most 53 bits is written in binary: its
    /// integer significand, a real, halved or doubled by powers of two written as integers
    /// — every step exact, since each one lands on a double (the value's own bits, scaled).
    static func sqliteReal(_ value: Double) -> String {
        if value == value.rounded(), abs(value) <= 0x1p53 { return digits(value) }
        var significand = value.significandBitPattern | (value.isNormal ? 1 << 52 : 0)
        var exponent = (value.isNormal ? Int(value.exponent) : -1022) - 52
        while significand & 1 == 0 {
            significand >>= 1
            exponent += 1
        }
        var text = "CAST(\(value.sign == .minus ? "-" : "")\(significand) AS REAL)"
        while exponent != 0 {
            let step = min(abs(exponent), 62)
            text = "(\(text) \(exponent < 0 ? "/" : "*") \(UInt64(1) << step))"
            exponent += exponent < 0 ? step : -step
        }
        return text
    }

    /// The base-10 logarithm's name (a log x scale's positions).
    public var log10Function: String { engine == .postgres ? "log" : "log10" }

    /// Whether the row nearest a bound is found by ordering by x and keeping one, without
    /// reading the rows before it — through an index on x (PostgreSQL, SQLite) — rather than
    /// within a window of the bound first (ClickHouse 18 sorts every row a question keeps:
    /// its sorting key narrows the rows to the window's granules).
    public var findsNearestThroughIndex: Bool { engine != .clickhouse }

    /// `value` as text (a group's name, a text column's values).
    public func text(_ value: String) -> String {
        engine == .clickhouse ? "toString(\(value))" : "CAST(\(value) AS TEXT)"
    }

    /// How a `where=` is written in this dialect.
    public var words: RowFilter.SQLWords {
        RowFilter.SQLWords(
            falseValue: falseValue, text: quoting.literal,
            setsTellZerosApart: engine == .clickhouse
        ) { real($0) }
    }

    /// The shortest digits that read back as `value` (finite), with a point or an exponent.
    static func digits(_ value: Double) -> String {
        // (Negative zero keeps its sign: the shortest digits of it are "0".)
        if value == 0 { return value.sign == .minus ? "-0.0" : "0.0" }
        let text = NumberText.shortest(value)
        return text.contains(where: { $0 == "." || $0 == "e" }) ? text : text + ".0"
    }
}
