import Testing
@testable import ChartbookKit

@Suite struct StreamLineTests {
    @Test func parsesNumbersNamesAndBlanks() {
        #expect(StreamLine.parse("1 2.5 3 4") == .values([1, 2.5, 3, 4], times: []))
        #expect(StreamLine.parse("1, 2.5,3\t4") == .values([1, 2.5, 3, 4], times: []))
        #expect(StreamLine.parse("cpu mem") == .names(["cpu", "mem"]))
        #expect(StreamLine.parse("   ") == .blank)
        #expect(StreamLine.parse("1\r") == .values([1], times: []))
        guard case .values(let v, _) = StreamLine.parse("1 nan 3") else {
            Issue.record("no values"); return
        }
        #expect(v[1].isNaN)
    }

    /// Issue 31: dates and times are values (seconds since the epoch), a space inside a field
    /// when commas separate; words after the first line are no values.
    @Test func readsDatesAndTimes() {
        #expect(
            StreamLine.parse("2024-03-01T10:00:00Z 42") == .values([1_709_287_200, 42], times: [0]))
        #expect(
            StreamLine.parse("2024-03-01 10:00,42") == .values([1_709_287_200, 42], times: [0]))
        #expect(StreamLine.parse("12:00 warming up") == .names(["12:00", "warming", "up"]))
    }
}
