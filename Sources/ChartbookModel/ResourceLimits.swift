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
    /// Bytes from which a plain delimited file is loaded with columns on demand (its columns
    /// are read when first drawn, described or exported; see `OnDemandFile`). Not a limit
    /// but a threshold: smaller files are read whole at `load`.
    public var onDemandFrom: Int

    public init(
        maxFieldBytes: Int = 1 << 20, maxLineBytes: Int = 16 << 20, maxColumns: Int = 10_000,
        memoryBudget: Int = 4 << 30, maxPlots: Int = 256, maxMarkedLines: Int = 256,
        maxGroups: Int = 1000, maxInlineRows: Int = 100_000, onDemandFrom: Int = 16 << 20
    ) {
        self.onDemandFrom = onDemandFrom
        self.maxInlineRows = maxInlineRows
        self.maxGroups = maxGroups
        self.maxFieldBytes = maxFieldBytes
        self.maxLineBytes = maxLineBytes
        self.maxColumns = maxColumns
        self.memoryBudget = memoryBudget
        self.maxPlots = maxPlots
        self.maxMarkedLines = maxMarkedLines
    }

    /// What a refusal over the budget says: `it needs at least 1.2 GiB of memory, more than
    /// the budget of 317.9 MiB` (a load, a `let`).
    public static func overBudgetText(needed: Int, budget: Int) -> String {
        "it needs at least \(bytesText(needed)) of memory, more than the budget of "
            + bytesText(budget)
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

    /// A size as a person writes it: `512MiB`, `1.5GiB`, `2GB`, `4096` (bytes). Binary units
    /// KiB, MiB, GiB, TiB; decimal KB, MB, GB, TB; any case. Nil when unreadable or not
    /// representable.
    public static func bytes(parsing text: String) -> Int? {
        let units: [(String, Double)] = [
            ("kib", 0x1p10), ("mib", 0x1p20), ("gib", 0x1p30), ("tib", 0x1p40),
            ("kb", 1e3), ("mb", 1e6), ("gb", 1e9), ("tb", 1e12), ("b", 1),
        ]
        let lower = text.lowercased()
        let (digits, factor) =
            units.first { lower.hasSuffix($0.0) }.map { (String(lower.dropLast($0.0.count)), $0.1) }
            ?? (lower, 1)
        guard let number = Double(digits), number.isFinite, number >= 0 else { return nil }
        let bytes = (number * factor).rounded()
        return bytes < 0x1p62 ? Int(bytes) : nil
    }

    /// `bytes` exactly, in the largest binary unit that divides it (`8GiB`, `1536MiB`,
    /// `1000B`): what `bytes(parsing:)` reads back, for `save script`.
    public static func exactBytesText(_ bytes: Int) -> String {
        for (unit, size) in [
            ("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10),
        ]
        where bytes > 0 && bytes % size == 0 {
            return "\(bytes / size)\(unit)"
        }
        return "\(bytes)B"
    }

    /// Whether `count` items of `size` bytes fit the memory budget (without overflowing).
    public func fits(_ count: Int, of size: Int) -> Bool {
        count >= 0 && size >= 0 && (size == 0 || count <= memoryBudget / size)
    }
}
