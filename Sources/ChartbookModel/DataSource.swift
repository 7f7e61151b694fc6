/// Where a dataset's values came from; what `reload` and `save script` need.
public enum DataSource: Equatable, Sendable {
    /// Typed with `data NAME = ...`.
    case inline
    /// Read with `load`; `path` is as resolved when loaded (absolute).
    case file(path: String, options: LoadOptions)
    /// Made with `gen`.
    case generated(Generator)
    /// The result of a query (`load sqlite:PATH "SELECT …"`), run again by `reload`.
    case query(DatabaseQuery)

    /// Whether `reload` reads it again (a file or a query).
    public var isReloadable: Bool { loadOptions != nil }

    /// The loading options of a file or a query (`labels=`, `x=` …); nil for the others.
    public var loadOptions: LoadOptions? {
        switch self {
        case .file(_, let options): options
        case .query(let query): query.options
        case .inline, .generated: nil
        }
    }
}

/// A query against a database: the engine, where the database is (a file path for SQLite,
/// absolute; a connection URL for PostgreSQL, password included when one was typed, so it
/// is shown and saved only through `shownLocation`), the query text as written, and the
/// options of `load` (`labels=`, `x=`).
public struct DatabaseQuery: Equatable, Sendable {
    public enum Engine: String, Equatable, Sendable, CaseIterable {
        /// `sqlite:PATH`: a database file, through the embedded library.
        case sqlite
        /// `postgres://…` or `postgresql://…`: a server, through libpq.
        case postgres
        /// `clickhouse://…` (HTTP) or `clickhouses://…` (HTTPS): a server, through its HTTP
        /// interface.
        case clickhouse

        /// Whether the engine is a server reached by a URL (whose password is never shown).
        public var isServer: Bool { self != .sqlite }

        /// The engine a location names and the location proper: `sqlite:PATH` → the path;
        /// a PostgreSQL URL → the whole URL. Nil for a plain file path.
        public static func parse(location text: String) -> (Engine, String)? {
            if ConnectionURL.isPostgres(text) { return (.postgres, text) }
            if ConnectionURL.isClickHouse(text) { return (.clickhouse, text) }
            if text.lowercased().hasPrefix("sqlite:") {
                return (.sqlite, String(text.dropFirst(7)))
            }
            return nil
        }

        /// How `load` names `location` for this engine (the inverse of `parse`).
        public func written(_ location: String) -> String {
            switch self {
            case .sqlite: "sqlite:" + location
            case .postgres, .clickhouse: ConnectionURL.withoutPassword(location)
            }
        }
    }

    public var engine: Engine
    public var location: String
    public var sql: String
    public var options: LoadOptions
    /// A preview's sample (`RemoteEngine.sample`), never what a user loads: ClickHouse is
    /// asked to move the query's outer conditions into its subqueries (as its remote
    /// datasets' questions do: the sample's windows reach the table's sorting key) and to
    /// run it before the exact chart's questions, which wait meanwhile (`priority`).
    public var isPreviewSample = false
    /// A preview sample's columns as a quicker query gives them (`RemoteSample.columnsSQL`:
    /// ClickHouse describes a query by analysing it whole — 0.2 s for a sample of 240
    /// windows); nil: asked of `sql`.
    public var columnsSQL: String?

    /// The location as it may be shown or saved: a PostgreSQL URL without its password.
    public var shownLocation: String { ConnectionURL.withoutPassword(location) }

    public init(engine: Engine, location: String, sql: String, options: LoadOptions = LoadOptions())
    {
        self.engine = engine
        self.location = location
        self.sql = sql
        self.options = options
    }
}

/// How `load` reads a delimited file.
public struct LoadOptions: Equatable, Sendable {
    public enum Separator: Equatable, Sendable {
        case auto
        case character(UInt8)
    }

    public enum Header: String, Equatable, Sendable, CaseIterable {
        case auto, yes, no
    }

    /// How a delimited file writes a number's fraction (`decimal=`); the other mark groups
    /// thousands. A cell that is a plain number (`2.5`) reads so whatever this says, but with
    /// `comma`.
    public enum DecimalMark: String, Equatable, Sendable, CaseIterable {
        /// A point; and a column that is text read so becomes numbers where its cells are
        /// plainly numbers written with a decimal comma (`-1,7`) or commas grouping
        /// thousands (`"1,234.5"`; always so in a file separated by commas).
        case auto
        /// `1,234.5`: commas group thousands.
        case point = "."
        /// `1.234,5` in every column of numbers: points group thousands.
        case comma = ","
    }

    public var separator: Separator
    public var header: Header
    /// `decimal=`: the decimal mark of a delimited file's numbers.
    public var decimal = DecimalMark.auto
    /// Column whose cells become the dataset's x labels.
    public var labelColumn: String?
    /// The dataset's default x column (`x=`): plots of it draw against this column. Without
    /// it, a file's one date or time column is the x (issue 31), unless `rowIndex`.
    public var xColumn: String?
    /// `x=none` (or `x=index`): plots draw against the row number even when the file has one
    /// date or time column.
    public var rowIndex = false
    /// `time=`: how the x column's cells are read as times (epoch numbers, or a pattern).
    public var time: TimeReading?
    /// `mode=`: whether a query's rows are loaded or stay in the engine (PostgreSQL,
    /// ClickHouse).
    public var mode: QueryMode = .auto

    /// Where a query's rows live.
    public enum QueryMode: String, Equatable, Sendable, CaseIterable {
        /// Remote when the engine estimates more rows than `remoteThreshold`, else local.
        case auto
        /// Every row is loaded (the default of files and SQLite).
        case local
        /// Only the query is kept; each drawing asks the engine for its rows (M4).
        case remote
    }

    /// `timeout=`: how long one statement of a PostgreSQL query may take.
    public var timeout: QueryTimeout = .default

    /// How long chartbook waits for one statement of a database engine before it cancels it.
    public enum QueryTimeout: Equatable, Sendable {
        case seconds(Double)
        /// Waits as long as the engine takes (Ctrl-C still stops it).
        case off

        /// Five minutes: far longer than any chart's question takes, short enough that a
        /// server that stopped answering does not hang a script forever.
        public static let `default` = QueryTimeout.seconds(300)

        /// The limit in seconds; nil: none.
        public var seconds: Double? {
            if case .seconds(let s) = self { return s }
            return nil
        }
    }

    /// Rows above which `mode=auto` keeps a query remote.
    public static let remoteThreshold = 1_000_000

    /// How `load … x=COLUMN time=…` reads the x column as times.
    public enum TimeReading: Equatable, Sendable {
        /// Seconds or milliseconds since the epoch (`time=epoch`, `time=epochms`).
        case epoch(EpochUnit)
        /// A strftime-style pattern (`time=%Y%m%d`; ChartbookData's `TimeFormat`), as written.
        case format(String)

        /// As `time=` writes it.
        public var text: String {
            switch self {
            case .epoch(let unit): unit.rawValue
            case .format(let pattern): pattern
            }
        }
    }

    public enum EpochUnit: String, Equatable, Sendable, CaseIterable {
        case epoch, epochms
        /// Seconds per unit.
        public var seconds: Double { self == .epoch ? 1 : 0.001 }
    }

    public init(
        separator: Separator = .auto, header: Header = .auto, labelColumn: String? = nil,
        xColumn: String? = nil, time: TimeReading? = nil
    ) {
        self.separator = separator
        self.header = header
        self.labelColumn = labelColumn
        self.xColumn = xColumn
        self.time = time
    }
}

/// A deterministic generator for demo and teaching data (`gen`).
public struct Generator: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// sin(2π·i/period).
        case sine
        /// Gaussian random walk from 0 with σ 1 steps.
        case walk
        /// i (0, 1, 2, ...).
        case linear
        /// Gaussian noise, mean 0, σ 1.
        case noise
    }

    public var kind: Kind
    /// Number of points.
    public var count: Int
    public var seed: UInt64
    /// Points per full sine period.
    public var period: Double

    public init(kind: Kind, count: Int, seed: UInt64 = 1, period: Double = 40) {
        self.kind = kind
        self.count = count
        self.seed = seed
        self.period = period
    }
}
