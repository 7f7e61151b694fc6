import ChartbookData
import ChartbookModel
import ChartbookScene
import Foundation
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// The smaller items of issue 51: `set xscale log` on horizontal bars is refused, a
/// histogram says when `bins=N` drew another number of bins, `show data` writes one
/// precision per column and shows any plot's table, and the x axis of a log scale keeps its
/// powers of ten from one file (`ScaleTransform`).
@Suite struct GuideFixesTests {
    static let cars =
        "name,mpg,hp,origin\n"
        + (0..<40).map {
            "car \($0),\(10 + Double($0) * 0.75),\(60 + $0 * 4),\(["A", "B"][$0 % 2])"
        }
        .joined(separator: "\n") + "\n"

    /// What the script printed and what it said as diagnostics.
    static func run(_ script: String, _ notebook: inout Notebook) -> (
        output: String, errors: String
    ) {
        var output = "", errors = ""
        let executor = Executor(files: InMemoryFiles(["/work/c.csv": cars]))
        _ = ScriptRunner(executor: executor, keepGoing: true).run(
            ScriptSource(name: "t.cb", text: script), in: &notebook
        ) { event in
            switch event {
            case .output(let text): output += text
            case .diagnostic(let text): errors += text
            default: break
            }
        }
        return (output, errors)
    }

    @Test func logXOnHorizontalBarsIsRefusedEitherWay() {
        for script in [
            "data d = a:5 b:50\nadd plot hbar d\nset xscale log",
            "data d = a:5 b:50\nset xscale log\nadd plot hbar d",
        ] {
            var notebook = Notebook()
            let (_, errors) = Self.run(script, &notebook)
            #expect(errors.contains("error: invalid xscale 'log'"), "\(errors)")
            #expect(errors.contains("horizontal bars"))
            #expect(
                notebook.session.chartType != .horizontal || notebook.session.axes.xScale != .log)
        }
    }

    @Test func aHistogramSaysWhenItDrewOtherBinsThanAsked() {
        var notebook = Notebook()
        #expect(
            Self.run("load c.csv as c\nadd plot histogram c.mpg bins=7", &notebook).errors == "")
        let text = ChartRenderer.text(
            for: notebook.session, on: TerminalTarget(columns: 90, rows: 14, colorMode: .none))
        // 10…39.25 in about 7 bins: a width of 5, six bins.
        #expect(
            text.contains("note: mpg: 6 bins of 5 (bins=7: about 7, of a round width)"), "\(text)")
        var exact = Notebook()
        _ = Self.run("load c.csv as c\nadd plot histogram c.mpg bins=auto", &exact)
        let plain = ChartRenderer.text(
            for: exact.session, on: TerminalTarget(columns: 90, rows: 14, colorMode: .none))
        #expect(!plain.contains("bins of"))
    }

    @Test func showDataWritesOnePrecisionPerColumn() {
        var notebook = Notebook()
        let (output, errors) = Self.run(
            "load c.csv as c\nlet c.third = mpg / 3\nlet c.tiny = mpg / 3e8\nshow data c 0..1",
            &notebook)
        #expect(errors == "")
        // Seven significant digits of the column's largest value, one number of decimals.
        #expect(output.contains(" 3.333333 ") && output.contains(" 3.583333 "), "\(output)")
        #expect(!output.contains("3.3333333333333335 "))
        #expect(output.contains("3.3333333333333334e-08"), "tiny numbers keep their shortest form")
    }

    @Test func showDataOfAPlotIsWhatItDraws() {
        var notebook = Notebook()
        let (bins, errors) = Self.run(
            "load c.csv as c\nadd plot histogram c.mpg bins=7 where=origin=A\nshow data mpg",
            &notebook)
        #expect(errors == "")
        let lines = bins.split(separator: "\n").map(String.init)
        #expect(lines.first?.split(separator: " ") == ["#", "from", "to", "count"])
        // Rows of origin A: mpg 10, 11.5, … 38.5 (20 values) in bins of 5 from 10.
        let counts = lines.dropFirst().prefix(6).compactMap {
            Double($0.split(separator: " ").last ?? "")
        }
        #expect(counts == [4, 3, 3, 4, 3, 3])
        var dots = Notebook()
        let (table, dotErrors) = Self.run(
            "load c.csv as c\nadd plot dot c.mpg x=hp by=origin where=hp>200\nshow data mpg", &dots)
        #expect(dotErrors == "")
        #expect(table.contains("hp") && table.contains("origin") && table.contains("mpg"))
        #expect(table.contains("of 4"), "hp 204, 208, 212, 216: \(table)")
    }
}

/// `reset NAME` (the seed's data source reset): the rows go, the columns and plots stay,
/// undo brings them back, a saved script replays it.
@Suite struct ResetDatasetTests {
    @Test func resetEmptiesOneDataset() {
        var notebook = Notebook()
        let (_, errors) = GuideFixesTests.run(
            "push feed 1 2 3\nadd plot line feed\nload c.csv as c\nreset feed", &notebook)
        #expect(errors == "")
        #expect(notebook.session.dataset(named: "feed")?.count == 0)
        #expect(notebook.session.dataset(named: "c")?.count == 40)
        #expect(notebook.session.plots.count == 1)
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("push feed 0\nreset feed\n"))
        var replayed = Notebook()
        #expect(GuideFixesTests.run(saved, &replayed).errors == "")
        #expect(replayed.session.dataset(named: "feed")?.count == 0)
        #expect(replayed.session.plots == notebook.session.plots)
        #expect(GuideFixesTests.run("undo", &notebook).errors == "")
        #expect(notebook.session.dataset(named: "feed")?.count == 3)
        let before = notebook.session
        let (_, unknown) = GuideFixesTests.run("reset nope", &notebook)
        #expect(unknown.contains("error: unknown dataset 'nope'") && unknown.contains("^"))
        #expect(notebook.session == before)
    }
}

/// `linejoin=` and `linecap=` (seed 000): SVG's attributes and Vega-Lite's mark properties;
/// a dotted line keeps round caps (its dots are caps).
@Suite struct LineJoinTests {
    @Test func joinsAndCapsReachSVGAndVegaLite() {
        var notebook = Notebook()
        let (_, errors) = GuideFixesTests.run(
            "load c.csv as c\nadd plot line c.mpg x=hp linejoin=miter linecap=butt\n"
                + "add plot line c.hp x=hp as dots dash=dotted linecap=square axis=right",
            &notebook)
        #expect(errors == "")
        let target = TerminalTarget(columns: 80, rows: 20, colorMode: .none)
        let svg = SVGExporter.svg(for: notebook.session, on: target)
        #expect(svg.contains("stroke-linejoin=\"miter\" stroke-linecap=\"butt\""))
        #expect(svg.contains("stroke-linejoin=\"round\" stroke-linecap=\"round\" stroke-dasharray"))
        let spec = VegaLiteExporter.spec(for: notebook.session, on: target, urls: false)
        #expect(
            spec.contains("\"strokeJoin\": \"miter\"") && spec.contains("\"strokeCap\": \"butt\""))
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("linejoin=miter") && saved.contains("linecap=butt"))
    }
}

/// `last=on` (seed 002): the last point in view is marked and its value written beside it,
/// right of the plot where the layout made room; SVG draws the dot, Vega-Lite the same point
/// and text; scrolling moves it to the window's last point.
@Suite struct LastPointTests {
    static let target = TerminalTarget(columns: 80, rows: 16, colorMode: .none)

    @Test func theLastPointInViewIsMarkedAndWritten() throws {
        var notebook = Notebook()
        #expect(
            GuideFixesTests.run("load c.csv as c\nadd plot line c.mpg x=hp last=on", &notebook)
                .errors == "")
        let scene = ChartRenderer.scene(for: notebook.session, on: Self.target)
        let last = try #require(scene.layers.first?.last)
        // hp 216 is the last row: mpg 10 + 39 × 0.75 = 39.25.
        #expect(last.x == 216 && last.value == 39.25 && last.text == "39.25")
        let label = try #require(scene.texts.first { $0.role == .valueLabel })
        #expect(
            label.text == "39.25" && label.column > scene.plotArea.column + scene.plotArea.width)
        #expect(label.row == scene.plotArea.row + last.dot.y / scene.dotsPerCell.y)
        let text = ChartRenderer.text(for: notebook.session, on: Self.target)
        #expect(text.contains("●") && text.contains(" 39.25"))
        #expect(SVGExporter.svg(for: notebook.session, on: Self.target).contains("<circle"))
        let spec = VegaLiteExporter.spec(for: notebook.session, on: Self.target, urls: false)
        #expect(
            spec.contains("\"text\": {\"value\": \"39.25\"}") && spec.contains("\"datum\": 216"))
        // A window's last point: hp 100 is row 10, mpg 17.5.
        #expect(GuideFixesTests.run("view 60..100", &notebook).errors == "")
        let windowed = ChartRenderer.scene(for: notebook.session, on: Self.target)
        #expect(
            windowed.layers.first?.last?.x == 100 && windowed.layers.first?.last?.text == "17.5")
    }
}

/// Sparklines smoothed, shaded and of a given width (seed 003, DSFSparkline): `style=`,
/// `fill=`, `fillcolor=` and `width=` as on a line; a gradient gets ids of its own.
@Suite struct SparklineStyleTests {
    @Test func sparklinesTakeTheLinesStyle() {
        var notebook = Notebook()
        let (_, errors) = GuideFixesTests.run(
            "gen w walk 40\nadd plot line w.w\n"
                + "add plot sparkline w.w as s style=smooth fill=gradient width=3 height=3",
            &notebook)
        #expect(errors == "")
        let target = TerminalTarget(columns: 70, rows: 16, colorMode: .none)
        let scene = ChartRenderer.scene(for: notebook.session, on: target)
        let strip = scene.sparklines.first?.layers.first
        #expect(strip?.strokeWidth == 3 && strip?.curve != nil && strip?.fill != nil)
        let svg = SVGExporter.svg(for: notebook.session, on: target)
        #expect(svg.contains("id=\"sparkline1-fill0\"") && svg.contains("url(#sparkline1-fill0)"))
        let text = ChartRenderer.text(for: notebook.session, on: target)
        #expect(text.contains("░"), "the shading in the terminal")
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("style=smooth") && saved.contains("fill=gradient"))
    }
}

/// Dot size in the terminal (seed 000): `size=` on circles picks `· • ● ⬤`.
@Suite struct DotSizeGlyphTests {
    @Test func sizesAreGlyphs() {
        let target = TerminalTarget(columns: 40, rows: 8, colorMode: .none)
        for (size, glyph) in [("2", "·"), ("4", "•"), ("6", "●"), ("12", "⬤")] {
            var notebook = Notebook()
            _ = GuideFixesTests.run("gen w walk 20\nadd plot dot w.w size=\(size)", &notebook)
            let text = ChartRenderer.text(for: notebook.session, on: target)
            #expect(text.contains(glyph), "size=\(size)")
        }
        #expect(MarkerStyle(shape: .square, size: 2).glyphLevel == nil)
        #expect(MarkerStyle().glyphLevel == nil && MarkerStyle(size: 0.5).glyphLevel == nil)
    }
}

/// `set selection color= style=` (seed 001, Graffeine's selection style).
@Suite struct SelectionStyleTests {
    @Test func theSelectionTakesItsStyle() {
        let target = TerminalTarget(columns: 60, rows: 20, colorMode: .truecolor)
        var notebook = Notebook()
        let (_, errors) = GuideFixesTests.run(
            "gen w walk 30\nadd plot line w.w\nset grid off\nselect 12\n"
                + "set selection color=#ff0000 style=solid",
            &notebook)
        #expect(errors == "")
        let text = ChartRenderer.text(for: notebook.session, on: target)
        #expect(text.contains("38;2;255;0;0m│"), "a solid red line down the chart")
        let svg = SVGExporter.svg(for: notebook.session, on: target)
        #expect(svg.contains("stroke=\"#ff0000\" stroke-width=\"1\"/>"))
        #expect(svg.contains("stroke=\"#ff0000\" stroke-width=\"2\"/>"), "the ring")
        let spec = VegaLiteExporter.spec(for: notebook.session, on: target, urls: false)
        #expect(spec.contains("\"color\": \"#ff0000\""))
        #expect(GuideFixesTests.run("set selection style=none color=auto", &notebook).errors == "")
        let plain = SVGExporter.svg(for: notebook.session, on: target)
        #expect(!plain.contains("#ff0000") && !plain.contains("stroke-dasharray=\"3 3\""))
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("set selection style=none"))
        let before = notebook.session
        #expect(GuideFixesTests.run("set selection style=wavy", &notebook).errors.contains("wavy"))
        #expect(notebook.session == before)
    }
}

/// `spokes=on` on a radar (seed 001, Graffeine's radial lines as a layer of their own).
@Suite struct RadarSpokesTests {
    @Test func spokesReplaceThePolygon() throws {
        var notebook = Notebook()
        #expect(
            GuideFixesTests.run("data d = a:5 b:7 c:3 e:6\nadd plot radar d spokes=on", &notebook)
                .errors == "")
        let scene = ChartRenderer.scene(
            for: notebook.session, on: TerminalTarget(columns: 60, rows: 20, colorMode: .none))
        let layer = try #require(scene.layers.first { $0.plotID == "d" })
        guard case .polyline(let runs) = layer.marks else {
            Issue.record("no lines")
            return
        }
        // One line per category, from the centre (the same point for all) out.
        #expect(runs.count == 4 && runs.allSatisfy { $0.count == 2 })
        #expect(Set(runs.map { $0[0] }).count == 1)
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("spokes=on"))
    }
}
