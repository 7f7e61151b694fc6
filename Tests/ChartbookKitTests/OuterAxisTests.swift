import ChartbookModel
import ChartbookScene
import ChartbookVegaLite
import Foundation
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// Several axes per side (issue 51, seed 004): `axis=left2|right2` measure a plot on a second
/// axis outside its side's first, with a range and ticks of its own; every surface draws it.
@Suite struct OuterAxisTests {
    static let file =
        "t,a,b,c\n" + (0..<12).map { "\($0),\($0),\($0 * 100),\(-$0 * 3)" }.joined(separator: "\n")
        + "\n"
    static let target = TerminalTarget(columns: 80, rows: 20, colorMode: .none)

    static func session(_ script: String) -> Session {
        var notebook = Notebook()
        let errors = ScriptedSession.run(script, files: ["/work/d.csv": file], &notebook)
        #expect(errors == "", "\(errors)")
        return notebook.session
    }

    @Test func eachAxisHasItsOwnRangeAndStandsOutsideTheFirst() throws {
        let s = Self.session(
            "load d.csv as d x=t\nadd plot line d.a\nadd plot line d.b axis=left2\nadd plot line d.c axis=right2"
        )
        let scene = ChartRenderer.scene(for: s, on: Self.target)
        let outer = scene.frame.outer
        #expect(outer.count == 2)
        let left = try #require(outer.first { !$0.right })
        let right = try #require(outer.first { $0.right })
        // Outside the plot, beyond the first axis's labels.
        #expect(left.column < scene.plotArea.column - 2)
        #expect(right.column >= scene.plotArea.column + scene.plotArea.width)
        // Its own ticks: b runs to 1100, c down to -33.
        #expect(left.ticks.map(\.label).contains("1000"))
        #expect(right.ticks.contains { $0.value < -20 })
        // The left axis keeps a's range.
        #expect(scene.frame.yTicks.allSatisfy { $0.value <= 12 })
        // Each plot's last point reaches its own axis's top or bottom.
        let b = try #require(scene.yMappings["b"]), c = try #require(scene.yMappings["c"])
        #expect(b.range.upperBound >= 1100 && c.range.lowerBound <= -33)
        // The terminal draws both lines; the SVG both with their ticks; Vega-Lite three nested
        // layers, the second axes offset outward.
        let text = ChartRenderer.text(for: s, on: Self.target)
        #expect(text.contains("1000"))
        let svg = SVGExporter.svg(for: s, on: Self.target)
        #expect(svg.contains("class=\"y-label left2\"") && svg.contains("class=\"y-label right2\""))
        let spec = VegaLiteExporter.spec(for: s, on: Self.target, urls: false)
        #expect(spec.contains("\"offset\":"))
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(spec.utf8)) as? [String: Any])
        #expect((json["layer"] as? [Any])?.count == 3)
    }

    @Test func savedAndRefused() {
        var notebook = Notebook()
        let script = "load d.csv as d x=t\nadd plot line d.a\nadd plot line d.b axis=left2"
        #expect(ScriptedSession.run(script, files: ["/work/d.csv": Self.file], &notebook) == "")
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("axis=left2"))
        let wrong = ScriptedSession.run(
            "add plot line d.c axis=left3", files: ["/work/d.csv": Self.file], &notebook)
        #expect(wrong.contains("did you mean"), "\(wrong)")
    }
}

/// `set xticks count N`, `set yticks count N` (issue 51: ticks by count, Vega-Lite's
/// `tickCount`): at most N round ticks on each axis, saved as `count=N`.
@Suite struct TickCountTests {
    @Test func atMostNRoundTicks() throws {
        var notebook = Notebook()
        let script = "gen w walk 400\nadd plot line w.w\nset xticks count 3\nset yticks count 3"
        #expect(ScriptedSession.run(script, files: [:], &notebook) == "")
        let target = TerminalTarget(columns: 100, rows: 30, colorMode: .none)
        let scene = ChartRenderer.scene(for: notebook.session, on: target)
        #expect((1...3).contains(scene.frame.xTicks.count), "\(scene.frame.xTicks)")
        #expect((2...3).contains(scene.frame.yTicks.count), "\(scene.frame.yTicks)")
        var free = Notebook()
        #expect(ScriptedSession.run("gen w walk 400\nadd plot line w.w", files: [:], &free) == "")
        let plain = ChartRenderer.scene(for: free.session, on: target)
        #expect(plain.frame.xTicks.count > 3 && plain.frame.yTicks.count > 3)
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("set xaxis count=3") && saved.contains("set yaxis count=3"))
        #expect(ScriptedSession.run("set yticks count 1", files: [:], &notebook).contains("2...50"))
    }
}

/// `set xticks at V,V,…` (issue 51: explicit tick values, Vega-Lite's axis `values`): ticks
/// at those x values only, read by the x scale (dates, names, numbers), saved in its words;
/// a value the scale cannot read is refused at its place.
@Suite struct TickValuesTests {
    static let sales =
        "month,revenue\n"
        + ["Jan", "Feb", "Mar", "Apr", "May", "Jun"].enumerated()
        .map { "\($1),\($0 * 10 + 5)" }.joined(separator: "\n") + "\n"

    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        ScriptedSession.run(
            script, files: ["/work/s.csv": sales, "/work/d.csv": AxisGuideTests.daily], &notebook)
    }

    @Test func ticksStandAtTheValuesGiven() throws {
        let target = TerminalTarget(columns: 80, rows: 16, colorMode: .none)
        var names = Notebook()
        #expect(
            Self.run(
                "load s.csv as s\nadd plot bar s.revenue x=month\nset xticks at Feb,May", &names)
                == "")
        let scene = ChartRenderer.scene(for: names.session, on: target)
        #expect(scene.frame.xTicks.map(\.label) == ["Feb", "May"])
        #expect(
            SessionScript.text(for: names.session, scriptDirectory: "/work").contains("at=Feb,May"))
        var dated = Notebook()
        #expect(
            Self.run("load d.csv as d\nadd plot line d.sales\nset xticks at 2023-06-01", &dated)
                == "")
        let dates = ChartRenderer.scene(for: dated.session, on: target).frame.xTicks.map(\.label)
        #expect(dates.count == 1 && dates.first?.hasPrefix("2023-06-01") == true, "\(dates)")
        let diagnostic = Self.run("set xticks at Feb,Mya", &names)
        #expect(diagnostic.contains("did you mean 'May'?"), "\(diagnostic)")
    }

    /// A user's step on categories whose names did not fit whole counted every tick past
    /// `Int.max` and crashed (found adding `at`): now every k-th.
    @Test func aStepOnCutCategoriesDraws() {
        var notebook = Notebook()
        #expect(
            Self.run(
                "load s.csv as s\nadd plot bar s.revenue x=month\nset xticks every 2", &notebook)
                == "")
        let text = ChartRenderer.text(
            for: notebook.session, on: TerminalTarget(columns: 24, rows: 10, colorMode: .none))
        #expect(text.contains("Jan"))
    }
}

/// `set xaxis position=top` (issue 51: an axis at any side): the x axis's line, ticks and
/// labels over the plot; Vega-Lite's orient `top`; saved.
@Suite struct XAxisTopTests {
    @Test func theAxisStandsOverThePlot() throws {
        var notebook = Notebook()
        let script = "gen w walk 200\nadd plot line w.w\nset xaxis position=top"
        #expect(ScriptedSession.run(script, files: [:], &notebook) == "")
        let target = TerminalTarget(columns: 80, rows: 16, colorMode: .none)
        let scene = ChartRenderer.scene(for: notebook.session, on: target)
        let area = scene.plotArea
        #expect(scene.frame.bottomRow == area.row - 1 && scene.frame.xAxisOnTop)
        let labels = scene.texts.filter { $0.role == .xLabel }
        #expect(!labels.isEmpty && labels.allSatisfy { $0.row == area.row - 2 })
        let lines = ChartRenderer.text(for: notebook.session, on: target)
            .split(separator: "\n").map(String.init)
        #expect(lines[area.row - 1].contains("┴") && lines[area.row - 1].contains("┌"))
        let svg = SVGExporter.svg(for: notebook.session, on: target)
        #expect(svg.contains("class=\"x-label\""))
        let spec = VegaLiteExporter.spec(for: notebook.session, on: target, urls: false)
        #expect(spec.contains("\"orient\": \"top\""))
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("set xaxis position=top"))
        #expect(ScriptedSession.run("set xaxis position=bottom", files: [:], &notebook) == "")
        let back = ChartRenderer.scene(for: notebook.session, on: target)
        #expect(back.frame.bottomRow == back.plotArea.row + back.plotArea.height)
    }
}
