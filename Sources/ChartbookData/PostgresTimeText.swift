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
        var i = 0
        let n = b.count
        func number(_ minimum: Int, _ maximum: Int) -> Int? {
            var value = 0, digits = 0
            while i < n, digits < maximum, b[i] &- 48 < 10 {
                value = value * 10 + Int(b[i] &- 48)
                i += 1
                digits += 1
            }
            return digits >= minimum ? value : nil
        }
        func take(_ byte: UInt8) -> Bool {
            guard i < n, b[i] == byte else { return false }
            i += 1
            return true
        }
        guard var year = number(4, 9), take(45), let month = number(2, 2), take(45),
            let day = number(2, 2), (1...12).contains(month), day >= 1,
            day <= CivilCalendar.daysInMonth(month, of: year)
        else { return nil }
        var micros = 0
        var offset: Int?
        if take(32) {
            guard let hour = number(2, 2), take(58), let minute = number(2, 2), take(58),
                let second = number(2, 2), hour <= 24, minute < 60, second < 61
            else { return nil }
            micros = ((hour * 60 + minute) * 60 + second) * 1_000_000
            if take(46) {
                var scale = 100_000
                let first = i
                while i < n, b[i] &- 48 < 10 {
                    micros += Int(b[i] &- 48) * scale
                    scale /= 10
                    i += 1
                }
                guard i > first, i - first <= 6 else { return nil }
            }
            if i < n, b[i] == 43 || b[i] == 45 {
                let sign = b[i] == 45 ? -1 : 1
                i += 1
                guard let hours = number(2, 2) else { return nil }
                var seconds = hours * 3600
                if take(58) {
                    guard let minutes = number(2, 2) else { return nil }
                    seconds += minutes * 60
                    if take(58) {
                        guard let rest = number(2, 2) else { return nil }
                        seconds += rest
                    }
                }
                offset = sign * seconds
            }
        }
        if i + 3 == n, b[i] == 32, b[i + 1] == 66, b[i + 2] == 67 {
            // 1 BC is year 0 of the proleptic calendar.
            year = 1 - year
            i = n
        }
        guard i == n else { return nil }
        let days = CivilCalendar.days(from: CivilCalendar.Date(year: year, month: month, day: day))
        let (dayMicros, overflow) = days.multipliedReportingOverflow(by: 86_400_000_000)
        guard !overflow else { return nil }
        return Parsed(wallMicroseconds: dayMicros + micros, offset: offset)
    }
}
