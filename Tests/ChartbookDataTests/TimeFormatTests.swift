import ChartbookModel
import Testing

@testable import ChartbookData

/// Issue 27: `time=FORMAT` reads times written some other way.
@Suite struct TimeFormatTests {
    func iso(_ pattern: String, _ text: String) throws -> String? {
        try TimeFormat(pattern).parse(text).map { TimeText.iso($0.seconds()) }
    }

    @Test func patterns() throws {
        #expect(try iso("%Y%m%d", "19580329") == "1958-03-29")
        #expect(try iso("%d.%m.%Y", "1.3.1958") == "1958-03-01")
        #expect(try iso("%d.%m.%Y %H:%M", "01.03.1958 10:30") == "1958-03-01 10:30")
        #expect(try iso("%y-%m-%d", "69-01-02") == "1969-01-02")
        #expect(try iso("%y-%m-%d", "68-01-02") == "2068-01-02")
        #expect(try iso("%Y-%j", "2024-060") == "2024-02-29")
        #expect(try iso("%b %d %Y %I:%M %p", "mar 5 2021 12:15 AM") == "2021-03-05 00:15")
        #expect(try iso("%B %e, %Y", "September 9, 2001") == "2001-09-09")
        #expect(try iso("%Y-%m-%dT%H:%M:%S%z", "2020-01-01T12:00:00+02:00") == "2020-01-01 10:00")
        #expect(try iso("%Y%%%m", "2020%07") == "2020-07-01")
        #expect(
            try TimeFormat("%H:%M:%S %Y").parse("10:00:01.25 2020")?.seconds().truncatingRemainder(
                dividingBy: 60) == 1.25)
    }

    @Test func cellsThatDoNotMatchAreNotTimes() throws {
        let f = try TimeFormat("%Y%m%d")
        #expect(f.parse("19580230") == nil)  // 30 February
        #expect(f.parse("1958032") != nil)  // the day takes what is left
        #expect(f.parse("195803291") == nil)  // more than the pattern reads
        #expect(f.parse("1958-03-29") == nil)
        #expect(try TimeFormat("%Y-%j").parse("2023-366") == nil)
    }

    @Test func badPatternsAreRefused() {
        #expect(throws: TimeFormat.Problem.unknownDirective("%Q")) { try TimeFormat("%Y%Q") }
        #expect(throws: TimeFormat.Problem.noDate) { try TimeFormat("%H:%M") }
        #expect(throws: TimeFormat.Problem.unknownDirective("%")) { try TimeFormat("%Y%") }
    }
}
