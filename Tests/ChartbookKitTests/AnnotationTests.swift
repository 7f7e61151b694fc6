import ChartbookData
import ChartbookModel
import ChartbookScene
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// `add text` and `add arrow` (issue 29): written in data units, never over another text or
/// outside the plot area, refused where no x value can be followed, saved, listed, undone.
@Suite struct AnnotationTests {
    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        VerticalReflineTests.run(script, &notebook)
    }

    /// A date `day` days after 2020-01-01.
    static func date(_ day: Int) -> String { TimeText.iso(1_577_836_800 + Double(day) * 86_400) }

    /// On random window sizes, titles, legends, views and annotations (some outside the
    /// view, some long), no annotation's text overlaps another text — the legend, the title,
    /// axis labels, a line's label, another annotation — or leaves the plot area; arrows stay
    /// inside it, with a head only at a point in view.
    @Test(arguments: 0..<40) func textsNeverCoverOtherTexts(seed: Int) {
        var random = RandomSource(seed: UInt64(2950 + seed))
        var lines = ["load d.csv as d", "add plot line d.a"]
        if random.nextUnit() < 0.5 { lines.append("add plot line d.b") }
        if random.nextUnit() < 0.5 { lines.append("set title \"Daily values\"") }
        if random.nextUnit() < 0.3 { lines.append("add refline x=\(Self.date(100)) \"event\"") }
        if random.nextUnit() < 0.3 { lines.append("view \(Self.date(60))..\(Self.date(200))") }
        let anchors = ["", " anchor=right", " anchor=center"]
        for i in 0..<(1 + random.below(8)) {
            let day = Int(random.nextUnit() * 420) - 20
            let y = Int(random.nextUnit() * 70) - 15
            let text = i % 4 == 3 ? "a rather long annotation \(i)" : "note \(i)"
            if i % 2 == 0 {
                lines.append(
                    "add text \(Self.date(day)) \(y) \"\(text)\"" + anchors[random.below(3)])
            } else {
                let end = day + random.below(120) - 60
                lines.append(
                    "add arrow \(Self.date(day)) \(y) \(Self.date(end)) \(random.below(50))"
                        + (random.coin() ? " \"\(text)\"" : ""))
            }
        }
        var notebook = Notebook()
        #expect(Self.run(lines.joined(separator: "\n"), &notebook) == "", "\(lines)")
        let target = TerminalTarget(
            columns: 30 + random.below(110), rows: 8 + random.below(24), colorMode: .none)
        let scene = ChartRenderer.scene(for: notebook.session, on: target)
        let area = scene.plotArea
        let (width, height) = (area.width * scene.dotsPerCell.x, area.height * scene.dotsPerCell.y)
        for arrow in scene.arrows {
            for p in [arrow.from, arrow.to] {
                #expect((0..<width).contains(p.x) && (0..<height).contains(p.y), "seed \(seed)")
            }
        }
        for note in scene.texts where note.role == .annotation {
            let span = note.column..<(note.column + TextMetrics.width(of: note.text))
            for other in scene.texts where other != note && other.row == note.row {
                let theirs = other.column..<(other.column + TextMetrics.width(of: other.text))
                #expect(!span.overlaps(theirs), "seed \(seed): '\(note.text)' over '\(other.text)'")
            }
            #expect(span.lowerBound >= area.column && span.upperBound <= area.column + area.width)
            #expect(note.row >= area.row && note.row < area.row + area.height)
        }
    }

    @Test func placedByTheChartsScalesAndMovedIn() {
        var notebook = Notebook()
        let said = Self.run(
            "load d.csv as d\nadd plot line d.a\nadd text \(Self.date(365)) 30 \"end\"\n"
                + "add text \(Self.date(400)) 0 \"beyond\"",
            &notebook)
        #expect(said == "")
        let target = TerminalTarget(columns: 60, rows: 16, colorMode: .none)
        let scene = ChartRenderer.scene(for: notebook.session, on: target)
        let notes = scene.texts.filter { $0.role == .annotation }
        // The last day's text would start past the right edge: moved in, ending at it. A
        // point outside the view is not drawn.
        #expect(notes.map(\.text) == ["end"])
        let area = scene.plotArea
        #expect(notes.first.map { $0.column + 3 } == area.column + area.width)
        // A point above the data (which reach 39) widens the automatic range.
        _ = Self.run("add text \(Self.date(100)) 80 \"high\"", &notebook)
        let high = ChartRenderer.scene(for: notebook.session, on: target)
        #expect(high.yRange.upperBound >= 80)
    }

    /// On a category axis a point's x is a category, followed by its name: where the
    /// categories change order, the annotation moves with its category.
    @Test func categoriesAreFollowedByName() {
        var notebook = Notebook()
        let files = InMemoryFiles([
            "/work/c.csv": "name,v\nAnn,3\nBob,5\nCyd,4\n",
            "/work/d.csv": "name,v\nBob,5\nCyd,4\nAnn,3\n",
        ])
        func column(_ script: String) -> Int? {
            _ = ScriptRunner(executor: Executor(files: files), keepGoing: true).run(
                ScriptSource(name: "t.cb", text: script), in: &notebook
            ) { _ in }
            let scene = ChartRenderer.scene(
                for: notebook.session, on: TerminalTarget(columns: 60, rows: 16, colorMode: .none))
            return scene.texts.first { $0.role == .annotation }?.column
        }
        let before = column(
            "load c.csv as c\nadd plot bar c.v x=name\nadd text Bob 6 \"tall\" anchor=center")
        let after = column("load d.csv as c")
        // Bob moved from the middle slot to the first: the text moved with him.
        #expect(before != nil && after != nil && (after ?? 0) < (before ?? 0))
        #expect(Self.run("add text Dan 6 \"x\"", &notebook).contains("unknown value 'Dan'"))
    }

    @Test func refusedWhereNoPointCanBeFollowedAndNothingChanges() {
        var notebook = Notebook()
        _ = Self.run("load d.csv as d\nadd plot line d.a", &notebook)
        let before = notebook.session
        let refused = [
            ("add text someday 3 \"x\"", "is not a value of the time x axis"),
            ("add text 2020-03-01 high \"x\"", "expected a y value (a number)"),
            ("add text 2020-03-01 3", "expected the text in quotes"),
            ("add text 2020-03-01 3 \"x\" anchor=top", "anchor"),
            ("add arrow 2020-03-01 3 2020-03-01 3", "a point other than the arrow's start"),
            ("add arrow 2020-03-01 3 \"x\"", "expected a y value"),
            ("add text 2020-03-01 3 \"x\" style=dashed", "unknown option"),
            ("remove annotation a9", "unknown annotation 'a9'"),
        ]
        for (line, message) in refused {
            let said = Self.run(line, &notebook)
            #expect(said.contains(message), "\(line): \(said)")
            #expect(notebook.session == before, "\(line)")
        }
        _ = Self.run("set yscale log", &notebook)
        #expect(Self.run("add text 2020-03-01 -1 \"x\"", &notebook).contains("above 0 on a log y"))
        _ = Self.run("set xscale index", &notebook)
        #expect(Self.run("add text 3 4 \"x\"", &notebook).contains("this chart's x is row numbers"))
        var pie = Notebook()
        _ = Self.run("load d.csv as d\nadd plot pie d.a", &pie)
        #expect(Self.run("add text 3 4 \"x\"", &pie).contains("do not apply to a pie chart"))
    }

    @Test func savedListedRemovedAndUndone() {
        var notebook = Notebook()
        let said = Self.run(
            "load d.csv as d\nadd plot line d.a\nadd text 2020-06-01 12.5 \"mid\" anchor=center\n"
                + "add arrow \"Mar 1 2020\" 0 2020-04-01 20 \"up\" style=dashed color=red",
            &notebook)
        #expect(said == "")
        let script = SessionScript.text(for: notebook.session, scriptDirectory: nil)
        #expect(script.contains("add text 2020-06-01 12.5 \"mid\" anchor=center\n"), "\(script)")
        #expect(
            script.contains(
                "add arrow \"Mar 1 2020\" 0 2020-04-01 20 \"up\" color=red style=dashed\n"),
            "\(script)")
        let listed = SessionReport.annotations(notebook.session)
        #expect(listed.contains("a1  text 2020-06-01 12.5  anchor=center \"mid\""), "\(listed)")
        #expect(listed.contains("a2  arrow Mar 1 2020 0 → 2020-04-01 20  style=dashed \"up\""))
        // Replayed, the saved script makes the same session.
        var replayed = Notebook()
        #expect(Self.run(script, &replayed) == "")
        #expect(replayed.session.annotations == notebook.session.annotations)
        _ = Self.run("remove annotation a1", &notebook)
        #expect(notebook.session.annotations.map(\.id) == ["a2"])
        _ = Self.run("undo\nundo\nundo", &notebook)
        #expect(notebook.session.annotations.isEmpty)
        // Text from the command is sanitised like every label.
        _ = Self.run("add text 2020-06-01 3 \"a\\u{1b}[31mb\"", &notebook)
        #expect(notebook.session.annotations.last?.text?.contains("\u{1b}") == false)
    }
}

extension AnnotationTests {
    /// `set annotation`: what is given changes, in place; a text's anchor and an arrow's
    /// style are refused on the other kind; undone like every change.
    @Test func changedInPlace() {
        var notebook = Notebook()
        #expect(
            Self.run(
                "load d.csv as d\nadd plot line d.a\nadd text 2020-06-01 12 \"mid\"\n"
                    + "add arrow 2020-03-01 0 2020-04-01 20\n"
                    + "set annotation a1 \"middle\" anchor=right color=red\n"
                    + "set annotation a2 \"up\" style=dotted",
                &notebook) == "")
        let (text, arrow) = (notebook.session.annotations[0], notebook.session.annotations[1])
        #expect(text.text == "middle" && text.color == Color.named["red"])
        if case .text(_, let anchor) = text.kind { #expect(anchor == .right) }
        #expect(arrow.style == .dotted && arrow.text == "up")
        let before = notebook.session
        #expect(
            Self.run("set annotation a1 style=dashed", &notebook).contains("style= is an arrow's"))
        #expect(
            Self.run("set annotation a2 anchor=left", &notebook).contains("anchor= is a text's"))
        #expect(
            Self.run("set annotation a9 color=red", &notebook).contains("unknown annotation 'a9'"))
        #expect(Self.run("set annotation a1", &notebook).contains("needs at least one"))
        #expect(notebook.session == before)
        _ = Self.run("undo", &notebook)
        #expect(notebook.session.annotations[1].style == .solid)
    }
}
