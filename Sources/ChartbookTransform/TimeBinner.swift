import ChartbookModel

/// The key of each time for a calendar `bin=` (`TimeUnit`), counted in a time zone: a
/// calendar unit's start as an instant, or a cyclic unit's position (month 0…11, weekday
/// 0…6 from Monday, hour 0…23). Rows come mostly in time order, so the last unit found is
/// kept and reused while the times stay inside it.
struct TimeBinner {
    let unit: TimeUnit
    private var clock: ZoneClock
    /// The wall-clock span [low, high) of the last unit found, and its key.
    private var low = Double.infinity, high = -Double.infinity, cached = Double.nan

    init(_ unit: TimeUnit, zone: TimeZoneSetting) {
        self.unit = unit
        clock = ZoneClock(zone)
    }

    /// The key of the instant `seconds`; NaN for a missing time.
    mutating func key(of seconds: Double) -> Double {
        guard abs(seconds) < TimeUnit.calendarSeconds else { return .nan }
        let wall = clock.wall(seconds)
        guard abs(wall) < TimeUnit.calendarSeconds else { return .nan }
        if wall >= low && wall < high { return cached }
        if unit == .hourOfDay { return unit.key(ofWall: wall) }
        let (start, end) = span(containing: wall)
        low = start
        high = end
        cached = unit.isCyclic ? unit.key(ofWall: wall) : clock.instant(ofWall: start)
        return cached
    }

    /// The wall-clock span of the unit holding `wall` (a cyclic unit: its day).
    private func span(containing wall: Double) -> (Double, Double) {
        let day = 86_400.0
        switch unit {
        case .monthOfYear, .dayOfWeek, .hourOfDay, .day:
            let start = (wall / day).rounded(.down) * day
            return (start, start + day)
        case .week:
            let start = unit.key(ofWall: wall)
            return (start, start + 7 * day)
        case .hour:
            let start = unit.key(ofWall: wall)
            return (start, start + 3600)
        case .minute:
            let start = unit.key(ofWall: wall)
            return (start, start + 60)
        case .year, .quarter, .month:
            let start = unit.key(ofWall: wall)
            let months = unit == .year ? 12 : unit == .quarter ? 3 : 1
            let date = CivilCalendar.date(fromDays: Int((start / day).rounded(.down)))
            let total = date.year * 12 + date.month - 1 + months
            let next = CivilCalendar.days(
                from: .init(year: total / 12, month: total % 12 + 1, day: 1))
            return (start, Double(next) * day)
        }
    }
}
