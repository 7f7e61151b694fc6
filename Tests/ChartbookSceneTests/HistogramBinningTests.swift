import Testing
@testable import ChartbookModel
import ChartbookData
@testable import ChartbookScene

/// Histogram bins against their definition: every finite value counted once, in the bin
/// whose edges hold it; edges at round numbers covering the data.
@Suite struct HistogramBinningTests {
    static func randomValues(_ random: inout RandomSource) -> [Double] {
        let n = 1 + Int(random.next() % 500)
        let scale = [1e-3, 1, 37, 1e6][Int(random.next() % 4)]
        let offset = Double(Int(random.next() % 200)) - 100
        return (0..<n).map { _ in
            if random.next() % 50 == 0 { return .nan }
            // Whole numbers land on edges often: the hard case.
            let x = Double(Int(random.next() % 1000)) / 10
            return (x + offset) * scale
        }
    }

    @Test func countsSumToTheFiniteValuesAndEdgesCoverThem() throws {
        var random = RandomSource(seed: 5)
        let rules: [HistogramStyle.Bins] = [
            .auto, .sturges, .fd, .count(1), .count(7), .count(100),
        ]
        for trial in 0..<300 {
            let values = Self.randomValues(&random)
            let rule = rules[trial % rules.count]
            let binning = try #require(HistogramBinning.make([values], rule: rule))
            let counts = binning.counts(values)
            let finite = values.filter(\.isFinite)
            #expect(counts.reduce(0, +) == Double(finite.count), "trial \(trial)")
            let edges = binning.edges
            #expect(edges.first! <= finite.min()! && edges.last! >= finite.max()!, "trial \(trial)")
            // Each value in the bin whose edges hold it (the last bin is closed).
            var expected = [Double](repeating: 0, count: binning.count)
            for v in finite {
                let i =
                    (0..<binning.count).first { v >= edges[$0] && v < edges[$0 + 1] } ?? binning
                    .count - 1
                expected[i] += 1
            }
            #expect(counts == expected, "trial \(trial) \(rule)")
            // The width is 1, 2 or 5 times a power of ten.
            let mantissa = binning.width / pow10(floor(log10(binning.width)))
            #expect([1, 2, 5].contains { abs(mantissa - $0) < 1e-9 }, "width \(binning.width)")
        }
    }

    @Test func sturgesAndCountsGiveAboutThatManyBins() throws {
        let values = (0..<1000).map { Double($0) / 10 }
        let sturges = try #require(HistogramBinning.make([values], rule: .sturges))
        #expect((8...14).contains(sturges.count))
        let ten = try #require(HistogramBinning.make([values], rule: .count(10)))
        #expect(ten.count == 10 && ten.width == 10 && ten.first == 0)
        let one = try #require(HistogramBinning.make([[4, 4, 4]], rule: .auto))
        #expect(one.count == 1 && one.counts([4, 4, 4]) == [3])
        #expect(HistogramBinning.make([[.nan]], rule: .auto) == nil)
    }

    func pow10(_ x: Double) -> Double { Foundation.pow(10, x) }
}

import Foundation

/// Box statistics against a sort-based reference.
@Suite struct BoxStatisticsTests {
    @Test func quartilesWhiskersAndOutliersMatchSorting() throws {
        var random = RandomSource(seed: 9)
        for trial in 0..<300 {
            let n = 1 + Int(random.next() % 300)
            var values = (0..<n).map { _ in Double(Int(random.next() % 100)) }
            if trial % 3 == 0 { values.append(Double(Int(random.next() % 100)) * 10) }
            if trial % 5 == 0 { values.append(.nan) }
            let stats = try #require(BoxStatistics(values))
            let quartiles = [0.25, 0.5, 0.75].map { Statistics.quantile($0, of: values) }
            let q = { (p: Double) in quartiles[p == 0.25 ? 0 : p == 0.5 ? 1 : 2] }
            #expect(
                stats.lowerQuartile == q(0.25) && stats.median == q(0.5)
                    && stats.upperQuartile == q(0.75), "trial \(trial)")
            let reach = 1.5 * (q(0.75) - q(0.25))
            let inside = values.filter {
                $0.isFinite && $0 >= q(0.25) - reach && $0 <= q(0.75) + reach
            }
            #expect(stats.lowerWhisker == min(inside.min() ?? q(0.25), q(0.25)))
            #expect(stats.upperWhisker == max(inside.max() ?? q(0.75), q(0.75)))
            #expect(stats.outliers.count + inside.count == values.filter(\.isFinite).count)
        }
        #expect(BoxStatistics([.nan]) == nil)
    }
}
