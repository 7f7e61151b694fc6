import Foundation
import Testing
import ChartbookModel
@testable import ChartbookScene

@Suite struct YRangeTests {
    @Test(arguments: [
        (0.0, 17.3, 5, 0.0, 20.0), (-4.7, 19.2, 5, -5.0, 20.0), (3.0, 3.0, 5, 2.0, 4.0),
        (0.0, 0.0, 5, -1.0, 1.5),
        (101.0, 109.0, 4, 100.0, 110.0), (-0.013, 0.042, 5, -0.015, 0.06), (3, 17, 5, 3, 18),
        (0.0, 1e6, 5, 0.0, 1e6),
    ])
    func niceRanges(
        _ lo: Double, _ hi: Double, _ intervals: Int, _ expectedLo: Double, _ expectedHi: Double
    ) {
        let r = YRange.nice(lo, hi, intervals: intervals)
        #expect(r == expectedLo...expectedHi)
    }

    @Test func intervalsFromRelativePositions() {
        #expect(YRange.intervals(forRelative: [0, 0.2, 0.4, 0.6, 0.8, 1]) == 5)
        #expect(YRange.intervals(forRelative: [0, 0.25, 0.5, 0.75, 1]) == 4)
        #expect(YRange.intervals(forRelative: [0, 0.3, 1]) == 5)
    }
}

@Suite struct LabelFormatterTests {
    @Test func sharedDecimals() {
        #expect(LabelFormatter().labels(for: [0, 2.5, 5, 7.5]) == ["0.0", "2.5", "5.0", "7.5"])
        #expect(LabelFormatter().labels(for: [-20, 0, 20]) == ["-20", "0", "20"])
        #expect(LabelFormatter(decimals: 2, units: " ms").labels(for: [1]) == ["1.00 ms"])
    }

    @Test func suffixAndPercent() {
        #expect(
            LabelFormatter(format: .suffix).labels(for: [0, 500, 1500, 2000]) == [
                "0", "0.5K", "1.5K", "2.0K",
            ])
        #expect(LabelFormatter(format: .suffix).labels(for: [0, 2_000_000]) == ["0", "2M"])
        #expect(
            LabelFormatter(format: .percent).labels(for: [0, 0.25, 1]) == ["0%", "25%", "100%"])
    }

    @Test func neverNegativeZero() {
        #expect(LabelFormatter.fixed(-0.0001, 2) == "0.00")
    }
}

@Suite struct XLabelPlacerTests {
    @Test func labelsNeverOverlapAndHonourSparsity() {
        for count in [1, 2, 7, 31, 365, 10_000] {
            for width in [5, 20, 60, 150] {
                for sparsity in [1, 3] {
                    let mapping = XMapping(
                        count: count, widthCells: width, dotsPerCell: 2, slotted: false)
                    let placer = XLabelPlacer(
                        mapping: mapping, areaColumn: 4, chartColumns: width + 4)
                    let placed = placer.place(count: count, sparsity: sparsity) { "L\($0)" }
                    for (a, b) in zip(placed, placed.dropFirst()) {
                        #expect(
                            a.column + a.text.count < b.column,
                            "overlap at count \(count) width \(width)")
                    }
                    for p in placed { #expect(Int(p.text.dropFirst())! % sparsity == 0) }
                    #expect(
                        placed.allSatisfy {
                            $0.column >= 0 && $0.column + $0.text.count <= width + 4
                        })
                }
            }
        }
    }

    @Test func stepsAreRound() {
        #expect(XLabelPlacer.nextStep(after: 1, multipleOf: 1) == 2)
        #expect(XLabelPlacer.nextStep(after: 2, multipleOf: 1) == 5)
        #expect(XLabelPlacer.nextStep(after: 10, multipleOf: 1) == 20)
        #expect(XLabelPlacer.nextStep(after: 20, multipleOf: 1) == 25)
        #expect(XLabelPlacer.nextStep(after: 25, multipleOf: 1) == 50)
        #expect(XLabelPlacer.nextStep(after: 3, multipleOf: 3) == 6)
    }
}

@Suite struct LayoutTests {
    func session(_ values: [Double], kind: Plot.Kind = .line) -> Session {
        var s = Session()
        s.datasets = [
            Dataset(name: "d", columns: [Column(name: "d", numbers: values)], source: .inline)
        ]
        s.plots = [
            Plot(
                id: "d", kind: kind, series: SeriesReference(dataset: "d", column: "d"),
                style: PlotStyle())
        ]
        return s
    }

    @Test func gridLabelsAreRoundAndFollowTheRange() {
        let scene = ChartLayout(columns: 60, rows: 20, dots: DotDensity(x: 2, y: 4)).scene(
            for: session([3, 17, 9]))
        // Steps of 1, 2 or 5 × 10ⁿ, about one tick every three rows; the range ends on the
        // half steps around the data.
        #expect(scene.yRange == 2.5...17.5)
        #expect(scene.texts.filter { $0.role == .yLabel }.map(\.text) == ["5", "10", "15"])
        let bottom = scene.rules.filter { $0.kind == .grid }.map(\.dotY).max() ?? 0
        #expect(bottom < (scene.plotArea.row + scene.plotArea.height) * 4 - 4)
    }

    /// Issue 31: −1.6…35.6 at 20 rows was drawn on −10…40, a quarter of the height empty.
    @Test func theRangeUsesTheHeight() {
        let scene = ChartLayout(columns: 60, rows: 20, dots: DotDensity(x: 2, y: 4)).scene(
            for: session([-1.6, 35.6, 12]))
        #expect(scene.yRange == -5...40)
        #expect(
            scene.texts.filter { $0.role == .yLabel }.map(\.text) == ["0", "10", "20", "30", "40"])
    }

    /// Issue 31: a single series is named in the legend, unless `set ylabel` names it.
    @Test func aSingleSeriesIsNamed() {
        let layout = ChartLayout(columns: 40, rows: 12, dots: DotDensity(x: 2, y: 4))
        var s = session([1, 3, 2])
        #expect(layout.scene(for: s).texts.contains { $0.role == .legend && $0.text == "d" })
        s.axes.yTitle = "metres"
        #expect(!layout.scene(for: s).texts.contains { $0.role == .legend })
        s.output.legend = true
        #expect(layout.scene(for: s).texts.contains { $0.role == .legend && $0.text == "d" })
    }

    @Test func missingValuesBreakTheLine() {
        let scene = ChartLayout(columns: 40, rows: 10, dots: DotDensity(x: 2, y: 4)).scene(
            for: session([1, 2, .nan, 4, 5]))
        guard case .polyline(let runs) = scene.layers[0].marks else {
            Issue.record("no line"); return
        }
        #expect(runs.count == 2)
    }

    @Test func barsIncludeZeroAndGrowDownForNegatives() {
        let scene = ChartLayout(columns: 40, rows: 12, dots: DotDensity(x: 2, y: 4)).scene(
            for: session([5, -5], kind: .bar))
        #expect(scene.yRange.contains(0))
        guard case .bars(let bars) = scene.layers[0].marks else { Issue.record("no bars"); return }
        #expect(bars[0].top < bars[0].base && bars[1].top > bars[1].base)
    }

    @Test func selectionReadoutShowsIndexLabelAndValues() {
        var s = session([3, 17, 9])
        s.datasets[0].labels = ["a", "b", "c"]
        s.selection = .index(1)
        let scene = ChartLayout(columns: 60, rows: 20, dots: DotDensity(x: 2, y: 4)).scene(for: s)
        #expect(scene.texts.filter { $0.role == .readout }.map(\.text).joined() == "▶ 1  b  d 17")
        #expect(scene.selection?.index == 1)
    }

    @Test func singlePointAndConstantSeriesDraw() {
        for values in [[5.0], [2, 2, 2]] {
            let scene = ChartLayout(columns: 30, rows: 10, dots: DotDensity(x: 2, y: 4)).scene(
                for: session(values))
            guard case .polyline(let runs) = scene.layers[0].marks else {
                Issue.record("no line"); return
            }
            #expect(
                !runs.isEmpty && scene.yRange.lowerBound < values[0]
                    && scene.yRange.upperBound > values[0])
        }
    }

    @Test func tinyTargetsKeepThePlot() {
        for (c, r) in [(0, 0), (1, 1), (3, 2), (10, 3), (12, 5)] {
            let scene = ChartLayout(columns: c, rows: r, dots: DotDensity(x: 2, y: 4)).scene(
                for: session([1, 2, 3]))
            #expect(scene.plotArea.height <= r && scene.plotArea.width <= c)
            #expect(scene.texts.allSatisfy { $0.row < r && $0.column >= 0 })
        }
    }

    @Test func smoothLineNeverOvershootsNeighbours() {
        var s = session([0, 10, 10, 0, 5])
        s.plots[0].style.stroke.curve = .smooth
        let scene = ChartLayout(columns: 60, rows: 20, dots: DotDensity(x: 2, y: 4)).scene(for: s)
        guard case .polyline(let runs) = scene.layers[0].marks else {
            Issue.record("no line"); return
        }
        let ys = runs.flatMap { $0 }.map(\.y)
        let top = YMapping(range: scene.yRange, heightDots: scene.plotDots.height).dot(10)
        #expect(ys.min() == top)  // the curve reaches 10 and never goes above it
    }
}

@Suite struct LineReducerTests {
    @Test func keepsFirstExtremesAndLastPerColumn() {
        var r = LineReducer()
        for (x, y) in [(0, 5), (0, 1), (0, 9), (0, 4), (1, 3)] { r.add(x: x, y: y) }
        #expect(
            r.finish() == [
                [
                    DotPoint(x: 0, y: 5), DotPoint(x: 0, y: 1), DotPoint(x: 0, y: 9),
                    DotPoint(x: 0, y: 4), DotPoint(x: 1, y: 3),
                ]
            ])
    }
}

@Suite struct DotSizeTests {
    @Test func smallDotsAreSingleRasterDots() {
        var s = Session()
        s.datasets = [
            Dataset(name: "d", columns: [Column(name: "d", numbers: [1, 2, 3])], source: .inline)
        ]
        s.plots = [
            Plot(
                id: "d", kind: .dot, series: SeriesReference(dataset: "d", column: "d"),
                style: PlotStyle(marker: MarkerStyle(size: 0.5)))
        ]
        let scene = ChartLayout(columns: 30, rows: 10, dots: DotDensity(x: 2, y: 4)).scene(for: s)
        guard case .polyline(let runs) = scene.layers[0].marks else {
            Issue.record("expected dots"); return
        }
        #expect(runs.count == 3 && runs.allSatisfy { $0.count == 1 })
        s.plots[0].style.marker.size = 2
        let glyphs = ChartLayout(columns: 30, rows: 10, dots: DotDensity(x: 2, y: 4)).scene(for: s)
        guard case .markers(let points, .circle) = glyphs.layers[0].marks else {
            Issue.record("expected markers"); return
        }
        #expect(points.count == 3)
    }
}

@Suite struct ScrollingLayoutTests {
    func session(_ values: [Double]) -> Session {
        var s = Session()
        s.datasets = [
            Dataset(name: "d", columns: [Column(name: "d", numbers: values)], source: .inline)
        ]
        s.plots = [
            Plot(
                id: "d", kind: .line, series: SeriesReference(dataset: "d", column: "d"),
                style: PlotStyle())
        ]
        return s
    }

    @Test func adaptRangeFitsTheVisiblePoints() {
        let values = (0..<300).map { Double($0) }  // 0 ... 299
        var s = session(values)
        s.view.spacing = .cells(2)
        s.view.anchor = .start(100)
        s.axes.range = .adapt
        let layout = ChartLayout(columns: 60, rows: 16, dots: DotDensity(x: 2, y: 4))
        let scene = layout.scene(for: s)
        let window = s.view.window(count: 300, widthCells: scene.plotArea.width)
        let visible = values[window]
        #expect(
            scene.yRange.lowerBound <= visible.min()! && scene.yRange.upperBound >= visible.max()!)
        #expect(scene.yRange.lowerBound > 50 && scene.yRange.upperBound < 200)
        s.axes.range = .auto
        #expect(layout.scene(for: s).yRange == 0...300)
    }

    @Test func positionLineShowsTheWindow() {
        var s = session((0..<1000).map { sin(Double($0) / 10) })
        s.view.spacing = .cells(3)
        s.view.anchor = .start(120)
        let scene = ChartLayout(columns: 60, rows: 16, dots: DotDensity(x: 2, y: 4)).scene(for: s)
        let text = scene.texts.filter { $0.role == .position }.map(\.text).joined()
        #expect(text.hasPrefix("points 120–138 of 1000"))
    }

    @Test func clipMarksWhereDataLeavesAFixedRange() {
        var s = session([1, 50, 2, -40, 3])
        s.axes.range = .fixed(lower: 0, upper: 10)
        let scene = ChartLayout(columns: 40, rows: 10, dots: DotDensity(x: 2, y: 4)).scene(for: s)
        #expect(scene.clipMarks.filter(\.above).count == 1)
        #expect(scene.clipMarks.filter { !$0.above }.count == 1)
    }

    @Test func onlySparklinesMakeADashboard() {
        var s = Session()
        s.datasets = [
            Dataset(
                name: "a", columns: [Column(name: "a", numbers: [1, 3, 2, 5])], source: .inline),
            Dataset(
                name: "b", columns: [Column(name: "b", numbers: [-1, 1, -2, 2])], source: .inline),
        ]
        var barStyle = PlotStyle()
        barStyle.spark.kind = .bar
        barStyle.spark.zero = true
        barStyle.spark.height = 2
        s.plots = [
            Plot(
                id: "a", kind: .sparkline, series: SeriesReference(dataset: "a", column: "a"),
                style: PlotStyle()),
            Plot(
                id: "b", kind: .sparkline, series: SeriesReference(dataset: "b", column: "b"),
                style: barStyle),
        ]
        let scene = ChartLayout(columns: 40, rows: 5, dots: DotDensity(x: 2, y: 4)).scene(for: s)
        #expect(scene.plotArea.isEmpty)
        #expect(scene.sparklines.count == 2)
        #expect(scene.sparklines[1].plotArea.height == 2)
        #expect(scene.texts.filter { $0.role == .sparkline }.map(\.text) == ["a", "5", "b", "2"])
    }

    @Test func windowEdges() {
        for count in [0, 1, 2, 5] {
            var s = session((0..<count).map(Double.init))
            s.view.spacing = .cells(4)
            s.view.anchor = .end(3)
            let scene = ChartLayout(columns: 30, rows: 8, dots: DotDensity(x: 2, y: 4)).scene(
                for: s)
            #expect(scene.plotArea.width > 0)
        }
    }
}

@Suite struct UnevenSeriesTests {
    /// Found by the drawing fuzz test: a short series with the window scrolled past its end.
    @Test func windowBeyondAShortSeries() {
        var s = Session()
        s.datasets = [
            Dataset(
                name: "long", columns: [Column(name: "long", numbers: (0..<500).map(Double.init))],
                source: .inline),
            Dataset(
                name: "short", columns: [Column(name: "short", numbers: [1, 2, 3])], source: .inline
            ),
        ]
        s.plots = [
            Plot(
                id: "long", kind: .line, series: SeriesReference(dataset: "long", column: "long"),
                style: PlotStyle()),
            Plot(
                id: "short", kind: .line,
                series: SeriesReference(dataset: "short", column: "short"), style: PlotStyle()),
            Plot(
                id: "bars", kind: .bar, series: SeriesReference(dataset: "short", column: "short"),
                style: PlotStyle()),
        ]
        s.view.spacing = .cells(2)
        s.view.anchor = .end(0)
        let scene = ChartLayout(columns: 60, rows: 12, dots: DotDensity(x: 2, y: 4)).scene(for: s)
        guard case .polyline(let runs) = scene.layers[1].marks else {
            Issue.record("no line"); return
        }
        #expect(runs.isEmpty)
    }

    /// Found by the fuzz test: a plot one dot wide (x scale 0) with many points.
    @Test func oneDotWidePlot() {
        var s = Session()
        s.datasets = [
            Dataset(
                name: "d",
                columns: [Column(name: "d", numbers: (0..<5000).map { sin(Double($0)) })],
                source: .inline)
        ]
        s.plots = [
            Plot(
                id: "d", kind: .line, series: SeriesReference(dataset: "d", column: "d"),
                style: PlotStyle())
        ]
        let scene = ChartLayout(columns: 1, rows: 4, dots: DotDensity(x: 1, y: 2)).scene(for: s)
        guard case .polyline(let runs) = scene.layers.first?.marks else {
            Issue.record("no line"); return
        }
        #expect(runs.flatMap { $0 }.allSatisfy { $0.x == 0 })
    }
}
