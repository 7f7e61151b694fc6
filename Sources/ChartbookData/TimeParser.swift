import ChartbookModel

/// Text → a point in time, byte by byte (no Foundation, no allocation: it runs once per
/// cell of a time column).
///
/// Accepted (Docs/commands.md, "Time values"):
/// - ISO 8601 dates and date-times: `2012-01-01`, `2012-01-01T10:30`, `2012-01-01T10:30:00Z`,
///   `2012-01-01 10:30:00.250+02:00` (`T` or a space; fractional seconds with `.` or `,`;
///   a zone `Z`, `±HH`, `±HHMM` or `±HH:MM`);
/// - slash dates: `2012/01/01`, `2010/01/01 00:00`;
/// - dates with points, day first: `27.11.2026`, `1.3.1958 10:30`;
/// - month names: `Jan 1 2000`, `January 1, 2000`, `1 Jan 2000`, `01-Jan-2000`, with an
///   optional time after them; a month of a year, `Jan 2000` or `January 2000` (its first day).
/// Invalid dates (February 30, hour 24:01, month 13) are not times: `nil`, never a wrong date.
public enum TimeParser {
    /// A parsed time before a zone is chosen for it.
    public struct Parsed: Equatable, Sendable {
        /// Seconds from 1970-01-01T00:00:00 to the wall-clock time written (no zone applied).
        public var wallSeconds: Double
        /// The offset the text names, seconds east of UTC (`Z` is 0); nil when it names none.
        public var offset: Int?
        /// Whether a time of day was written (else a date alone).
        public var hasTime: Bool

        /// Seconds since 1970-01-01T00:00:00Z, reading a text without a zone at `assumedOffset`.
        public func seconds(assumingOffset assumedOffset: Int = 0) -> Double {
            wallSeconds - Double(offset ?? assumedOffset)
        }
    }

    /// The common machine form in one pass, no cursor: `YYYY-MM-DD`, and
    /// `YYYY-MM-DDTHH:MM:SS` (or with a space) with nothing or `Z` after it. Anything else is
    /// nil here and left to `parse`. (Logs and exports write millions of these; this path
    /// reads one in a few nanoseconds.)
    @inline(__always)
    public static func parseISO(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Parsed? {
        let n = e - s
        guard n == 10 || n == 19 || n == 20, b[s + 4] == 45, b[s + 7] == 45 else { return nil }
        @inline(__always) func two(_ i: Int) -> Int {
            let a = Int(b[s + i] &- 48), c = Int(b[s + i + 1] &- 48)
            return a < 10 && c < 10 ? a * 10 + c : -1
        }
        let century = two(0), yearInCentury = two(2), month = two(5), day = two(8)
        guard century >= 0, yearInCentury >= 0, month >= 1, month <= 12, day >= 1 else {
            return nil
        }
        let date = CivilCalendar.Date(year: century * 100 + yearInCentury, month: month, day: day)
        guard day <= CivilCalendar.daysInMonth(month, of: date.year) else { return nil }
        let midnight = Double(CivilCalendar.days(from: date) * CivilCalendar.secondsPerDay)
        if n == 10 { return Parsed(wallSeconds: midnight, offset: nil, hasTime: false) }
        let separator = b[s + 10]
        guard separator == 84 || separator == 32, b[s + 13] == 58, b[s + 16] == 58 else {
            return nil
        }
        if n == 20 && b[s + 19] != 90 { return nil }
        let hour = two(11), minute = two(14), second = two(17)
        guard hour >= 0, hour < 24, minute >= 0, minute < 60, second >= 0, second < 60 else {
            return nil
        }
        return Parsed(
            wallSeconds: midnight + Double(hour * 3600 + minute * 60 + second),
            offset: n == 20 ? 0 : nil, hasTime: true)
    }

    /// Parses `bytes[start..<end]` (blanks already trimmed).
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int)
        -> Parsed?
    {
        if let fast = parseISO(bytes, start, end) { return fast }
        var cursor = TimeCursor(bytes: bytes, position: start, end: end)
        guard let date = cursor.numericDate() ?? cursor.dottedDate() ?? cursor.namedDate(),
            CivilCalendar.isValid(date)
        else {
            return nil
        }
        var seconds = Double(CivilCalendar.days(from: date) * CivilCalendar.secondsPerDay)
        var hasTime = false
        var offset: Int?
        if !cursor.atEnd {
            guard cursor.timeSeparator(), let time = cursor.timeOfDay() else { return nil }
            seconds += time
            hasTime = true
            if !cursor.atEnd {
                guard let zone = cursor.zone() else { return nil }
                offset = zone
            }
        }
        guard cursor.atEnd else { return nil }
        return Parsed(wallSeconds: seconds, offset: offset, hasTime: hasTime)
    }

    /// `parse` for text.
    public static func parse(_ text: String) -> Parsed? {
        var utf8 = Array(text.utf8)
        return utf8.withUnsafeMutableBufferPointer { buffer in
            parse(UnsafeBufferPointer(buffer), 0, buffer.count)
        }
    }
}

/// The parser's position in one cell (also `PostgresTimeText`'s).
struct TimeCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int

    var atEnd: Bool { position >= end }
    var current: UInt8 { position < end ? bytes[position] : 0 }

    mutating func take(_ byte: UInt8) -> Bool {
        guard current == byte else { return false }
        position += 1
        return true
    }

    /// `minimum...maximum` decimal digits as a number.
    mutating func digits(_ minimum: Int, _ maximum: Int) -> Int? {
        var value = 0, count = 0
        while count < maximum, position < end, bytes[position] &- 48 < 10 {
            value = value * 10 + Int(bytes[position] &- 48)
            position += 1
            count += 1
        }
        return count >= minimum ? value : nil
    }

    mutating func skipBlanks() { while current == 32 { position += 1 } }

    /// `YYYY-MM-DD` or `YYYY/MM/DD`.
    mutating func numericDate() -> CivilCalendar.Date? {
        let start = position
        guard let year = digits(4, 4), current == 45 || current == 47 else {
            position = start; return nil
        }
        let separator = current
        position += 1
        guard let month = digits(1, 2), take(separator), let day = digits(1, 2) else {
            position = start
            return nil
        }
        return CivilCalendar.Date(year: year, month: month, day: day)
    }

    /// `DD.MM.YYYY` (`27.11.2026`, `1.3.1958`): day first, as every locale writing dates with
    /// points does.
    mutating func dottedDate() -> CivilCalendar.Date? {
        let start = position
        guard let day = digits(1, 2), take(46), let month = digits(1, 2), take(46),
            let year = digits(4, 4)
        else {
            position = start
            return nil
        }
        return CivilCalendar.Date(year: year, month: month, day: day)
    }

    /// `Jan 1 2000`, `January 1, 2000`, `1 Jan 2000`, `01-Jan-2000`; and a month alone,
    /// `Jan 2000`, `January 2000`: its first day.
    mutating func namedDate() -> CivilCalendar.Date? {
        let start = position
        if let month = monthName() {
            skipBlanks()
            let afterName = position
            if let year = digits(4, 4), atEnd {
                return CivilCalendar.Date(year: year, month: month, day: 1)
            }
            position = afterName
            guard let day = digits(1, 2) else { position = start; return nil }
            _ = take(44)
            skipBlanks()
            guard let year = digits(4, 4) else { position = start; return nil }
            return CivilCalendar.Date(year: year, month: month, day: day)
        }
        guard let day = digits(1, 2) else { return nil }
        let dashed = take(45)
        if !dashed { skipBlanks() }
        guard let month = monthName() else { position = start; return nil }
        if dashed {
            guard take(45) else { position = start; return nil }
        } else {
            _ = take(44); skipBlanks()
        }
        guard let year = digits(4, 4) else { position = start; return nil }
        return CivilCalendar.Date(year: year, month: month, day: day)
    }

    /// A month's name or its first three (or more) letters, any case: 1...12.
    mutating func monthName() -> Int? {
        // The run of letters here (at most 9), compared in place: nothing allocated per cell.
        var count = 0
        while position + count < end, count < 9, (bytes[position + count] | 0x20) &- 97 < 26 {
            count += 1
        }
        guard count >= 3 else { return nil }
        for (index, name) in Self.lowercaseMonthNames.enumerated() where name.count >= count {
            var i = 0
            while i < count, bytes[position + i] | 0x20 == name[i] { i += 1 }
            if i == count {
                position += count
                return index + 1
            }
        }
        return nil
    }

    /// The month names in lower case, as bytes: made once, not for every cell (issue 53: the
    /// names lowercased for every text cell were a third of a long-format file's reading).
    static let lowercaseMonthNames: [[UInt8]] = CivilCalendar.monthNames.map {
        Array($0.lowercased().utf8)
    }

    /// `T`, `t` or one or more spaces between the date and the time.
    mutating func timeSeparator() -> Bool {
        if take(84) || take(116) { return true }
        guard current == 32 else { return false }
        skipBlanks()
        return true
    }

    /// `HH:MM[:SS[.fff]]` as seconds into the day (`24:00:00` is the end of the day).
    mutating func timeOfDay() -> Double? {
        guard let hour = digits(2, 2), take(58), let minute = digits(2, 2), minute < 60 else {
            return nil
        }
        var second = 0.0
        if take(58) {
            guard let whole = digits(2, 2), whole < 61 else { return nil }
            second = Double(min(whole, 59))
            if current == 46 || current == 44 {
                position += 1
                var scale = 0.1
                let first = position
                while position < end, bytes[position] &- 48 < 10 {
                    second += Double(bytes[position] &- 48) * scale
                    scale /= 10
                    position += 1
                }
                guard position > first else { return nil }
            }
        }
        let total = Double(hour * 3600 + minute * 60) + second
        guard hour < 24 || total == 86_400 else { return nil }
        return total
    }

    /// `Z`, `±HH`, `±HHMM`, `±HH:MM` (after optional blanks; also ` UTC`/` GMT`): seconds east.
    mutating func zone() -> Int? {
        skipBlanks()
        if take(90) || take(122) { return 0 }
        if current == 85 || current == 71 {
            let word = String(
                decoding: UnsafeBufferPointer(rebasing: bytes[position..<min(position + 3, end)]),
                as: UTF8.self)
            guard word == "UTC" || word == "GMT" else { return nil }
            position += 3
            return 0
        }
        guard current == 43 || current == 45 else { return nil }
        let sign = current == 45 ? -1 : 1
        position += 1
        guard let hours = digits(2, 2), hours <= 18 else { return nil }
        _ = take(58)
        let minutes = atEnd ? 0 : digits(2, 2) ?? 60
        guard minutes < 60 else { return nil }
        return sign * (hours * 3600 + minutes * 60)
    }
}
