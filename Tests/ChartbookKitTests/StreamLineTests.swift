import Testing
@testable import ChartbookKit

@Suite struct StreamLineTests {
    @Test func parsesNumbersNamesAndBlanks() {
        #expect(StreamLine.parse("1 2.5,3\t4") == .values([1, 2.5, 3, 4]))
        #expect(StreamLine.parse("cpu mem") == .names(["cpu", "mem"]))
        #expect(StreamLine.parse("   ") == .blank)
        #expect(StreamLine.parse("1\r") == .values([1]))
        guard case .values(let v) = StreamLine.parse("1 nan 3") else {
            Issue.record("no values"); return
        }
        #expect(v[1].isNaN)
    }
}
