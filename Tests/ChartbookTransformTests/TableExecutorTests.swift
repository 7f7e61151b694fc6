import ChartbookData
import ChartbookModel
import Foundation
import Testing

@testable import ChartbookTransform

/// The local executor on small tables whose answers are worked out by hand.
@Suite struct TableExecutorTests {
    static let yields = Dataset(
        name: "b",
        columns: [
            Column(name: "site", text: ["A", "A", "A", "B", "B", "B", "C"]),
            Column(name: "year", numbers: [2001, 2001, 2002, 2001, 2002, 2002, 2001]),
            Column(name: "yield", numbers: [10, 12, 14, 20, 22, .nan, 5]),
        ], source: .inline)

    func run(_ p: TransformPipeline, _ d: Dataset = yields) throws -> TableExecutor.Result {
        try TableExecutor.run(p, on: d)
    }

    func column(_ r: TableExecutor.Result, _ name: String) -> [String] {
        guard let c = r.table.column(named: name) else { return [] }
        return (0..<c.count).map(c.text)
    }

    @Test func meanBySiteAndYearLeavesMissingValuesOut() throws {
        let r = try run(TransformPipeline(x: "site", y: "yield", by: "year", aggregate: .mean))
        #expect(column(r, "site") == ["A", "A", "B", "B", "C"])
        #expect(column(r, "year") == ["2001", "2002", "2001", "2002", "2001"])
        #expect(column(r, "yield") == ["11", "14", "20", "22", "5"])
        // The rows each value covers, the missing one included.
        #expect(column(r, "rows") == ["2", "1", "1", "2", "1"])
    }

    @Test func countWithoutAColumnCountsRows() throws {
        let r = try run(TransformPipeline(x: "site", y: nil, aggregate: .count))
        #expect(r.y == "count")
        #expect(column(r, "count") == ["3", "3", "1"])
        let present = try run(TransformPipeline(x: "site", y: "yield", aggregate: .count))
        #expect(column(present, "yield") == ["3", "2", "1"])
    }

    @Test func everyAggregateOfOneGroup() throws {
        let d = Dataset(
            name: "d",
            columns: [
                Column(name: "k", text: Array(repeating: "a", count: 6)),
                Column(name: "v", numbers: [4, 1, .nan, 3, 1, 9]),
            ], source: .inline)
        let expected: [Aggregation: String] = [
            .sum: "18", .count: "5", .mean: "3.6", .median: "3", .min: "1", .max: "9",
            .q1: "1", .q3: "4", .distinct: "4",
        ]
        for (op, value) in expected {
            let r = try run(TransformPipeline(x: "k", y: "v", aggregate: op), d)
            #expect(column(r, "v") == [value], "\(op)")
        }
        // The percentiles, R-7 over 1 1 3 4 9: h = p·4, between ranks 3 and 4 (4 and 9).
        for (op, value) in [(Aggregation.p90, 7.0), (.p95, 8), (.p99, 8.8)] {
            let r = try run(TransformPipeline(x: "k", y: "v", aggregate: op), d)
            #expect(abs((r.table.column(named: "v")?.numbers?[0] ?? 0) - value) < 1e-12, "\(op)")
        }
        let sd = try run(TransformPipeline(x: "k", y: "v", aggregate: .stdev), d)
        #expect(abs((sd.table.column(named: "v")?.numbers?[0] ?? 0) - 10.8.squareRoot()) < 1e-12)
    }

    @Test func aGroupWithoutValuesIsMissingNotZero() throws {
        let d = Dataset(
            name: "d",
            columns: [
                Column(name: "k", text: ["a", "b"]), Column(name: "v", numbers: [1, .nan]),
            ], source: .inline)
        let sum = try run(TransformPipeline(x: "k", y: "v", aggregate: .sum), d)
        #expect(column(sum, "v") == ["1", ""])
        let count = try run(TransformPipeline(x: "k", y: "v", aggregate: .count), d)
        #expect(column(count, "v") == ["1", "0"])
    }

    static let days: Dataset = {
        // 2024-01-29 (a Monday) … 2024-03-03, one row a day: value = day number.
        let start = Double(CivilCalendar.days(from: .init(year: 2024, month: 1, day: 29))) * 86_400
        let times = (0..<35).map { start + Double($0) * 86_400 }
        return Dataset(
            name: "d",
            columns: [
                Column(name: "t", times: times),
                Column(name: "v", numbers: (0..<35).map(Double.init)),
            ], source: .inline)
    }()

    @Test func monthsAndMondayWeeks() throws {
        let months = try run(
            TransformPipeline(x: "t", y: "v", bin: .time(.month), aggregate: .count), Self.days)
        #expect(column(months, "t") == ["2024-01-01", "2024-02-01", "2024-03-01"])
        #expect(column(months, "v") == ["3", "29", "3"])
        let weeks = try run(
            TransformPipeline(x: "t", y: "v", bin: .time(.week), aggregate: .min), Self.days)
        #expect(column(weeks, "t").first == "2024-01-29")
        #expect(column(weeks, "v") == ["0", "7", "14", "21", "28"])
        let weekdays = try run(
            TransformPipeline(x: "t", y: "v", bin: .time(.dayOfWeek), aggregate: .count),
            Self.days)
        #expect(column(weekdays, "t") == TimeUnit.dayNames)
        #expect(column(weekdays, "v") == ["5", "5", "5", "5", "5", "5", "5"])
    }

    @Test func monthsInAZoneStartAtItsMidnight() throws {
        // 2024-02-29T23:30Z is 1 March 00:30 in Paris.
        let t =
            Double(CivilCalendar.days(from: .init(year: 2024, month: 2, day: 29))) * 86_400
            + 23.5 * 3600
        let d = Dataset(
            name: "d",
            columns: [Column(name: "t", times: [t]), Column(name: "v", numbers: [1])],
            source: .inline)
        let paris = try #require(TimeZoneSetting(parsing: "Europe/Paris"))
        let r = try run(
            TransformPipeline(
                x: "t", y: "v", bin: .time(.month), aggregate: .sum, timeZone: paris), d)
        // 1 March 00:00 in Paris is 29 February 23:00 UTC.
        #expect(r.table.column(named: "t")?.numbers == [t - 1800])
    }

    @Test func numericBinsKeyedByTheirCentres() throws {
        let d = Dataset(
            name: "d",
            columns: [
                Column(name: "x", numbers: [0, 4.9, 5, 12, -1]),
                Column(name: "v", numbers: [1, 1, 1, 1, 1]),
            ], source: .inline)
        let r = try run(TransformPipeline(x: "x", y: "v", bin: .step(5), aggregate: .sum), d)
        #expect(column(r, "x") == ["-2.5", "2.5", "7.5", "12.5"])
        #expect(column(r, "v") == ["1", "2", "1", "1"])
        #expect(XBin.step(count: 10, extent: 0...97) == 10)
        #expect(XBin.step(count: 20, extent: 3...17) == 1)
    }

    @Test func windowsRunOverPointsWithAValue() throws {
        let v: [Double] = [1, 2, .nan, 3, 4, 6]
        let d = Dataset(
            name: "d",
            columns: [
                Column(name: "x", numbers: [6, 5, 4, 3, 2, 1].map(Double.init)),
                Column(name: "v", numbers: v.reversed()),
            ], source: .inline)
        // Sorted by x: 1 2 nan 3 4 6.
        let rolling = try run(
            TransformPipeline(x: "x", y: "v", window: .rolling(.mean, .points(2))), d)
        #expect(column(rolling, "v") == ["", "1.5", "", "2.5", "3.5", "5"])
        let running = try run(TransformPipeline(x: "x", y: "v", window: .running(.sum)), d)
        #expect(column(running, "v") == ["1", "3", "", "6", "10", "16"])
        let pct = try run(TransformPipeline(x: "x", y: "v", window: .change(.pct)), d)
        #expect(column(pct, "v") == ["", "100", "", "50", "33.33333333333333", "50"])
        // Indexed to the first point: 100·v/1.
        let index = try run(TransformPipeline(x: "x", y: "v", window: .change(.index)), d)
        #expect(column(index, "v") == ["100", "200", "", "300", "400", "600"])
    }

    @Test func spanWindowsNeedAFullSpan() throws {
        let r = try run(
            TransformPipeline(x: "t", y: "v", window: .rolling(.sum, .span(7 * 86_400))),
            Self.days)
        let values = try #require(r.table.column(named: "v")?.numbers)
        #expect(values[..<7].allSatisfy { $0.isNaN })
        // (t − 7d, t] at day 7 holds days 1…7.
        #expect(values[7] == 28)
    }

    @Test func refusalsNameTheRemedy() {
        #expect(throws: TransformError.needsX(option: "agg")) {
            try run(TransformPipeline(x: nil, y: "yield", aggregate: .mean))
        }
        #expect(throws: TransformError.binWithoutAggregate) {
            try run(TransformPipeline(x: "year", y: "yield", bin: .step(2)))
        }
        #expect(throws: TransformError.timeBinNeedsTimes(unit: .month, column: "year")) {
            try run(TransformPipeline(x: "year", y: "yield", bin: .time(.month), aggregate: .sum))
        }
        #expect(throws: TransformError.numberBinNeedsNumbers(bin: .step(1), column: "site")) {
            try run(TransformPipeline(x: "site", y: "yield", bin: .step(1), aggregate: .sum))
        }
    }
}
