import ChartbookModel

/// Why a plot's transforms cannot be computed — errors are data: the executor turns one
/// into a diagnostic at the option that asked for it, and the session is left as it was.
public enum TransformError: Error, Equatable, Sendable {
    /// `agg=` or `bin=` on a plot whose x is the row index: nothing to group by.
    case needsX(option: String)
    /// `bin=` without `agg=`: the rows of a bin must be combined somehow.
    case binWithoutAggregate
    /// A calendar `bin=` over an x that is not times.
    case timeBinNeedsTimes(unit: TimeUnit, column: String)
    /// A span `bin=` (`10min`) over an x that is not times.
    case spanBinNeedsTimes(bin: XBin, column: String)
    /// A numeric `bin=` over an x that is not numbers.
    case numberBinNeedsNumbers(bin: XBin, column: String)
    /// `rolling=` over a span needs an x of times.
    case spanNeedsTimes(column: String?)
    /// A column the pipeline reads is not in the dataset.
    case missingColumn(String)
    /// The y column (or an x to bin) must hold numbers.
    case notNumeric(String)
    /// A trend over an x of text.
    case trendNeedsNumbers(column: String)
    /// A trend over the row index.
    case trendNeedsX
    /// `stack=normalize` over a column with negative values (a share of a total needs parts
    /// that add up).
    case negativeShare(column: String)
    /// A backend cannot compute an operation (e.g. a rolling median in SQL).
    case unsupported(String, backend: String)

    /// The message, naming the problem.
    public var message: String {
        switch self {
        case .needsX(let option):
            return "\(option)= groups the rows that share an x, but this plot's x is the row number"
        case .binWithoutAggregate:
            return "bin= puts several rows in each bin, but nothing says how to combine them"
        case .timeBinNeedsTimes(let unit, let column):
            return "bin=\(unit.rawValue) needs an x of times; '\(column)' is not"
        case .numberBinNeedsNumbers(let bin, let column):
            return "bin=\(bin.description) needs an x of numbers; '\(column)' is not"
        case .spanBinNeedsTimes(let bin, let column):
            return
                "bin=\(bin.description) is a span of time and needs an x of times; '\(column)' is not"
        case .spanNeedsTimes(let column):
            return "a rolling span needs an x of times"
                + (column.map { "; '\($0)' is not" } ?? "; this plot's x is the row number")
        case .missingColumn(let name): return "no column '\(name)'"
        case .notNumeric(let name): return "'\(name)' does not hold numbers"
        case .trendNeedsX: return "a trend is fitted against an x column, and this plot has none"
        case .trendNeedsNumbers(let column):
            return "a trend needs an x of numbers or times; '\(column)' holds text"
        case .negativeShare(let column):
            return
                "stack=normalize draws each value as a share of its x's total, and '\(column)' has values below 0"
        case .unsupported(let what, let backend): return "\(backend) cannot compute \(what)"
        }
    }

    /// One line saying what to do.
    public var hint: String? {
        switch self {
        case .needsX: return "give it an x=COLUMN to group by"
        case .binWithoutAggregate: return "add agg=mean, agg=sum, agg=count … (help agg)"
        case .timeBinNeedsTimes, .spanBinNeedsTimes:
            return "read the column as times first (load … time=FORMAT)"
        case .numberBinNeedsNumbers(_, _):
            return "calendar bins (bin=month, bin=day-of-week …) group times"
        case .spanNeedsTimes: return "give the window a number of points, like rolling=7"
        case .trendNeedsNumbers, .trendNeedsX: return "fit it against a numeric or time x=COLUMN"
        case .unsupported: return "load the data with mode=local"
        case .negativeShare: return "stack=on stacks them from zero instead"
        default: return nil
        }
    }
}
