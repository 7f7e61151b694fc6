/// A unit of calendar time, shortest first: what time ticks step by (`CalendarTicks`) and
/// what `set xticks every 3mo` names.
public enum CalendarUnit: Int, Comparable, Sendable, CaseIterable {
    case second, minute, hour, day, week, month, year

    public static func < (a: CalendarUnit, b: CalendarUnit) -> Bool { a.rawValue < b.rawValue }

    /// The suffix a step of this unit is written with (`30s`, `10min`, `6h`, `1d`, `2w`,
    /// `3mo`, `1y`), as `scroll` and `rolling=` durations are.
    public var suffix: String {
        switch self {
        case .second: "s"
        case .minute: "min"
        case .hour: "h"
        case .day: "d"
        case .week: "w"
        case .month: "mo"
        case .year: "y"
        }
    }

    /// About how long one is, in seconds (months and years vary: their mean length).
    public var approximateSeconds: Double {
        switch self {
        case .second: 1
        case .minute: 60
        case .hour: 3600
        case .day: 86_400
        case .week: 604_800
        case .month: 2_629_746
        case .year: 31_556_952
        }
    }
}
