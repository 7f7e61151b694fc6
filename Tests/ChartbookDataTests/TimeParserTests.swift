import Testing
import ChartbookModel
@testable import ChartbookData

@Suite struct TimeParserTests {
    func utc(_ text: String) -> Double? { TimeParser.parse(text)?.seconds() }

    /// 2012-01-01T10:30:00Z.
    let morning: Double = 1_325_376_000 + 37_800

    @Test func isoDatesAndDateTimes() {
        #expect(utc("1970-01-01") == 0)
        #expect(utc("2000-01-01T00:00:00Z") == 946_684_800)
        #expect(utc("2012-01-01") == 1_325_376_000)
        #expect(utc("2012-01-01T10:30:00Z") == morning)
        #expect(utc("2012-01-01T10:30") == morning)
        #expect(utc("2012-01-01 10:30:00") == morning)
        #expect(utc("2012-01-01T10:30:00.250Z") == morning + 0.25)
        #expect(utc("2012-01-01T10:30:00,5Z") == morning + 0.5)
        #expect(TimeParser.parse("2012-01-01")?.hasTime == false)
        #expect(TimeParser.parse("2012-01-01T00:00")?.hasTime == true)
    }

    @Test func offsets() {
        let base = morning
        #expect(utc("2012-01-01T12:30:00+02:00") == base)
        #expect(utc("2012-01-01T12:30:00+0200") == base)
        #expect(utc("2012-01-01T12:30:00+02") == base)
        #expect(utc("2012-01-01T05:00:00-05:30") == base)
        #expect(utc("2012-01-01 10:30 UTC") == base)
        #expect(TimeParser.parse("2012-01-01T10:30:00+02:00")?.offset == 7200)
        #expect(TimeParser.parse("2012-01-01T10:30:00")?.offset == nil)
        // Without a zone in the text, the assumed one applies.
        #expect(TimeParser.parse("2012-01-01T12:30:00")?.seconds(assumingOffset: 7200) == base)
    }

    @Test func slashAndMonthNameDates() {
        let day = 946_684_800.0
        #expect(utc("2000/01/01") == day)
        #expect(utc("2010/01/01 00:00") == 1_262_304_000)
        #expect(utc("Jan 1 2000") == day)
        #expect(utc("January 1, 2000") == day)
        #expect(utc("1 Jan 2000") == day)
        #expect(utc("01-Jan-2000") == day)
        #expect(utc("1 january 2000 06:00") == day + 21_600)
        #expect(utc("Sept 3 2001") == 999_475_200)
        // Dates with points are day first (German, Russian, Polish … exports).
        #expect(utc("01.01.2000") == day)
        #expect(utc("3.9.2001") == 999_475_200)
        #expect(utc("03.09.2001 00:00") == 999_475_200)
        for text in ["31.02.2000", "1.13.2000", "1.1.20", "1.1.2000.", "12.2000", "1..2000"] {
            #expect(TimeParser.parse(text) == nil, "\(text)")
        }
        // A month of a year is its first day (monthly reports: `Jan 2023`).
        #expect(utc("Jan 2000") == day)
        #expect(utc("january 2000") == day)
        #expect(utc("Sep 2001") == 999_302_400)
        for text in ["Jan 2000 10:30", "Jan 20001", "Jan 200", "Jan2000x", "Foo 2000"] {
            #expect(TimeParser.parse(text) == nil, "\(text)")
        }
    }

    @Test func invalidDatesAreNotTimes() {
        for text in [
            "2012-02-30", "2023-02-29", "1900-02-29", "2012-13-01", "2012-00-10", "2012-01-32",
            "2012-01-01T24:01", "2012-01-01T10:60", "2012-01-01T10:30:00+25:00", "2012-01-01T",
            "2012-01-01 garbage", "Jun 31 2000", "Foo 1 2000", "12", "2012", "20120101", "",
            "2012-1", "1.5", "2012-01-01T10:30:00.Z",
        ] {
            #expect(TimeParser.parse(text) == nil, "\(text)")
        }
        #expect(utc("2024-02-29") != nil && utc("2000-02-29") != nil)
        #expect(utc("2012-01-01T24:00:00") == 1_325_462_400)
    }

    @Test func farPastAndFuture() {
        #expect(utc("0001-01-01") == -62_135_596_800)
        #expect(utc("9999-12-31T23:59:59Z") == 253_402_300_799)
        #expect(utc("1969-12-31T23:59:59Z") == -1)
    }

    @Test func calendarRoundTripsEveryDayOfFourCenturies() {
        var days = CivilCalendar.days(from: .init(year: 1600, month: 1, day: 1))
        for year in 1600..<2000 {
            for month in 1...12 {
                for day in 1...CivilCalendar.daysInMonth(month, of: year) {
                    let date = CivilCalendar.Date(year: year, month: month, day: day)
                    #expect(CivilCalendar.days(from: date) == days)
                    #expect(CivilCalendar.date(fromDays: days) == date)
                    days += 1
                }
            }
        }
        #expect(CivilCalendar.weekday(ofDays: 0) == 3)  // 1970-01-01 was a Thursday
        #expect(CivilCalendar.weekday(ofDays: -1) == 2)
        #expect(CivilCalendar.shortMonthName(3) == "Mar")
    }
}
