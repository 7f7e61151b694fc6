/// One named column of a dataset: contiguous numbers (NaN = missing) or text — or, for a
/// large file loaded with columns on demand, cells not read yet (`unread`), of a kind judged
/// from a sample of the file.
///
/// Numeric columns are what plots draw; text columns serve as x labels.
public struct Column: Equatable, Sendable {
    /// What a column holds, as `describe` and the x scale see it.
    public enum Kind: String, Equatable, Sendable {
        case number, time, text
    }

    public enum Values: Equatable, Sendable {
        /// Numbers, NaN for missing or unparseable cells.
        case numbers([Double])
        /// Text cells, coded where few texts repeat (`TextCells`).
        case text(TextCells)
        /// `count` cells of a file not read yet: field `field` of its records (see
        /// `OnDemandFile`), judged from a sample to hold `kind`. The executor reads every
        /// column a drawing needs before the session is committed, so the layout never meets
        /// one it draws.
        case unread(field: Int, count: Int, kind: Kind)

        /// The same cells: numbers bit for bit, so a missing value (NaN) is the same as
        /// itself — a `reload` of unchanged data changes nothing (and records no undo step).
        public static func == (a: Values, b: Values) -> Bool {
            switch (a, b) {
            case (.numbers(let x), .numbers(let y)): return sameNumbers(x, y)
            case (.text(let x), .text(let y)): return x == y
            case (.unread(let f, let c, let k), .unread(let g, let d, let l)):
                return f == g && c == d && k == l
            default: return false
            }
        }

        static func sameNumbers(_ x: [Double], _ y: [Double]) -> Bool {
            guard x.count == y.count else { return false }
            return x.withUnsafeBufferPointer { a in
                y.withUnsafeBufferPointer { b in
                    a.baseAddress == b.baseAddress
                        || zip(a, b).allSatisfy { $0.bitPattern == $1.bitPattern }
                }
            }
        }
    }

    public var name: String
    public var values: Values {
        didSet { summaryCache = SummaryCache() }
    }
    /// The pyramid of `summary`, once asked for (dropped whenever `values` change).
    private var summaryCache = SummaryCache()
    /// Cells that were present but could not be read as numbers (they are NaN in `numbers`).
    public var unparseable: Int
    /// For numeric columns: the numbers are points in time, seconds since
    /// 1970-01-01T00:00:00Z (read from dates and date-times, or `time=epoch`).
    public var isTime: Bool

    public init(name: String, numbers: [Double], unparseable: Int = 0) {
        self.name = name
        self.values = .numbers(numbers)
        self.unparseable = unparseable
        self.isTime = false
    }

    /// A time column: `seconds` since 1970-01-01T00:00:00Z, NaN for missing.
    public init(name: String, times seconds: [Double], unparseable: Int = 0) {
        self.name = name
        self.values = .numbers(seconds)
        self.unparseable = unparseable
        self.isTime = true
    }

    public init(name: String, text: [String]) {
        self.init(name: name, cells: TextCells(text))
    }

    /// A text column of cells as they are kept (coded or not).
    public init(name: String, cells: TextCells) {
        self.name = name
        self.values = .text(cells)
        self.unparseable = 0
        self.isTime = false
    }

    /// A column of `count` cells of `kind` in field `field` of a file, not read yet.
    public init(name: String, unread kind: Kind, field: Int, count: Int) {
        self.name = name
        self.values = .unread(field: field, count: count, kind: kind)
        self.unparseable = 0
        self.isTime = kind == .time
    }

    public var count: Int {
        switch values {
        case .numbers(let v): v.count
        case .text(let v): v.count
        case .unread(_, let count, _): count
        }
    }

    /// Whether the cells have been read (every column but an `unread` one).
    public var isRead: Bool {
        if case .unread = values { return false }
        return true
    }

    public var numbers: [Double]? {
        if case .numbers(let v) = values { return v }
        return nil
    }

    /// Numbers or times (read, or judged so while unread).
    public var isNumeric: Bool { kind != .text }

    /// The extremes of the numbers per block (`SummaryPyramid`), built on first use and kept
    /// with the column; nil for text and for columns shorter than `SummaryPyramid.minimumCount`.
    public var summary: SummaryPyramid? {
        guard let numbers, numbers.count >= SummaryPyramid.minimumCount else { return nil }
        return summaryCache.pyramid { SummaryPyramid(numbers) }
    }

    /// The cells as keys, as `text(at:)` reads them (equal numbers are equal texts; every
    /// missing number the text ""): found by one pass on first use, then kept — what `by=`
    /// groups and facet panels are made of.
    public var cellKeys: CellKeys {
        summaryCache.keys {
            switch values {
            case .numbers(let numbers):
                // (−0 + 0 is 0: −0 and 0 read as one text, "0", and are one key.)
                return CellKeys(
                    numbers.lazy.map { $0.isNaN ? Double.nan.bitPattern : ($0 + 0).bitPattern })
            case .text(let texts):
                // Coded cells are their keys already (`TextCells`' invariant).
                if let (names, codes) = texts.coded {
                    return CellKeys(codes: codes, distinct: names.count)
                }
                return CellKeys(texts)
            case .unread(_, let count, _):
                return CellKeys(
                    codes: [UInt32](repeating: 0, count: count), distinct: count > 0 ? 1 : 0)
            }
        }
    }

    /// How many distinct texts the cells read as (`text(at:)`): a text per distinct cell key,
    /// keys that read alike made one.
    public var distinctTextCount: Int { Set(cellKeys.firsts.map(text(at:))).count }

    /// Whether every number is finite and none is lower than the one before — an x column a
    /// line can be drawn along without sorting; found by one pass on first use, then kept.
    public var ascends: Bool {
        guard let numbers else { return false }
        return summaryCache.ascends {
            numbers.withUnsafeBufferPointer { v in
                var previous = -Double.infinity
                for x in v {
                    guard x.isFinite, x >= previous else { return false }
                    previous = x
                }
                return true
            }
        }
    }

    /// The most equal numbers in a row (1 for a column without repeats, 0 when empty or
    /// text): of an ascending x column, the most rows that share one x — found by one pass
    /// on first use, then kept, so a redraw does not walk 10⁸ rows to say so.
    public var longestRun: Int {
        guard let numbers else { return 0 }
        return summaryCache.longestRun { Self.longestRun(of: numbers) }
    }

    /// The most equal numbers in a row of `numbers` (0 when empty).
    public static func longestRun(of numbers: [Double]) -> Int {
        numbers.withUnsafeBufferPointer { v in
            guard !v.isEmpty else { return 0 }
            var run = 1, most = 1
            for i in v.indices.dropFirst() {
                run = v[i] == v[i - 1] ? run + 1 : 1
                most = max(most, run)
            }
            return most
        }
    }

    /// Equal columns: the same name, kind and cells (a kept summary is derived from them).
    public static func == (a: Column, b: Column) -> Bool {
        a.name == b.name && a.values == b.values && a.unparseable == b.unparseable
            && a.isTime == b.isTime
    }

    /// The position of the column called `name` among `names`: spelt exactly, else the one
    /// name that differs only in case. The one rule for looking columns up by name.
    public static func index(of name: String, in names: [String]) -> Int? {
        if let exact = names.firstIndex(of: name) { return exact }
        let lower = name.lowercased()
        let matches = names.indices.filter { names[$0].lowercased() == lower }
        return matches.count == 1 ? matches[0] : nil
    }

    /// What the column holds (for an unread column: what a sample of the file showed).
    public var kind: Kind {
        switch values {
        case .numbers: return isTime ? .time : .number
        case .text: return .text
        case .unread(_, _, let kind): return kind
        }
    }

    /// What the column holds, as `describe` and the x scale see it.
    public var kindName: String { kind.rawValue }

    /// The cell at `index` as display text (numbers shortest round-trip, times ISO 8601 in
    /// UTC, NaN as empty).
    public func text(at index: Int) -> String {
        switch values {
        case .numbers(let v):
            guard v.indices.contains(index), !v[index].isNaN else { return "" }
            return isTime ? TimeText.iso(v[index]) : NumberText.shortest(v[index])
        case .text(let v): return v.indices.contains(index) ? v[index] : ""
        case .unread: return ""
        }
    }

    /// Appends in place (the array is moved out of the enum first, so it is not copied).
    /// Only datasets that are not files have rows appended (`push`), so never an unread one.
    mutating func append(number: Double) {
        switch values {
        case .numbers(var v):
            values = .text([])
            v.append(number)
            values = .numbers(v)
        case .text(var t):
            values = .numbers([])
            t.append("")
            values = .text(t)
        case .unread: break
        }
    }

    /// Keeps only the last `count` values (an unread column is read before a window applies).
    mutating func keepLast(_ count: Int) {
        switch values {
        case .numbers(let v): values = .numbers(Array(v.suffix(count)))
        case .text(let v): values = .text(v.keeping(rows: Array(max(v.count - count, 0)..<v.count)))
        case .unread: break
        }
    }
}

/// Number → text without locale: integers without a fraction, otherwise Swift's shortest
/// round-trip representation.
public enum NumberText {
    public static func shortest(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == value.rounded(), abs(value) < 1e15 {
            return value == 0 ? "0" : String(Int64(saturating: value))
        }
        return "\(value)"
    }

    /// `value` as people write it: the noise of binary fractions left out (0.1 + 0.2 reads
    /// `0.3`, not `0.30000000000000004`) — the fewest decimals, up to 12, that hold it to one
    /// part in 10¹²; else its shortest form.
    public static func written(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e15 else { return shortest(value) }
        let places = decimals(of: value, limit: 12)
        let scale = powersOfTen[places]
        return shortest((value * scale).rounded() / scale)
    }

    /// The decimals `value` is written with (`written`): the fewest, up to `limit`, that
    /// hold it to one part in 10¹² (`limit` when none does).
    public static func decimals(of value: Double, limit: Int = 6) -> Int {
        guard value.isFinite, abs(value) < 1e15 else { return 0 }
        for places in 0...min(limit, 12) {
            let scaled = value * powersOfTen[places]
            if abs(scaled - scaled.rounded()) <= 1e-12 * max(1, abs(scaled)) { return places }
        }
        return limit
    }

    /// The decimals `values` are written with: the most any of them needs, at most `limit`.
    public static func decimals(of values: some Sequence<Double>, limit: Int = 6) -> Int {
        var most = 0
        for value in values where value.isFinite {
            most = max(most, decimals(of: value, limit: limit))
            if most >= limit { return limit }
        }
        return most
    }

    public static let powersOfTen: [Double] = (0...12).map(pow10)

    static func pow10(_ n: Int) -> Double { (0..<n).reduce(1.0) { value, _ in value * 10 } }
}
