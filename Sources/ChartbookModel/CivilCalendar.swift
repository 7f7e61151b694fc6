/// The proleptic Gregorian calendar in plain integer arithmetic: dates ↔ days since
/// 1970-01-01, valid for every year from -9999 to 9999 (Howard Hinnant's algorithms).
/// The one place that knows month lengths, leap years and month names; the time parser
/// and the calendar ticks both use it. No time zones here: callers apply an offset.
public enum CivilCalendar {
    /// A calendar date. `month` 1...12, `day` 1...31.
    public struct Date: Equatable, Hashable, Sendable {
        public var year: Int
        public var month: Int
        public var day: Int
        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }
    }

    /// Seconds in a day.
    public static let secondsPerDay = 86_400

    /// English month names, January first; their first three letters are the short names.
    public static let monthNames = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September",
        "October", "November", "December",
    ]

    public static func shortMonthName(_ month: Int) -> String {
        String(monthNames[(month - 1 + 12) % 12].prefix(3))
    }

    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    public static func daysInMonth(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: isLeapYear(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether the date exists (no February 30, no month 13).
    public static func isValid(_ date: Date) -> Bool {
        (1...12).contains(date.month) && date.day >= 1
            && date.day <= daysInMonth(date.month, of: date.year)
    }

    /// Days from 1970-01-01 to `date` (negative before it).
    public static func days(from date: Date) -> Int {
        let y = date.month <= 2 ? date.year - 1 : date.year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let monthFromMarch = (date.month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + date.day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    public static func date(fromDays days: Int) -> Date {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthFromMarch + 2) / 5 + 1
        let month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9
        return Date(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// Day of the week of `days` since 1970-01-01: 0 is Monday … 6 is Sunday (ISO 8601).
    public static func weekday(ofDays days: Int) -> Int {
        // 1970-01-01 was a Thursday (3).
        ((days % 7) + 7 + 3) % 7
    }

    /// `seconds` (since the epoch, read at `offset` seconds east of UTC) moved by `months`
    /// calendar months, the time of day kept and the day clamped to the month's length
    /// (January 31 + 1 month is February 28 or 29).
    public static func adding(months: Int, to seconds: Double, offset: Int = 0) -> Double {
        guard seconds.isFinite else { return seconds }
        let wall = seconds + Double(offset)
        let days = Int(saturating: (wall / Double(secondsPerDay)).rounded(.down))
        let timeOfDay = wall - Double(days * secondsPerDay)
        let date = self.date(fromDays: days)
        let index = date.year * 12 + (date.month - 1) + months
        let year = index >= 0 ? index / 12 : (index - 11) / 12
        let month = index - year * 12 + 1
        let moved = Date(year: year, month: month, day: min(date.day, daysInMonth(month, of: year)))
        return Double(self.days(from: moved) * secondsPerDay) + timeOfDay - Double(offset)
    }
}
