/// The limits every input is held to, in one place (Docs/limits.md lists them). Work that
/// would pass one is refused *before* it is done, with an error that names the limit — never
/// killed by the kernel or by a failed allocation later.
///
/// The library never guesses the machine: the executable measures it and sets
/// `memoryBudget`; tests pass small limits to exercise the refusals.
public struct ResourceLimits: Equatable, Sendable {
    /// Bytes in one field of a delimited file (after unquoting: its raw span).
    public var maxFieldBytes: Int
    /// Bytes in one line (record) of a delimited file, or in one command line.
    public var maxLineBytes: Int
    /// Columns in one table (CSV, TSV, JSON, streamed input).
    public var maxColumns: Int
    /// Bytes a single command may allocate for data (a load's columns and text, a generated
    /// or pushed series, a file read from a pipe or device).
    public var memoryBudget: Int
    /// Plots in one session.
    public var maxPlots: Int
    /// Marked reference lines in one session.
    public var maxMarkedLines: Int
    /// Series one plot's `by=` may split into (the layout draws at most this many of a
    /// plot whose data grew past it, and says so).
    public var maxGroups: Int
    /// Rows of one dataset an export (Vega-Lite) writes inline; past it, only a loaded file
    /// can be exported, by reference (`url=on`).
    public var maxInlineRows: Int

    public init(
        maxFieldBytes: Int = 1 << 20, maxLineBytes: Int = 16 << 20, maxColumns: Int = 10_000,
        memoryBudget: Int = 4 << 30, maxPlots: Int = 256, maxMarkedLines: Int = 256,
        maxGroups: Int = 1000, maxInlineRows: Int = 100_000
    ) {
        self.maxInlineRows = maxInlineRows
        self.maxGroups = maxGroups
        self.maxFieldBytes = maxFieldBytes
        self.maxLineBytes = maxLineBytes
        self.maxColumns = maxColumns
        self.memoryBudget = memoryBudget
        self.maxPlots = maxPlots
        self.maxMarkedLines = maxMarkedLines
    }

    /// Bytes as a person reads them: `512 B`, `1.5 MiB`, `4 GiB`.
    public static func bytesText(_ bytes: Int) -> String {
        let units = ["B", "KiB", "MiB", "GiB", "TiB"]
        var value = Double(bytes)
        var unit = 0
        while value >= 1024 && unit < units.count - 1 { value /= 1024; unit += 1 }
        if unit == 0 { return "\(bytes) B" }
        let rounded = (value * 10).rounded() / 10
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return "\(text) \(units[unit])"
    }

    /// Whether `count` items of `size` bytes fit the memory budget (without overflowing).
    public func fits(_ count: Int, of size: Int) -> Bool {
        count >= 0 && size >= 0 && (size == 0 || count <= memoryBudget / size)
    }
}
