import Testing
import ChartbookModel
import ChartbookData
@testable import ChartbookScene

@Suite struct CalendarTicksTests {
    func t(_ text: String) -> Double { TimeParser.parse(text)?.seconds() ?? .nan }
    func labels(_ a: String, _ b: String, _ room: Int, offset: Int = 0) -> [String] {
        CalendarTicks.ticks(in: t(a)...t(b), maxCount: room, offset: offset).map(\.label)
    }

    @Test func yearsOverDecadesAndCenturies() {
        #expect(labels("2000-03-01", "2004-06-01", 6) == ["2001", "2002", "2003", "2004"])
        #expect(
            labels("1900-01-01", "2000-01-01", 6) == [
                "1900", "1920", "1940", "1960", "1980", "2000",
            ])
        #expect(labels("1000-01-01", "2000-01-01", 3) == ["1000", "1500", "2000"])
    }

    @Test func monthsAndQuarters() {
        #expect(labels("2004-01-15", "2004-05-20", 6) == ["Feb", "Mar", "Apr", "May"])
        #expect(labels("2003-11-01", "2004-02-10", 6) == ["Nov", "Dec", "2004", "Feb"])
        #expect(
            labels("2004-01-01", "2006-01-01", 9) == [
                "2004", "Apr", "Jul", "Oct", "2005", "Apr", "Jul", "Oct", "2006",
            ])
    }

    @Test func weeksAndDays() {
        // 2024-03-04 is a Monday.
        #expect(labels("2024-03-01", "2024-03-30", 5) == ["Mar 4", "Mar 11", "Mar 18", "Mar 25"])
        #expect(
            labels("2024-03-13", "2024-03-17", 5) == [
                "Mar 13", "Mar 14", "Mar 15", "Mar 16", "Mar 17",
            ])
        #expect(labels("2023-12-30", "2024-01-02", 4) == ["Dec 30", "Dec 31", "2024", "Jan 2"])
    }

    @Test func hoursMinutesSeconds() {
        #expect(
            labels("2024-03-14T09:10", "2024-03-14T14:00", 6) == [
                "10:00", "11:00", "12:00", "13:00", "14:00",
            ])
        #expect(
            labels("2024-03-14T18:00", "2024-03-15T06:00", 5) == [
                "18:00", "21:00", "Mar 15", "03:00", "06:00",
            ])
        #expect(
            labels("2024-03-14T14:29:50", "2024-03-14T14:31", 5) == [
                "14:30", "14:30:15", "14:30:30", "14:30:45", "14:31",
            ])
        #expect(
            labels("2024-03-14T14:30:00", "2024-03-14T14:30:20", 5) == [
                "14:30", "14:30:05", "14:30:10", "14:30:15", "14:30:20",
            ])
    }

    @Test func wallClockOffset() {
        // Midnight in UTC+2 is 22:00 UTC the day before.
        let ticks = CalendarTicks.ticks(
            in: t("2024-03-14T20:00Z")...t("2024-03-15T02:00Z"), maxCount: 3, offset: 7200)
        #expect(ticks.map(\.label) == ["Mar 15", "03:00"])
        #expect(ticks.contains { $0.label == "Mar 15" && $0.seconds == t("2024-03-14T22:00Z") })
    }

    /// Across spans from seconds to centuries: never more ticks than the room, inside the
    /// range, increasing, and at least two when there is room for five.
    @Test func propertiesAcrossSpans() {
        let start = t("1987-06-05T04:03:02Z")
        var span = 2.0
        while span < 3e9 * 30 {
            for room in [2, 5, 8, 15] {
                let ticks = CalendarTicks.ticks(in: start...(start + span), maxCount: room)
                #expect(ticks.count <= room, "span \(span) room \(room)")
                if room >= 5 { #expect(ticks.count >= 2, "span \(span) room \(room): \(ticks)") }
                #expect(ticks.allSatisfy { $0.seconds >= start && $0.seconds <= start + span })
                #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.seconds < $1.seconds })
            }
            span *= 1.7
        }
    }
}
