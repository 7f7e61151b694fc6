import ChartbookModel
import ChartbookScene
import ChartbookVegaLite
import Foundation
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// The axis guides and the seed features of issue 51: `set padding top= bottom=`, `scroll
/// next|prev`, reference line widths, `intermediate=lines`, `set grid`, `set xaxis|yaxis`,
/// `set xticks|yticks every`, `set xformat|yformat` — in the scene, the terminal, SVG and
/// Vega-Lite, replayed by a saved script.
@Suite struct AxisGuideTests {
    /// 700 days from 2023-01-01, a rising wave.
    static let daily =
        "date,sales\n"
        + (0..<700).map { i in
            let date = CivilCalendar.date(fromDays: 19_358 + i)
            let day = String(format: "%04d-%02d-%02d", date.year, date.month, date.day)
            return "\(day),\(1000 + Double(i) * 2)"
        }.joined(separator: "\n") + "\n"

    static let target = TerminalTarget(columns: 80, rows: 20, colorMode: .none)

    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        ScriptedSession.run(script, files: ["/work/s.csv": daily], &notebook)
    }

    static func session(_ script: String) -> Session {
        var notebook = Notebook()
        let errors = run(script, &notebook)
        #expect(errors == "", "\(errors)")
        return notebook.session
    }

    static let walk = "gen w walk 200\nadd plot line w.w\nset size 80x20\n"

    @Test func paddingTopAndBottomInsetTheRangesEnds() throws {
        let dated = "load s.csv as s\nadd plot line s.sales\n"
        let plain = ChartRenderer.scene(for: Self.session(dated), on: Self.target)
        let padded = ChartRenderer.scene(
            for: Self.session(dated + "set padding top=2 bottom=1"), on: Self.target)
        #expect(plain.yRange == padded.yRange)
        let dotsY = padded.dotsPerCell.y, height = padded.plotDots.height
        // The range's ends: the top two cells and the bottom cell hold no tick.
        let top = try #require(padded.frame.yTickDots.min())
        let bottom = try #require(padded.frame.yTickDots.max())
        #expect(top >= 2 * dotsY && bottom <= height - 1 - dotsY)
        let mapping = try #require(padded.yMappings["sales"])
        #expect(mapping.dot(padded.yRange.upperBound) == 2 * dotsY)
        #expect(mapping.dot(padded.yRange.lowerBound) == height - 1 - dotsY)
        // An engine's formula (the affine) places values on the same rows.
        let affine = try #require(mapping.affine)
        for value in stride(
            from: padded.yRange.lowerBound, through: padded.yRange.upperBound, by: 0.37)
        {
            let dot = Int(
                (min(max((affine.upper - value) * affine.scale, -affine.limit), affine.limit) + 0.5)
                    .rounded(.down))
            #expect(dot == mapping.dot(value))
        }
    }

    @Test func scrollNextAndPrevMoveByWholeWindows() {
        var notebook = Notebook()
        #expect(Self.run(Self.walk + "view 0..49\nscroll next", &notebook) == "")
        let width = ChartRenderer.plotWidth(of: notebook.session, on: Self.target)
        #expect(notebook.session.view.window(count: 200, widthCells: width) == 50..<100)
        #expect(Self.run("scroll prev\nscroll prev", &notebook) == "")
        #expect(notebook.session.view.window(count: 200, widthCells: width) == 0..<50)
        #expect(CommandPrinter.text(.scroll(.pages(-1))) == "scroll prev")
    }

    @Test func referenceLineWidthsReachEverySurface() throws {
        let session = Self.session(
            Self.walk + "add refline 5 \"five\" width=3\nset reflines width=2 style=solid")
        let svg = SVGExporter.svg(for: session, on: Self.target)
        #expect(svg.contains("stroke-width=\"3\""))
        #expect(svg.contains("stroke-width=\"2\""))
        let text = ChartRenderer.text(for: session, on: Self.target)
        #expect(text.contains("━━━"), "heavy rules in the terminal")
        let spec = VegaLiteExporter.spec(for: session, on: Self.target, urls: false)
        #expect(spec.contains("\"strokeWidth\": 3"))
    }

    @Test func intermediateLinesKeepTheLinesAndDropTheirLabels() {
        let all = ChartRenderer.scene(for: Self.session(Self.walk), on: Self.target)
        let some = ChartRenderer.scene(
            for: Self.session(Self.walk + "set reflines intermediate=lines"), on: Self.target)
        let grid = { (s: Scene) in s.rules.filter { $0.kind == .grid }.count }
        #expect(grid(all) == grid(some) && grid(all) > 2)
        let labels = some.texts.filter { $0.role == .yLabel }
        #expect(labels.count == 2)
        #expect(all.texts.filter { $0.role == .yLabel }.count == grid(all))
    }

    @Test func gridChoosesTheAxes() {
        let both = ChartRenderer.scene(
            for: Self.session(Self.walk + "set grid both"), on: Self.target)
        #expect(!both.xGridDots.isEmpty && both.xGridDots == both.frame.xTickDots)
        #expect(both.rules.contains { $0.kind == .grid })
        let x = ChartRenderer.scene(for: Self.session(Self.walk + "set grid x"), on: Self.target)
        #expect(!x.xGridDots.isEmpty && !x.rules.contains { $0.kind == .grid })
        // The y labels stay without their lines.
        #expect(x.texts.contains { $0.role == .yLabel })
        let text = ChartRenderer.text(for: Self.session(Self.walk + "set grid x"), on: Self.target)
        #expect(text.contains("┊"))
        let svg = SVGExporter.svg(for: Self.session(Self.walk + "set grid x"), on: Self.target)
        #expect(svg.components(separatedBy: "stroke-dasharray").count > x.xGridDots.count)
    }

    @Test func axisPartsShowAndHide() {
        let scene = ChartRenderer.scene(
            for: Self.session(Self.walk + "set xaxis labels=off\nset yaxis line=off ticks=off"),
            on: Self.target)
        #expect(!scene.texts.contains { $0.role == .xLabel })
        #expect(!scene.frame.xTickColumns.isEmpty, "the x ticks stay without their labels")
        #expect(scene.frame.leftColumn == nil && scene.frame.yTickRows.isEmpty)
        #expect(scene.texts.contains { $0.role == .yLabel })
        let spec = VegaLiteExporter.spec(
            for: Self.session("load s.csv as s\nadd plot line s.sales\nset xaxis labels=off"),
            on: Self.target, urls: false)
        #expect(spec.contains("\"labels\": false"))
    }

    @Test func yTicksEveryStepAndFormat() {
        let scene = ChartRenderer.scene(
            for: Self.session(Self.walk + "set yticks every 5\nset yformat \"%.1f u\""),
            on: Self.target)
        let ticks = scene.frame.yTicks
        #expect(!ticks.isEmpty)
        for tick in ticks {
            #expect((tick.value / 5).rounded() == tick.value / 5)
            #expect(tick.label == String(format: "%.1f u", tick.value))
        }
        // The automatic range ends on multiples of the step.
        #expect((scene.yRange.lowerBound / 5).rounded() == scene.yRange.lowerBound / 5)
        #expect((scene.yRange.upperBound / 5).rounded() == scene.yRange.upperBound / 5)
    }

    @Test func timeTicksOnCalendarStepsWithAFormat() throws {
        let session = Self.session(
            "load s.csv as s\nadd plot line s.sales\nset size 80x20\nset xticks every 3mo\nset xformat \"%b %y\""
        )
        let scene = ChartRenderer.scene(for: session, on: Self.target)
        let labels = scene.frame.xTicks.map(\.label)
        #expect(
            labels == [
                "Jan 23", "Apr 23", "Jul 23", "Oct 23", "Jan 24", "Apr 24", "Jul 24", "Oct 24",
            ])
        for tick in scene.frame.xTicks {
            let date = CivilCalendar.date(fromDays: Int(tick.value / 86_400))
            #expect(date.day == 1 && (date.month - 1) % 3 == 0)
        }
        // Vega-Lite writes the same texts at the same values.
        let spec = VegaLiteExporter.spec(for: session, on: Self.target, urls: false)
        #expect(spec.contains("Apr 23") && spec.contains("\"grid\": false"))
    }

    @Test func indexTicksEveryStep() {
        let scene = ChartRenderer.scene(
            for: Self.session(Self.walk + "set xticks every 25"), on: Self.target)
        #expect(!scene.frame.xTicks.isEmpty)
        #expect(scene.frame.xTicks.allSatisfy { Int($0.value) % 25 == 0 })
    }

    @Test func patterns() throws {
        #expect(try LabelPattern("$%'.0f").number(1_234_567.4) == "$1,234,567")
        #expect(try LabelPattern("%+.2e").number(1250) == "+1.25e+03")
        #expect(try LabelPattern("%.1f%%").number(12.34) == "12.3%")
        #expect(try LabelPattern("%d items").number(41.6) == "42 items")
        #expect(try LabelPattern("%.2f").number(-0.001) == "0.00")
        #expect(try LabelPattern("%d").kind == .number)
        #expect(try LabelPattern("%d %b").kind == .time)
        // 2024-03-05 14:07:09 UTC.
        let t = 1_709_647_629.0
        #expect(try LabelPattern("%Y-%m-%d %H:%M:%S").time(t, offset: 0) == "2024-03-05 14:07:09")
        #expect(
            try LabelPattern("%e %B %Y, %I %p (%a, day %j)").time(t, offset: 0)
                == "5 March 2024, 02 PM (Tue, day 065)")
        #expect(throws: LabelPattern.PatternError.self) { try LabelPattern("no conversion") }
        #expect(throws: LabelPattern.PatternError.self) { try LabelPattern("%Y %.1f") }
        #expect(throws: LabelPattern.PatternError.self) { try LabelPattern("%q") }
    }

    @Test func badValuesAreRefusedWithACaret() {
        var notebook = Notebook()
        #expect(Self.run(Self.walk, &notebook) == "")
        let before = notebook.session
        for (line, words) in [
            ("set yformat \"%q\"", "unknown conversion"), ("set yticks every 1d", "calendar step"),
            ("set xticks every -3", "positive number"), ("set grid sideways", "sideways"),
            ("set yformat \"%b %Y\"", "number pattern"), ("set xaxis colour=off", "colour"),
            ("add refline 3 width=99", "0.25 to 20"),
            ("set xticks every 3 months", "a step like 3mo"),
        ] {
            let errors = Self.run(line, &notebook)
            #expect(errors.contains("error:") && errors.contains(words), "\(line): \(errors)")
            #expect(errors.contains("^"), "a caret under \(line)")
            #expect(notebook.session == before)
        }
    }

    @Test func savedScriptsReplayTheGuides() {
        var notebook = Notebook()
        let script =
            "load s.csv as s\nadd plot line s.sales\nset padding top=1 bottom=2 left=1\n"
            + "set grid x\nset xaxis ticks=off\nset xticks every 2mo\nset xformat \"%b\"\n"
            + "set yticks every 250\nset yformat \"$%'.0f\"\nset yaxis line=off\n"
            + "set reflines intermediate=lines width=1.5\nadd refline 1500 width=3"
        #expect(Self.run(script, &notebook) == "")
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("every=2mo") && saved.contains("format=\"$%'.0f\""))
        var replayed = Notebook()
        #expect(Self.run(saved, &replayed) == "")
        #expect(replayed.session.axes == notebook.session.axes)
        #expect(replayed.session.view == notebook.session.view)
        #expect(replayed.session.referenceLines == notebook.session.referenceLines)
        #expect(replayed.session.markedLines == notebook.session.markedLines)
        #expect(
            ChartRenderer.text(for: replayed.session, on: Self.target)
                == ChartRenderer.text(for: notebook.session, on: Self.target))
    }
}

/// `set legend top|bottom` (issue 51: a legend value with a position).
@Suite struct LegendPositionTests {
    @Test func theLegendStandsBelowTheAxisWhenAsked() throws {
        let script =
            "gen a walk 50\ngen b walk 50 seed=2\nadd plot line a.a\nadd plot line b.b\n"
            + "set xlabel \"step\"\nset size 80x20\n"
        let top = ChartRenderer.scene(
            for: AxisGuideTests.session(script), on: AxisGuideTests.target)
        let bottomSession = AxisGuideTests.session(script + "set legend bottom")
        let bottom = ChartRenderer.scene(for: bottomSession, on: AxisGuideTests.target)
        let legendRow = { (s: Scene) in s.texts.first { $0.role == .legend }?.row }
        let titleRow = try #require(bottom.texts.first { $0.role == .axisTitle }?.row)
        #expect(try #require(legendRow(top)) < top.plotArea.row)
        #expect(try #require(legendRow(bottom)) == titleRow + 1)
        // The plot takes the row the legend gave up above it.
        #expect(bottom.plotArea.row == top.plotArea.row - 1)
        let saved = SessionScript.text(for: bottomSession, scriptDirectory: "/work")
        #expect(saved.contains("set legend bottom"))
        let spec = VegaLiteExporter.spec(for: bottomSession, on: AxisGuideTests.target, urls: false)
        #expect(spec.contains("\"orient\": \"bottom\""))
    }

    @Test func insideTheLegendStandsOnClearedCellsOfThePlot() throws {
        let script =
            "gen a walk 50\ngen b walk 50 seed=2\nadd plot line a.a\nadd plot line b.b\nset size 80x20\n"
        let top = ChartRenderer.scene(
            for: AxisGuideTests.session(script), on: AxisGuideTests.target)
        let session = AxisGuideTests.session(script + "set legend inside")
        let inside = ChartRenderer.scene(for: session, on: AxisGuideTests.target)
        // The plot takes the legend's row; the legend stands on its top row, right-aligned.
        #expect(inside.plotArea.row == top.plotArea.row - 1)
        let box = try #require(inside.legendBox)
        #expect(box.row == inside.plotArea.row)
        #expect(box.column + box.width == inside.plotArea.column + inside.plotArea.width)
        let legend = inside.texts.filter { $0.role == .legend }
        #expect(
            !legend.isEmpty && legend.allSatisfy { $0.row == box.row && $0.column >= box.column })
        let svg = SVGExporter.svg(for: session, on: AxisGuideTests.target)
        #expect(svg.contains("fill-opacity=\"0.85\"/>"))
        let spec = VegaLiteExporter.spec(for: session, on: AxisGuideTests.target, urls: false)
        #expect(spec.contains("\"orient\": \"top-right\""))
        #expect(top.legendBox == nil)
    }

    /// `set legend right|left`: a column beside the plot, an entry a row from the plot's top;
    /// the plot gives up the columns and keeps the row the legend left above it.
    @Test(arguments: ["right", "left"])
    func besideThePlotTheLegendIsAColumn(_ side: String) throws {
        let script =
            "gen alpha walk 50\ngen beta walk 50 seed=2\ngen gamma walk 50 seed=3\n"
            + "add plot line alpha\nadd plot line beta\nadd plot line gamma\nset size 80x20\n"
        let top = ChartRenderer.scene(
            for: AxisGuideTests.session(script), on: AxisGuideTests.target)
        let session = AxisGuideTests.session(script + "set legend \(side)")
        let beside = ChartRenderer.scene(for: session, on: AxisGuideTests.target)
        #expect(beside.plotArea.row == top.plotArea.row - 1)
        #expect(beside.plotArea.width < top.plotArea.width)
        let names = beside.texts.filter { $0.role == .legend && $0.text.count > 1 }
        #expect(names.map(\.text) == ["alpha", "beta", "gamma"])
        #expect(names.map(\.row) == [0, 1, 2].map { beside.plotArea.row + $0 })
        for name in names {
            if side == "right" {
                #expect(name.column > beside.plotArea.column + beside.plotArea.width)
            } else {
                #expect(name.column + name.text.count < beside.plotArea.column)
            }
        }
        let saved = SessionScript.text(for: session, scriptDirectory: "/work")
        #expect(saved.contains("set legend \(side)"))
        let spec = VegaLiteExporter.spec(for: session, on: AxisGuideTests.target, urls: false)
        #expect(spec.contains("\"orient\": \"\(side)\""))
    }
}

/// `set xaxis angle=N`: SVG writes the labels the layout placed slanted by N degrees, each
/// ending at its tick (the image grows by what they need); Vega-Lite's `labelAngle`.
@Suite struct LabelAngleTests {
    @Test func labelsSlantInVectorOutput() throws {
        let script = "load s.csv as s\nadd plot line s.sales\nset size 80x20\n"
        let level = AxisGuideTests.session(script)
        let slanted = AxisGuideTests.session(script + "set xaxis angle=60")
        let flat = SVGExporter.svg(for: level, on: AxisGuideTests.target)
        let svg = SVGExporter.svg(for: slanted, on: AxisGuideTests.target)
        #expect(!flat.contains("rotate(") && svg.contains("rotate(-60 "))
        let scene = ChartRenderer.scene(for: slanted, on: AxisGuideTests.target)
        #expect(svg.components(separatedBy: "rotate(-60 ").count - 1 == scene.frame.xTicks.count)
        let height = { (s: String) -> Double? in
            s.firstRange(of: "height=\"").flatMap { r in
                Double(s[r.upperBound...].prefix { $0 != "\"" })
            }
        }
        #expect(try #require(height(svg)) > (try #require(height(flat))))
        let spec = VegaLiteExporter.spec(for: slanted, on: AxisGuideTests.target, urls: false)
        #expect(spec.contains("\"labelAngle\": -60"))
        var notebook = Notebook()
        #expect(AxisGuideTests.run(script, &notebook) == "")
        let before = notebook.session
        for line in ["set xaxis angle=91", "set yaxis angle=10"] {
            #expect(AxisGuideTests.run(line, &notebook).contains("error:"), "\(line)")
            #expect(notebook.session == before)
        }
    }
}

/// `set xaxis angle=N` in the terminal: category names written downward, whole, from their
/// ticks; numbers stay level.
@Suite struct DownwardNamesTests {
    @Test func categoryNamesRunDownFromTheirTicks() throws {
        let names = ["United States", "Republic of India", "Germany"]
        let file =
            "country,pop\n"
            + zip(names, [331, 1408, 83]).map { "\($0),\($1)" }
            .joined(separator: "\n") + "\n"
        var notebook = Notebook()
        let script = "load c.csv as c\nadd plot bar c.pop x=country\nset xaxis angle=90"
        #expect(ScriptedSession.run(script, files: ["/work/c.csv": file], &notebook) == "")
        let target = TerminalTarget(columns: 60, rows: 60, colorMode: .none)
        let lines = ChartRenderer.text(for: notebook.session, on: target)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let axis = try #require(lines.firstIndex { $0.contains("└") })
        let ticks = lines[axis].indices.filter { lines[axis][$0] == "┬" }
            .map { lines[axis].distance(from: lines[axis].startIndex, to: $0) }
        #expect(ticks.count == 3)
        for (name, column) in zip(names, ticks) {
            let down = (0..<name.count).map { k -> Character in
                let line = Array(lines[axis + 1 + k])
                return column < line.count ? line[column] : " "
            }
            #expect(String(down) == name, "\(name) at \(column)")
        }
        // Vector output slants them instead: the SVG's labels are level rows plus rotate().
        let svg = SVGExporter.svg(for: notebook.session, on: target)
        #expect(svg.contains("rotate(-90 "))
    }
}

/// `set yscale sqrt|symlog` (issue 51: scales beyond linear and log, through the one
/// `ScaleTransform`): values placed by √v or sign·log₁₀(1 + |v|), ticks at round values (sqrt)
/// or 0 and decades (symlog), labels and readouts in data units, Vega-Lite's scale type.
@Suite struct ScaleTransformTests {
    @Test func transformsRoundTrip() {
        for t in [ScaleTransform.identity, .log, .sqrt, .symlog] {
            for v in [0.5, 1, 2, 10, 123.25, 1e6] where t.admits(v) {
                #expect(abs(t.inverse(t.forward(v)) - v) <= 1e-9 * max(1, v), "\(t) \(v)")
            }
        }
        #expect(ScaleTransform.symlog.forward(-99) == -2 && ScaleTransform.symlog.forward(9) == 1)
        #expect(!ScaleTransform.sqrt.admits(-1) && ScaleTransform.sqrt.admits(0))
        #expect(ScaleTransform.symlog.admits(-1e9))
    }

    @Test func sqrtPlacesSquaresOnALine() throws {
        let script = "data d = 0 1 4 9 16 25 36 49 64 81 100 -5\nadd plot line d\nset size 60x20\n"
        let session = AxisGuideTests.session(script + "set yscale sqrt")
        let scene = ChartRenderer.scene(for: session, on: AxisGuideTests.target)
        // Ticks at round values, each placed at √v of the range.
        let ticks = scene.frame.yTicks
        #expect(ticks.count >= 3 && ticks.first?.label == "0" && ticks.last?.label == "100")
        for tick in ticks {
            let value = try #require(Double(tick.label))
            #expect(abs(tick.value - value.squareRoot()) < 1e-9)
        }
        let text = ChartRenderer.text(for: session, on: AxisGuideTests.target)
        #expect(text.contains("note: 1 value < 0 left out (sqrt scale)"))
        var notebook = Notebook()
        _ = AxisGuideTests.run(script + "set yscale sqrt\nselect 7", &notebook)
        let readout = ChartRenderer.text(for: notebook.session, on: AxisGuideTests.target)
        #expect(readout.contains("d 49"), "the readout in data units")
        let spec = VegaLiteExporter.spec(for: session, on: AxisGuideTests.target, urls: false)
        #expect(spec.contains("\"type\": \"sqrt\""))
    }

    @Test func symlogTicksAreZeroAndDecades() {
        let session = AxisGuideTests.session(
            "data d = -3000 -200 -10 0 5 80 900 12000\nadd plot line d\nset size 60x24\nset yscale symlog"
        )
        let scene = ChartRenderer.scene(for: session, on: AxisGuideTests.target)
        let labels = scene.frame.yTicks.map(\.label)
        #expect(
            labels.contains("0") && labels.contains("10K") && labels.contains("-10K"), "\(labels)")
        for tick in scene.frame.yTicks {
            let shown = ScaleTransform.symlog.inverse(tick.value)
            let decade = abs(shown) < 0.5 ? 0 : DecimalMagnitude.logarithm(abs(shown))
            #expect(abs(decade - decade.rounded()) < 1e-9, "\(tick.label) is 0 or a decade")
        }
        let spec = VegaLiteExporter.spec(for: session, on: AxisGuideTests.target, urls: false)
        #expect(spec.contains("\"type\": \"symlog\""))
        var notebook = Notebook()
        _ = AxisGuideTests.run("data d = a:3 b:4\nadd plot hbar d", &notebook)
        #expect(AxisGuideTests.run("set yscale sqrt", &notebook).contains("linear for"))
    }
}
