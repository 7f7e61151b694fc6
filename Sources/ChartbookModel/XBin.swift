import Foundation

/// How x values become the keys rows are grouped by (`bin=`): numeric bins of a step, about
/// N bins over the data, or calendar units in the session's time zone.
public enum XBin: Hashable, Sendable {
    /// About `n` bins of a 1-2-5 step over the x extent (the step resolved from the data by
    /// `XBin.step(count:extent:)`, the one rule every backend uses).
    case count(Int)
    /// Bins [k·w, (k+1)·w) for integer k; the key is the bin's centre, (k + ½)·w.
    case step(Double)
    /// Calendar units, the key the unit's start; cyclic units, the key the unit's name or number.
    case time(TimeUnit)
    /// Bins of a span of time over a time x (`bin=10min`, `bin=6h`, `bin=2w`), `seconds` long,
    /// from the Unix epoch (UTC) — [k·w, (k+1)·w) as `step` bins are; the key the bin's
    /// centre, a time.
    case span(Double)

    /// How `bin=` is written: `20`, `step:5`, `month`, `month-of-year`.
    public var description: String {
        switch self {
        case .count(let n): String(n)
        case .step(let w): "step:" + NumberText.shortest(w)
        case .time(let unit): unit.rawValue
        case .span(let seconds): Self.spanText(seconds)
        }
    }

    /// A span as `bin=` and `rolling=` write it: in its largest whole unit (`10min`, `6h`,
    /// `2w`), else in seconds.
    public static func spanText(_ seconds: Double) -> String {
        for (unit, size) in [("w", 604_800.0), ("d", 86_400), ("h", 3600), ("min", 60)]
        where seconds >= size && (seconds / size).rounded() == seconds / size {
            return NumberText.shortest(seconds / size) + unit
        }
        return NumberText.shortest(seconds) + "s"
    }

    /// The step of about `count` bins over `extent`: 1, 2 or 5 times a power of ten, the
    /// smallest such step whose bins cover the extent in at most `count` bins. nil for an
    /// infinite extent or a count below one; 1 for a single value.
    public static func step(count: Int, extent: ClosedRange<Double>) -> Double? {
        let span = extent.upperBound - extent.lowerBound
        guard span.isFinite, count > 0 else { return nil }
        guard span > 0 else { return 1 }
        let power = DecimalMagnitude.power(DecimalMagnitude.exponent(of: span / Double(count)))
        for multiple in [1.0, 2, 5, 10, 20, 50] {
            let step = multiple * power
            let bins =
                (extent.upperBound / step).rounded(.down)
                - (extent.lowerBound / step).rounded(.down)
                + 1
            if bins <= Double(count) { return step }
        }
        return 100 * power
    }

    /// The centre of the bin of `step` holding `x`: ⌊x / w⌋·w + w/2 (the same operations, in
    /// the same order, in SQL and Vega-Lite, so every backend finds the same key).
    public static func centre(of x: Double, step: Double) -> Double {
        (x / step).rounded(.down) * step + step / 2
    }
}

/// Calendar units for time bins (`bin=month`): a unit's start, in the session's zone; and
/// cyclic units for seasonality (`bin=month-of-year`), whose keys repeat every year, week
/// or day.
public enum TimeUnit: String, Hashable, Sendable, CaseIterable {
    case year, quarter, month, week, day, hour, minute
    case monthOfYear = "month-of-year"
    case dayOfWeek = "day-of-week"
    case hourOfDay = "hour-of-day"

    /// Whether the keys repeat (month of year, day of week, hour of day).
    public var isCyclic: Bool { [.monthOfYear, .dayOfWeek, .hourOfDay].contains(self) }

    /// What its keys are as an x column: times (a unit's start), the named cycles' names
    /// (`Jan`, `Mon`), the hour of the day as a number.
    public var keyKind: Column.Kind {
        switch self {
        case .monthOfYear, .dayOfWeek: .text
        case .hourOfDay: .number
        default: .time
        }
    }

    /// Short English day names, Monday first (ISO 8601 weeks start on Monday).
    public static let dayNames = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]

    /// The times the calendar holds: years -9999 to 9999 (`CivilCalendar`), in seconds
    /// either side of 1970; a time beyond has no calendar unit (its key is missing).
    public static let calendarSeconds = 315_537_897_600.0

    /// The key of wall-clock `seconds` (since 1970-01-01T00:00 on the zone's clock): for
    /// calendar units the unit's start, also as wall-clock seconds; for cyclic units the
    /// position in the cycle (month 0…11, weekday 0…6 from Monday, hour 0…23). NaN beyond
    /// the calendar (`calendarSeconds`).
    public func key(ofWall seconds: Double) -> Double {
        guard abs(seconds) < Self.calendarSeconds else { return .nan }
        let day = Int((seconds / 86_400).rounded(.down))
        let date = CivilCalendar.date(fromDays: day)
        func start(_ year: Int, _ month: Int, _ dayOfMonth: Int) -> Double {
            Double(CivilCalendar.days(from: .init(year: year, month: month, day: dayOfMonth)))
                * 86_400
        }
        switch self {
        case .year: return start(date.year, 1, 1)
        case .quarter: return start(date.year, (date.month - 1) / 3 * 3 + 1, 1)
        case .month: return start(date.year, date.month, 1)
        case .week: return Double(day - CivilCalendar.weekday(ofDays: day)) * 86_400
        case .day: return Double(day) * 86_400
        case .hour: return (seconds / 3600).rounded(.down) * 3600
        case .minute: return (seconds / 60).rounded(.down) * 60
        case .monthOfYear: return Double(date.month - 1)
        case .dayOfWeek: return Double(CivilCalendar.weekday(ofDays: day))
        case .hourOfDay: return (seconds / 3600).rounded(.down) - Double(day) * 24
        }
    }

    /// The name of a cyclic key (`Jan`, `Mon`); nil for hours and calendar units.
    public func name(ofKey key: Double) -> String? {
        guard let i = Int(exactly: key) else { return nil }
        switch self {
        case .monthOfYear: return CivilCalendar.shortMonthName(i + 1)
        case .dayOfWeek: return TimeUnit.dayNames.indices.contains(i) ? TimeUnit.dayNames[i] : nil
        default: return nil
        }
    }
}
