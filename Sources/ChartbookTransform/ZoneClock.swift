import ChartbookModel

/// Converts instants to the wall clock of a time zone and back, the offsets looked up once
/// per hour (a named zone's offset comes from the system's tz database, too slow per row).
struct ZoneClock {
    let zone: TimeZoneSetting
    private var utcHour = Double.nan, utcOffset = 0.0
    private var wallHour = Double.nan, wallOffset = 0.0

    init(_ zone: TimeZoneSetting) { self.zone = zone }

    /// Wall-clock seconds (since 1970-01-01T00:00 on the zone's clock) of the instant `seconds`.
    mutating func wall(_ seconds: Double) -> Double {
        if let fixed = zone.fixedOffset { return seconds + Double(fixed) }
        let hour = (seconds / 3600).rounded(.down)
        if hour != utcHour {
            utcHour = hour
            utcOffset = Double(zone.offset(atUTC: hour * 3600))
        }
        return seconds + utcOffset
    }

    /// The instant of wall-clock `seconds` (in a skipped or repeated hour, the offset
    /// before the change, as `TimeZoneSetting.offset(atWall:)`).
    mutating func instant(ofWall seconds: Double) -> Double {
        if let fixed = zone.fixedOffset { return seconds - Double(fixed) }
        let hour = (seconds / 3600).rounded(.down)
        if hour != wallHour {
            wallHour = hour
            wallOffset = Double(zone.offset(atWall: hour * 3600))
        }
        return seconds - wallOffset
    }
}
