import ChartbookModel

/// PostgreSQL's ISO output of dates and times (`DateStyle = ISO`, `TimeZone = UTC`) → seconds
/// since 1970-01-01T00:00:00, exactly: the text is read as whole microseconds and divided
/// once, so a value is the double nearest the true instant — the same double the server's
/// `date_part('epoch', t)` gives, which remote datasets rely on to bucket rows as the
/// terminal does.
///
/// Forms: `2024-01-31`, `2024-01-31 12:00:00`, `2024-01-31 12:00:00.25`, each optionally
/// followed by an offset `+00`, `-05:30`, `+05:30:15` and ` BC`. Years may have more than
/// four digits. `infinity` and anything else is nil (a missing value).
enum PostgresTimeText {
    /// A parsed value: microseconds of wall-clock time since 1970-01-01 and the offset the
    /// text names (seconds east of UTC), if any.
    struct Parsed: Equatable {
        var wallMicroseconds: Int
        var offset: Int?

        /// Seconds since the epoch, reading a text without an offset as UTC wall clock.
        var seconds: Double {
            Double(wallMicroseconds - (offset ?? 0) * 1_000_000) / 1_000_000
        }
    }

    static func parse(_ b: UnsafeBufferPointer<UInt8>) -> Parsed? {
        var c = TimeCursor(bytes: b, position: 0, end: b.count)
        guard var year = c.digits(4, 9), c.take(45), let month = c.digits(2, 2), c.take(45),
            let day = c.digits(2, 2), (1...12).contains(month), day >= 1,
            day <= CivilCalendar.daysInMonth(month, of: year)
        else { return nil }
        var micros = 0
        var offset: Int?
        if c.take(32) {
            guard let hour = c.digits(2, 2), c.take(58), let minute = c.digits(2, 2), c.take(58),
                let second = c.digits(2, 2), hour <= 24, minute < 60, second < 61
            else { return nil }
            micros = ((hour * 60 + minute) * 60 + second) * 1_000_000
            if c.take(46) {
                let first = c.position
                guard let fraction = c.digits(1, 6), c.current &- 48 >= 10 else { return nil }
                var scale = 1
                for _ in (c.position - first)..<6 { scale *= 10 }
                micros += fraction * scale
            }
            if c.current == 43 || c.current == 45 {
                let sign = c.current == 45 ? -1 : 1
                c.position += 1
                guard let hours = c.digits(2, 2) else { return nil }
                var seconds = hours * 3600
                if c.take(58) {
                    guard let minutes = c.digits(2, 2) else { return nil }
                    seconds += minutes * 60
                    if c.take(58) {
                        guard let rest = c.digits(2, 2) else { return nil }
                        seconds += rest
                    }
                }
                offset = sign * seconds
            }
        }
        if c.take(32) {
            // ` BC`: 1 BC is year 0 of the proleptic calendar.
            guard c.take(66), c.take(67) else { return nil }
            year = 1 - year
        }
        guard c.atEnd else { return nil }
        let days = CivilCalendar.days(from: CivilCalendar.Date(year: year, month: month, day: day))
        let (dayMicros, overflow) = days.multipliedReportingOverflow(by: 86_400_000_000)
        guard !overflow else { return nil }
        return Parsed(wallMicroseconds: dayMicros + micros, offset: offset)
    }
}
