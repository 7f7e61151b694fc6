import ChartbookData
import ChartbookModel
import ChartbookScene
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// `add refline x=VALUE` (issue 29): vertical marked lines — placed at their x, labelled
/// without covering any other text, refused where no x value can be followed, and saved.
@Suite struct VerticalReflineTests {
    /// A year of daily values from 2020-01-01, a second column for a legend.
    static let file =
        "date,a,b\n"
        + (0..<366).map { day in
            let date = TimeText.iso(1_577_836_800 + Double(day) * 86_400)
            return "\(date),\(Double(day % 50) - 10),\(Double((day * 7) % 40))"
        }.joined(separator: "\n") + "\n"

    /// Runs `script` (lines separated by newlines) on a notebook over the fixture; the
    /// diagnostics ("" when none).
    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        var diagnostics = ""
        let executor = Executor(files: InMemoryFiles(["/work/d.csv": file]))
        _ = ScriptRunner(executor: executor, keepGoing: true).run(
            ScriptSource(name: "t.cb", text: script), in: &notebook
        ) { if case .diagnostic(let d) = $0 { diagnostics += d } }
        return diagnostics
    }

    /// On random window sizes, titles, legends and lines (some outside the data), every
    /// vertical line inside the x interval is drawn inside the plot area, and no label of
    /// one overlaps another text of its row — the legend, the title, another label.
    @Test(arguments: 0..<40) func labelsNeverCoverOtherTexts(seed: Int) {
        var random = RandomSource(seed: UInt64(2900 + seed))
        var lines = ["load d.csv as d", "add plot line d.a"]
        if random.nextUnit() < 0.5 { lines.append("add plot line d.b") }
        if random.nextUnit() < 0.5 { lines.append("set title \"Daily values\"") }
        for i in 0..<(1 + random.below(6)) {
            let day = Int(random.nextUnit() * 420) - 20
            let date = TimeText.iso(1_577_836_800 + Double(day) * 86_400)
            var value = date
            if i % 3 == 2 {
                // A band of up to 90 days.
                let end = TimeText.iso(
                    1_577_836_800 + Double(day + 1 + random.below(90)) * 86_400)
                value += ".." + end
            }
            lines.append("add refline x=\(value)" + (i % 2 == 0 ? " \"event \(i)\"" : ""))
        }
        var notebook = Notebook()
        #expect(Self.run(lines.joined(separator: "\n"), &notebook) == "")
        let target = TerminalTarget(
            columns: 30 + random.below(110), rows: 8 + random.below(24), colorMode: .none)
        let scene = ChartRenderer.scene(for: notebook.session, on: target)
        let area = scene.plotArea
        let dots = 0..<(area.width * scene.dotsPerCell.x)
        for rule in scene.verticalRules { #expect(dots.contains(rule.dotX)) }
        for band in scene.xBands {
            #expect(dots.contains(band.dots.lowerBound) && dots.contains(band.dots.upperBound))
        }
        let labels = scene.texts.filter { $0.role == .markLabel }
        for label in labels {
            let span = label.column..<(label.column + TextMetrics.width(of: label.text))
            for other in scene.texts where other != label && other.row == label.row {
                let theirs = other.column..<(other.column + TextMetrics.width(of: other.text))
                #expect(
                    !span.overlaps(theirs), "seed \(seed): '\(label.text)' over '\(other.text)'")
            }
            #expect(span.lowerBound >= area.column && span.upperBound <= area.column + area.width)
        }
    }

    @Test func refusedWhereNoXValueCanBeFollowedAndNothingChanges() {
        var notebook = Notebook()
        _ = Self.run("load d.csv as d\nadd plot line d.a", &notebook)
        let before = notebook.session
        let refused = [
            ("add refline x=someday", "is not a value of the time x axis"),
            ("add refline x=2020-03-01 where=a>0", "where= is for lines across"),
            ("add refline x=2020-03-01 fit=off", "fit= is for lines across"),
            ("add refline 5 x=2020-03-01", "in place of the line's value"),
            ("add refline x=2020-03-01..2020-02-01", "A..B with A before B"),
            ("add refline x=2020-03-01..never", "is not a value of the time x axis"),
        ]
        for (line, message) in refused {
            let said = Self.run(line, &notebook)
            #expect(said.contains(message), "\(line): \(said)")
            #expect(notebook.session == before, "\(line)")
        }
        _ = Self.run("set xscale index", &notebook)
        #expect(Self.run("add refline x=3", &notebook).contains("this chart's x is row numbers"))
        var pie = Notebook()
        _ = Self.run("load d.csv as d\nadd plot pie d.a", &pie)
        #expect(Self.run("add refline x=3", &pie).contains("do not apply to a pie chart"))
    }

    @Test func savedListedAndUndone() {
        var notebook = Notebook()
        let said = Self.run(
            "load d.csv as d\nadd plot line d.a\nadd refline x=2020-06-01 \"mid\" style=solid",
            &notebook)
        #expect(said == "")
        let line = notebook.session.markedLines.first
        #expect(line?.value == .x(1_590_969_600, text: "2020-06-01"))
        let script = SessionScript.text(for: notebook.session, scriptDirectory: nil)
        #expect(script.contains("add refline x=2020-06-01 \"mid\" style=solid"), "\(script)")
        #expect(SessionReport.markedLines(notebook.session).contains("r1  x=2020-06-01 \"mid\""))
        _ = Self.run("add refline x=2020-02-01..2020-03-01", &notebook)
        #expect(
            notebook.session.markedLines.last?.value
                == .span(1_580_515_200, 1_583_020_800, text: "2020-02-01..2020-03-01"))
        #expect(
            SessionScript.text(for: notebook.session, scriptDirectory: nil).contains(
                "add refline x=2020-02-01..2020-03-01\n"))
        _ = Self.run("undo", &notebook)
        _ = Self.run("undo", &notebook)
        #expect(notebook.session.markedLines.isEmpty)
    }
}
