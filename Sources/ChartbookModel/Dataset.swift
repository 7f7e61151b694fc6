/// A named table of columns of equal length, plus optional x labels.
///
/// Invariant: every column and `labels` (when present) have `count` entries.
public struct Dataset: Equatable, Sendable {
    public var name: String
    public var columns: [Column]
    /// x-axis labels, one per row (from `data NAME = Jan:1 ...` or `load ... labels=COL`).
    public var labels: [String]?
    public var source: DataSource
    /// `set data NAME window=N`: only the newest N rows are kept.
    public var window: Int?
    /// The column plots of this dataset draw against when they name no `x=` (from
    /// `load ... x=COLUMN`); nil: the point index.
    public var xColumn: String?
    /// For a remote dataset: what stays in the engine, and what the columns answer now.
    public var remote: RemoteTable?
    /// For a large file loaded with columns on demand: how its unread columns are read.
    public var onDemand: OnDemandFile?
    /// What was done to it after it was read (`let`, `fold`), in order; computed columns are
    /// among `columns`, after the source's own.
    public var steps: [DatasetStep] = []

    /// Its computed columns (`let`).
    public var derivations: [Derivation] {
        steps.compactMap { if case .derive(let d) = $0 { d } else { nil } }
    }

    public init(
        name: String, columns: [Column], labels: [String]? = nil, source: DataSource,
        window: Int? = nil, xColumn: String? = nil, remote: RemoteTable? = nil,
        onDemand: OnDemandFile? = nil
    ) {
        self.name = name
        self.onDemand = onDemand
        self.remote = remote
        self.xColumn = xColumn
        self.columns = columns
        self.labels = labels
        self.source = source
        self.window = window
        applyWindow()
    }

    /// Drops the oldest rows beyond `window`.
    public mutating func applyWindow() {
        guard let window, count > window else { return }
        for i in columns.indices { columns[i].keepLast(window) }
        if let l = labels { labels = Array(l.suffix(window)) }
    }

    /// Appends one row (`values` in numeric-column order; text columns get ""), then applies the window.
    public mutating func append(row values: [Double], label: String? = nil) {
        var next = values.makeIterator()
        for i in columns.indices {
            columns[i].append(number: columns[i].isNumeric ? (next.next() ?? .nan) : .nan)
        }
        if labels != nil { labels?.append(label ?? "") }
        applyWindow()
    }

    /// Rows (the length of the columns).
    /// Whether an export refers to this dataset's file rather than copying its rows: when
    /// asked to (`urls`) and it was loaded from a file that holds all its columns (computed
    /// ones, `let`, are not in the file: those datasets are copied).
    public func exportedByReference(urls: Bool) -> Bool {
        guard urls, case .file = source, steps.isEmpty else { return false }
        return true
    }

    public var count: Int { columns.first?.count ?? labels?.count ?? 0 }

    /// The column `load … labels=` took the labels from, kept among the columns (as text).
    public var labelsColumn: Column? {
        guard labels != nil, let name = source.loadOptions?.labelColumn else { return nil }
        return columns.first { !$0.isNumeric && Column.index(of: name, in: [$0.name]) != nil }
    }

    /// The column called `name`: spelt exactly, else the one column whose name differs only
    /// in case (`Month` finds `month`; nothing when two columns would match).
    public func column(named name: String) -> Column? {
        // The exact name first, without listing every name (a 10 000-column `--follow`
        // asks this per plot per command).
        if let exact = columns.first(where: { $0.name == name }) { return exact }
        return Column.index(of: name, in: columns.map(\.name)).map { columns[$0] }
    }

    public var numericColumns: [Column] { columns.filter(\.isNumeric) }

    /// Whether every column has been read (always, but for a file loaded on demand).
    public var isRead: Bool { columns.allSatisfy(\.isRead) }
}
