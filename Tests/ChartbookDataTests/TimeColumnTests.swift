import Testing
import ChartbookModel
@testable import ChartbookData

/// Columns of dates and date-times become time columns, the same on both CSV paths.
@Suite struct TimeColumnTests {
    func read(_ text: String, fast: Bool = true, zone: TimeZoneSetting = .utc) throws
        -> DelimitedReader.Table
    {
        var reader = DelimitedReader()
        reader.useFastPath = fast
        reader.timeZone = zone
        return try reader.read(Array(text.utf8))
    }

    @Test(arguments: [true, false])
    func isoDatesAndDateTimes(fast: Bool) throws {
        let table = try read(
            "t,v\n2012-01-01,1\n2012-01-02T10:30:00Z,2\n2012-01-03 00:00:00.5+01:00,3\n", fast: fast
        )
        let t = table.columns[0]
        #expect(t.isTime)
        let expected: [Double] = [1_325_376_000, 1_325_500_200, 1_325_545_200.5]
        #expect(t.numbers == expected)
    }

    @Test(arguments: [true, false])
    func unparseableCellsAreMissingAndCounted(fast: Bool) throws {
        let table = try read(
            "t,v\n2012-01-01,1\nsoon,2\n2012-02-30,3\n42,4\n2012-01-05,5\n2012-01-06,6\n2012-01-07,7\n",
            fast: fast)
        let t = table.columns[0]
        #expect(t.isTime)
        #expect(t.unparseable == 3)
        #expect(t.numbers?.filter(\.isNaN).count == 3)
    }

    @Test func bothPathsAgree() throws {
        var text = "when,a,b\n"
        for day in 1...28 { text += "2020-02-\(day < 10 ? "0" : "")\(day)T12:00:00Z,\(day),x\n" }
        #expect(try read(text, fast: true) == read(text, fast: false))
    }

    @Test func numbersStayNumbers() throws {
        let table = try read("year,v\n2004,1\n2005,2\n")
        #expect(table.columns[0].isTime == false)
        #expect(table.columns[0].numbers == [2004, 2005])
    }

    @Test func zonelessTimesAreReadInTheSessionZone() throws {
        let paris = try #require(TimeZoneSetting(parsing: "Europe/Paris"))
        let table = try read(
            "t,v\n2012-01-01 12:00,1\n2012-07-01 12:00,2\n2012-07-01T12:00:00Z,3\n",
            zone: paris)
        // Winter +01:00, summer +02:00 (daylight saving time); the written zone wins.
        #expect(table.columns[0].numbers == [1_325_415_600, 1_341_136_800, 1_341_144_000])
        let fixed = try read(
            "t,v\n2012-01-01 12:00,1\n", zone: try #require(TimeZoneSetting(parsing: "-05:00")))
        #expect(fixed.columns[0].numbers == [1_325_437_200])
    }

    @Test func timeZoneSettings() {
        #expect(TimeZoneSetting(parsing: "+05:30")?.fixedOffset == 19_800)
        #expect(TimeZoneSetting(parsing: "-0800")?.fixedOffset == -28_800)
        #expect(TimeZoneSetting(parsing: "utc") == .utc)
        #expect(TimeZoneSetting(parsing: "+25:00") == nil)
        #expect(TimeZoneSetting(parsing: "Nowhere/City") == nil)
    }

    @Test func isoTextRoundTrips() {
        #expect(TimeText.iso(1_325_376_000) == "2012-01-01")
        #expect(TimeText.iso(1_325_500_200) == "2012-01-02 10:30")
        #expect(TimeText.iso(1_325_500_205.25) == "2012-01-02 10:30:05.25")
        #expect(TimeText.iso(0, offset: 3600) == "1970-01-01 01:00")
        #expect(TimeText.iso(-86_400) == "1969-12-31")
    }
}

@Suite struct JSONTimeTests {
    @Test func jsonDateStringsBecomeTimes() throws {
        let json = #"[{"day":"2012-01-01","v":1},{"day":"2012-01-02","v":2},{"day":null,"v":3}]"#
        let bytes = Array(json.utf8)
        let table = try bytes.withUnsafeBufferPointer { try JSONTableReader().read($0) }
        let day = try #require(table.columns.first { $0.name == "day" })
        #expect(day.isTime)
        #expect(day.numbers?.prefix(2) == [1_325_376_000, 1_325_462_400])
    }
}
