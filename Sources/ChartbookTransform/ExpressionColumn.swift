import ChartbookModel

/// What an expression's values are.
public enum ExpressionType: String, Equatable, Sendable {
    case number, time, text, bool
}

/// A column of an expression's values, one per row: numbers, times (seconds since 1970),
/// text ("" missing) or truth values (1, 0, NaN missing).
public enum ExpressionColumn: Equatable, Sendable {
    case numbers([Double])
    case times([Double])
    case texts([String])
    case bools([Double])

    var count: Int {
        switch self {
        case .numbers(let v), .times(let v), .bools(let v): v.count
        case .texts(let t): t.count
        }
    }

    /// The values as numbers (text: all missing).
    var numbers: [Double] {
        switch self {
        case .numbers(let v), .times(let v), .bools(let v): v
        case .texts(let t): Array(repeating: .nan, count: t.count)
        }
    }

    var isTime: Bool { if case .times = self { true } else { false } }

    /// Row `i` as text: a number in its shortest form (`19580329`), a time as ISO 8601.
    func text(at i: Int) -> String {
        switch self {
        case .texts(let t): return t[i]
        case .numbers(let v), .bools(let v): return v[i].isNaN ? "" : NumberText.shortest(v[i])
        case .times(let v): return v[i].isNaN ? "" : TimeText.iso(v[i])
        }
    }

    /// The same kind of column with other numbers.
    func rebuilt(_ values: [Double]) -> ExpressionColumn {
        switch self {
        case .times: .times(values)
        case .bools: .bools(values)
        default: .numbers(values)
        }
    }

    /// The bytes the column holds: 8 a number, and a text cell its `String` (16 bytes)
    /// plus its UTF-8 where that is too long to be held inside (over 15 bytes).
    var bytes: Int {
        guard case .texts(let t) = self else { return 8 * count }
        return t.reduce(0) { $0 + Self.bytes(ofCell: $1.utf8.count) }
    }

    /// The bytes of a text cell of `length` UTF-8 bytes.
    static func bytes(ofCell length: Int) -> Int { 16 + (length > 15 ? length : 0) }

    /// As a dataset column called `name` (truth values as 1 and 0).
    public func column(named name: String) -> Column {
        switch self {
        case .numbers(let v), .bools(let v): Column(name: name, numbers: v)
        case .times(let v): Column(name: name, times: v)
        case .texts(let t): Column(name: name, text: t)
        }
    }
}

/// What evaluating an expression needs besides its tree: the rows, and the zone times are
/// read in.
public struct ExpressionContext: Sendable {
    public var dataset: Dataset
    public var timeZone: TimeZoneSetting
    /// Bytes the columns an expression makes may hold at once (`ResourceLimits.memoryBudget`);
    /// a function is given what is left of it, and refuses before it makes more.
    public var memoryBudget: Int

    public init(dataset: Dataset, timeZone: TimeZoneSetting, memoryBudget: Int = .max) {
        self.dataset = dataset
        self.timeZone = timeZone
        self.memoryBudget = memoryBudget
    }

    var count: Int { dataset.count }
}
