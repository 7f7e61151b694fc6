import ChartbookData
import ChartbookModel
@testable import ChartbookScene
import Testing

/// The pyramid gives exactly what one pass gives, and a line drawn through it is the line
/// drawn by the direct pass: random columns with spikes, ties, missing and infinite values,
/// small blocks (so every level is used), random stretches and views.
@Suite struct SummaryPyramidTests {
    /// A random walk quantised to few levels (many ties), with missing, infinite and spiking values.
    func column(_ count: Int, _ random: inout RandomSource, gaps: Bool) -> [Double] {
        var level = 0.0
        return (0..<count).map { _ in
            level += random.nextGaussian()
            let r = random.nextUnit()
            if gaps && r < 0.002 { return .nan }
            if gaps && r < 0.003 { return r < 0.0025 ? .infinity : -.infinity }
            return r < 0.01 ? level * 40 : (level * 2).rounded() / 2
        }
    }

    /// A pyramid of `values` with random small blocks and fan-out, so every level is used.
    func randomPyramid(
        _ values: [Double], _ random: inout RandomSource, blocksUpTo: UInt64, fanoutUpTo: UInt64
    ) -> SummaryPyramid {
        SummaryPyramid(
            values, blockSize: 1 + Int(random.next() % blocksUpTo),
            fanout: 2 + Int(random.next() % (fanoutUpTo - 1)))
    }

    func direct(_ values: [Double], _ range: Range<Int>) -> SummaryPyramid.Extremes {
        var e = SummaryPyramid.Extremes()
        for k in range {
            let v = values[k]
            guard v.isFinite else { e.hasNonFinite = true; continue }
            if v < e.low { e.low = v; e.lowAt = k }
            if v > e.high { e.high = v; e.highAt = k }
        }
        return e
    }

    @Test func extremesEqualOnePass() {
        var random = RandomSource(seed: 14)
        for trial in 0..<80 {
            let count = Int(random.next() % 20_000)
            let values = column(count, &random, gaps: trial % 2 == 0)
            let pyramid = randomPyramid(values, &random, blocksUpTo: 9, fanoutUpTo: 5)
            #expect(pyramid.count == count)
            for _ in 0..<50 {
                let a = count == 0 ? 0 : Int(random.next() % UInt64(count + 1))
                let b = a + Int(random.next() % UInt64(count - a + 1))
                let expected = direct(values, a..<b)
                #expect(
                    pyramid.extremes(in: a..<b, of: values) == expected,
                    "trial \(trial) \(a)..<\(b)")
                // The y extent a chart fits is the same as the one pass over the values.
                let extent = Statistics.extent(of: values[a..<b])
                #expect(extent?.0 == (expected.hasFinite ? expected.low : nil))
                #expect(extent?.1 == (expected.hasFinite ? expected.high : nil))
            }
        }
    }

    /// Large columns are built on both cores: the halves meet without a seam.
    @Test func parallelBuildEqualsOnePass() {
        var random = RandomSource(seed: 15)
        let values = column(SummaryPyramid.minimumCount * 4 + 77, &random, gaps: true)
        let pyramid = SummaryPyramid(values)
        for _ in 0..<40 {
            let a = Int(random.next() % UInt64(values.count))
            let b = a + Int(random.next() % UInt64(values.count - a + 1))
            #expect(pyramid.extremes(in: a..<b, of: values) == direct(values, a..<b))
        }
        #expect(Column(name: "v", numbers: values).summary != nil)
        #expect(Column(name: "v", numbers: Array(values.prefix(100))).summary == nil)
    }

    /// The line through the pyramid is the same runs, point for point, as the direct pass, for
    /// any view (window) and width.
    @Test func linesThroughThePyramidEqualTheDirectPass() {
        var random = RandomSource(seed: 16)
        for trial in 0..<60 {
            let count = 1 + Int(random.next() % 30_000)
            let values = column(count, &random, gaps: trial % 3 != 0)
            let pyramid = randomPyramid(values, &random, blocksUpTo: 16, fanoutUpTo: 7)
            let width = 1 + Int(random.next() % 160)
            let height = 1 + Int(random.next() % 60)
            let first = Int(random.next() % UInt64(count))
            let last = first + 1 + Int(random.next() % UInt64(count - first))
            let window = trial % 2 == 0 ? 0..<count : first..<last
            let x = XMapping(
                count: window.count, widthCells: width, dotsPerCell: 2, slotted: false,
                first: window.lowerBound, paddingLeft: trial % 4 == 1 ? 1 : 0)
            let y = YMapping(range: -60...60, heightDots: height * 4)
            let layout = ChartLayout(columns: width, rows: height, dots: DotDensity(x: 2, y: 4))
            let span = max(window.lowerBound - 1, 0)..<min(window.upperBound + 1, count)
            let direct = layout.straightRuns(values, span, x: x, y: y)
            let summarised = layout.straightRuns(values, span, x: x, y: y, summary: pyramid)
            #expect(
                summarised == direct,
                "trial \(trial): \(count) values, window \(window), width \(width)")
        }
    }

    /// `firstIndex` finds what a pass from the left finds, skipping blocks that cannot hold it.
    @Test func firstIndexEqualsOnePass() {
        var random = RandomSource(seed: 17)
        for trial in 0..<60 {
            let count = 1 + Int(random.next() % 10_000)
            let values = column(count, &random, gaps: trial % 2 == 0)
            let pyramid = randomPyramid(values, &random, blocksUpTo: 9, fanoutUpTo: 5)
            for _ in 0..<30 {
                let a = Int(random.next() % UInt64(count))
                let b = a + Int(random.next() % UInt64(count - a + 1))
                let threshold = (random.nextUnit() - 0.5) * 60
                let found = values.withUnsafeBufferPointer {
                    pyramid.firstIndex(
                        in: a..<b, of: $0, blockMayHold: { $0.high >= threshold },
                        holds: { $0 >= threshold && $0.isFinite })
                }
                #expect(found == (a..<b).first { values[$0] >= threshold && values[$0].isFinite })
            }
        }
    }

    /// On sorted real x (times with repeats and gaps of days): the line through the pyramid is
    /// point for point the line through every point.
    @Test func sortedLinesThroughThePyramidEqualEveryPoint() {
        var random = RandomSource(seed: 18)
        for trial in 0..<60 {
            let count = 2 + Int(random.next() % 30_000)
            let values = column(count, &random, gaps: trial % 3 != 0)
            var t = 1_700_000_000.0
            let xs = (0..<count).map { _ in
                t +=
                    random.nextUnit() < 0.2
                    ? 0 : random.nextUnit() * (random.nextUnit() < 0.01 ? 400_000 : 60)
                return t
            }
            let pyramid = randomPyramid(values, &random, blocksUpTo: 16, fanoutUpTo: 7)
            let width = 1 + Int(random.next() % 160)
            let height = 1 + Int(random.next() % 60)
            let a = Int(random.next() % UInt64(count))
            let b = a + 1 + Int(random.next() % UInt64(count - a))
            let domain = trial % 2 == 0 ? xs[0]...xs[count - 1] : xs[a]...max(xs[b - 1], xs[a] + 1)
            let x = XMapping(domain: domain, widthCells: width, dotsPerCell: 2)
            let y = YMapping(range: -60...60, heightDots: height * 4)
            let layout = ChartLayout(columns: width, rows: height, dots: DotDensity(x: 2, y: 4))
            let span = trial % 2 == 0 ? 0..<count : a..<b
            #expect(
                layout.sortedRuns(xs, values, span, x: x, y: y, summary: pyramid)
                    == layout.sortedRuns(xs, values, span, x: x, y: y),
                "trial \(trial): \(count) values, width \(width)")
        }
    }

    /// A column whose numbers change drops its pyramid (a kept one would describe old numbers).
    @Test func changedNumbersGetANewSummary() {
        let values = (0..<SummaryPyramid.minimumCount).map(Double.init)
        var dataset = Dataset(
            name: "d", columns: [Column(name: "v", numbers: values)], source: .inline)
        #expect(
            dataset.columns[0].summary.map { $0.extremes(in: 0..<values.count, of: values).high }
                == Double(values.count - 1))
        dataset.append(row: [1e9])
        let grown = dataset.columns[0].numbers ?? []
        #expect(dataset.columns[0].summary?.extremes(in: 0..<grown.count, of: grown).high == 1e9)
        #expect(dataset.columns[0] == Column(name: "v", numbers: grown))
    }
}
