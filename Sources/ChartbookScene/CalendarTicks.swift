import ChartbookModel

/// Ticks for a time axis on calendar boundaries — years, quarters, months, weeks, days,
/// hours, minutes, seconds (in steps of 1, 2, 5, 10, 15, 30 seconds or minutes; 1, 2, 3, 6,
/// 12 hours;
/// 1–3 days; 1–2 weeks; 1, 3, 6 months; 1, 2, 5, 10 … years) — the densest that fits the
/// room, with labels to match
/// (`2004`, `Mar`, `Mar 14`, `14:30`, `14:30:05`). A tick where a larger unit begins names
/// that unit: among hourly ticks midnight reads `Mar 14`, among monthly ticks January reads
/// `2004` (the d3-scale time-tick convention).
///
/// Times are seconds since 1970-01-01T00:00:00Z; ticks fall on wall-clock boundaries at
/// `offset` seconds east of UTC.
public enum CalendarTicks {
    public typealias Unit = CalendarUnit

    /// `count` units between ticks.
    public struct Interval: Equatable, Sendable {
        public var unit: Unit
        public var count: Int

        public init(unit: Unit, count: Int) {
            self.unit = unit
            self.count = count
        }

        /// About how long it is, for choosing (months and years vary).
        var approximateSeconds: Double { unit.approximateSeconds * Double(count) }
    }

    public struct Tick: Equatable, Sendable {
        public var seconds: Double
        public var label: String
    }

    /// The intervals tried, shortest first.
    static let intervals: [Interval] =
        [
            (Unit.second, [1, 2, 5, 10, 15, 30]), (.minute, [1, 2, 5, 10, 15, 30]),
            (.hour, [1, 2, 3, 6, 12]),
            (.day, [1, 2, 3]), (.week, [1, 2]), (.month, [1, 3, 6]),
            (.year, [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000]),
        ]
        .flatMap { unit, counts in counts.map { Interval(unit: unit, count: $0) } }

    /// The ticks of the shortest interval that gives at most `maxCount` ticks in `range`.
    public static func ticks(in range: ClosedRange<Double>, maxCount: Int, offset: Int = 0)
        -> [Tick]
    {
        guard maxCount >= 1, range.lowerBound.isFinite, range.upperBound.isFinite else { return [] }
        let span = range.upperBound - range.lowerBound
        for interval in intervals where span / interval.approximateSeconds <= Double(maxCount) * 1.5
        {
            let times = tickTimes(
                in: range, interval: interval, offset: offset, limit: maxCount + 1)
            if times.count <= maxCount {
                return times.map {
                    Tick(seconds: $0, label: label(at: $0, interval: interval, offset: offset))
                }
            }
        }
        return []
    }

    /// The tick times of `interval` in `range`, at most `limit` of them.
    static func tickTimes(
        in range: ClosedRange<Double>, interval: Interval, offset: Int, limit: Int
    ) -> [Double] {
        let wallStart = range.lowerBound + Double(offset),
            wallEnd = range.upperBound + Double(offset)
        var result = [Double]()
        switch interval.unit {
        case .second, .minute, .hour, .day:
            let size = interval.approximateSeconds
            var t = (wallStart / size).rounded(.up) * size
            while t <= wallEnd && result.count < limit {
                result.append(t - Double(offset))
                t += size
            }
        case .week:
            var day = Int(saturating: (wallStart / 86_400).rounded(.up))
            while CivilCalendar.weekday(ofDays: day) != 0 { day += 1 }
            while Double(day) * 86_400 <= wallEnd && result.count < limit {
                result.append(Double(day) * 86_400 - Double(offset))
                day += 7 * interval.count
            }
        case .month, .year:
            let months = interval.unit == .month ? interval.count : interval.count * 12
            let startDate = CivilCalendar.date(
                fromDays: Int(saturating: (wallStart / 86_400).rounded(.down)))
            var index = startDate.year * 12 + startDate.month - 1  // months since year 0
            index = (index + months - 1) / months * months
            while result.count < limit {
                let date = CivilCalendar.Date(year: index / 12, month: index % 12 + 1, day: 1)
                let wall = Double(CivilCalendar.days(from: date)) * 86_400
                if wall > wallEnd { break }
                if wall >= wallStart { result.append(wall - Double(offset)) }
                index += months
            }
        }
        return result
    }

    /// The label of the tick at `seconds`, by the largest boundary it falls on.
    static func label(at seconds: Double, interval: Interval, offset: Int) -> String {
        let wall = seconds + Double(offset)
        let days = Int(saturating: (wall / 86_400).rounded(.down))
        let secondOfDay = Int(saturating: wall - Double(days) * 86_400)
        let date = CivilCalendar.date(fromDays: days)
        let month = CivilCalendar.shortMonthName(date.month)
        if secondOfDay == 0 {
            if date.month == 1 && date.day == 1 && interval.unit >= .day {
                return String(date.year)
            }
            if interval.unit == .year { return String(date.year) }
            if interval.unit == .month { return month }
            return "\(month) \(date.day)"
        }
        let clock = two(secondOfDay / 3600) + ":" + two(secondOfDay / 60 % 60)
        // Among second ticks, a whole minute reads as one.
        return interval.unit == .second && secondOfDay % 60 != 0
            ? clock + ":" + two(secondOfDay % 60) : clock
    }

    static func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
}
