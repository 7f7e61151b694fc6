import Testing
import ChartbookCommands
import ChartbookModel
import ChartbookScene
@testable import ChartbookKit

/// The "wrong or misleading today" list of issue 9, each as it was reproduced by hand.
@Suite struct AxisFixesTests {
    func scene(_ script: String, columns: Int = 72, rows: Int = 20) -> Scene {
        var notebook = Notebook()
        let executor = Executor(files: InMemoryFiles())
        for line in Lexer.logicalLines(ScriptSource(name: "t", text: script)) {
            for tokens in (try? Lexer.commands(in: line)) ?? [] {
                do {
                    _ = try executor.run(
                        Parser.parse(tokens), text: tokens.text, at: tokens.tokens[0].range,
                        in: &notebook)
                } catch { Issue.record("\(error.message)") }
            }
        }
        return ChartLayout(columns: columns, rows: rows, dots: DotDensity(x: 2, y: 4)).scene(
            for: notebook.session)
    }

    func yLabels(_ scene: Scene) -> [String] {
        scene.texts.filter { $0.role == .yLabel }.map(\.text)
    }

    /// `--size 40x6 'data b = 2 4 3'` labelled consecutive rows 4.0 / 3.2 / 2.8 / 2.4.
    @Test func shortChartsGetFewerRoundTicks() {
        let s = scene("data b = 2 4 3; add plot line b", columns: 40, rows: 6)
        #expect(yLabels(s) == ["2", "4"])
        let rows = s.texts.filter { $0.role == .yLabel }.map(\.row)
        #expect(Set(rows).count == rows.count)
    }

    /// `set range ..200` ticked 80/104/128; `-0.3..0.9` left 0 unlabelled; `10..38` gave 15.6 ….
    @Test func fixedRangesAreTickedAtRoundValuesInside() {
        let open = yLabels(scene("data b = 90 150 120; add plot line b; set range ..200"))
        #expect(open.last == "200")
        #expect(open.allSatisfy { (Int($0) ?? 1) % 20 == 0 })
        #expect(
            yLabels(scene("data b = 0.1 0.8; add plot line b; set range -0.3..0.9")).contains("0.0")
        )
        #expect(
            yLabels(scene("data b = 12 30; add plot line b; set range 10..38")) == [
                "10", "15", "20", "25", "30", "35",
            ])
    }

    /// `minmax=off` hid the first and last listed lines, so `relative 0.5 minmax=off` drew none.
    @Test func minmaxOffHidesTheRangeEnds() {
        let s = scene("data b = 0 10; add plot line b; set reflines relative 0.5 minmax=off")
        #expect(s.rules.filter { $0.kind == .grid }.count == 1)
        let auto = scene("data b = 0 10; add plot line b; set reflines minmax=off")
        #expect(!yLabels(auto).contains("0") && !yLabels(auto).contains("10"))
    }

    /// Absolute lines all outside the data left no y labels at all.
    @Test func absoluteLinesOutsideTheDataKeepTheAxisReadable() {
        let s = scene("data b = 1 2 3; add plot line b; set reflines absolute 100 200")
        #expect(!yLabels(s).isEmpty)
        #expect(s.rules.filter { $0.kind == .grid }.isEmpty)
    }

    /// Listed positions closer than a row: one label per row (`0.00` and `-0.15` collided).
    @Test func yLabelsNeverShareARow() {
        let s = scene(
            "data b = -0.15 0 0.3; add plot line b; set reflines absolute -0.15 -0.1 0 0.1 0.3",
            columns: 40, rows: 6)
        let rows = s.texts.filter { $0.role == .yLabel }.map(\.row)
        #expect(Set(rows).count == rows.count, "\(s.texts.filter { $0.role == .yLabel })")
        #expect(s.rules.filter { $0.kind == .grid }.count >= 3)
    }

    /// `median` and `mean` of one series on one row showed as `m mean 138.1`.
    @Test func markedLabelsNeverShareARow() {
        let s = scene(
            "data b = 1 2 3 4 5; add plot line b; add refline median b; add refline mean b")
        let labels = s.texts.filter { $0.role == .markLabel }
        #expect(labels.count == 2)
        #expect(Set(labels.map(\.row)).count == 2)
    }

    /// Ten series kept five legend entries, cut with `…`.
    @Test func legendWrapsOntoMoreRows() {
        var script = ""
        for i in 1...10 { script += "data series_\(i) = 1 \(i); add plot line series_\(i); " }
        let s = scene(script, columns: 60, rows: 24)
        let names = s.texts.filter { $0.role == .legend && $0.text.hasPrefix("series") }
        #expect(names.count == 10)
        #expect(Set(names.map(\.row)).count >= 2)
    }

    /// A huge reference line overflowed the range arithmetic to inf.
    @Test func hugeValuesStayFinite() {
        let s = scene("data b = 1 2; add plot line b; add refline 1e308")
        #expect(s.yRange.upperBound.isFinite && s.yRange.lowerBound.isFinite)
    }

    /// SVG ticks sat at terminal rows, up to 8 px off their grid lines: the scene now holds
    /// them as dot positions, the same as the rules'.
    @Test func tickDotsAreTheRulesDots() {
        let s = scene("data b = 3 17 9; add plot line b")
        #expect(s.frame.yTickDots == s.rules.filter { $0.kind == .grid }.map(\.dotY))
    }

    /// `by=` over a column of ids made a series per row: refused past the limit when added,
    /// capped with a note when the data grew later.
    @Test func groupsAreLimited() {
        var limits = ResourceLimits()
        limits.maxGroups = 3
        var executor = Executor(files: InMemoryFiles(["/work/g.csv": "id,v\na,1\nb,2\nc,3\nd,4\n"]))
        executor.limits = limits
        var notebook = Notebook()
        let line = Lexer.logicalLines(ScriptSource(name: "t", text: "load g.csv"))[0]
        let load = try? Lexer.commands(in: line)[0]
        if let load, let command = try? Parser.parse(load) {
            _ = try? executor.run(command, text: load.text, at: load.tokens[0].range, in: &notebook)
        }
        let add = Lexer.logicalLines(ScriptSource(name: "t", text: "add plot line g.v by=id"))[0]
        guard let tokens = try? Lexer.commands(in: add)[0], let command = try? Parser.parse(tokens)
        else {
            Issue.record("no command")
            return
        }
        #expect(throws: Diagnostic.self) {
            try executor.run(command, text: tokens.text, at: tokens.tokens[0].range, in: &notebook)
        }
        var s = notebook.session
        let ids = (0..<1005).map { "g\($0)" }
        s.upsert(
            Dataset(
                name: "big",
                columns: [
                    Column(name: "id", text: ids),
                    Column(name: "v", numbers: (0..<1005).map(Double.init)),
                ],
                source: .inline))
        s.plots = [
            Plot(
                id: "v", kind: .line, series: SeriesReference(dataset: "big", column: "v"),
                style: PlotStyle(), binding: PlotBinding(by: "id"))
        ]
        let scene = ChartLayout(columns: 80, rows: 30, dots: DotDensity(x: 2, y: 4)).scene(for: s)
        #expect(scene.layers.count == 1000)
        #expect(
            scene.texts.filter { $0.role == .note }.map(\.text) == [
                "note: v has 1005 groups; the first 1000 are drawn"
            ])
    }
}

/// Issue 31: the right axis's tick marks sat on the left axis's rows; they stand beside the
/// right axis's own labels.
@Suite struct RightAxisTickTests {
    @Test func rightTicksStandBesideTheRightLabels() {
        let session = sessionAfter(
            "data t = 0 10 20 30 40 35 25\ndata r = 1 7 3 15 2 9 4\nadd plot line t\nadd plot bar r axis=right"
        )
        let target = TerminalTarget(columns: 60, rows: 14, colorMode: .none)
        let scene = ChartRenderer.scene(for: session, on: target)
        let grid = ChartRenderer.grid(for: session, on: target)
        guard let column = scene.frame.rightColumn else {
            Issue.record("no right axis")
            return
        }
        let rightRows = Set(
            scene.texts.filter { $0.role == .yLabel && $0.column > column }.map(\.row))
        #expect(rightRows.count >= 2)
        for row in scene.plotArea.row..<(scene.plotArea.row + scene.plotArea.height) {
            let ticked = grid[column, row].character == "├"
            #expect(ticked == rightRows.contains(row), "row \(row)")
        }
    }
}
