import ChartbookData
import ChartbookModel
import ChartbookScene
import ChartbookVegaLite
import Foundation
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// Statistics on the axis they measure (issue 50): a statistic of the variable a chart puts
/// on x — a histogram's values, a dot plot's `x=` — is a vertical line by default, at the
/// value a direct computation gives, in the terminal's scene, the SVG and the Vega-Lite spec;
/// `x=mean` and `y=mean` say which axis; saved and replayed.
@Suite struct StatisticAxisTests {
    /// 200 rows: `w` waiting times (two humps), `d` durations.
    static let rows: [(w: Double, d: Double)] = (0..<200).map { i in
        let w = i % 3 == 0 ? 50 + Double(i % 17) : 75 + Double((i * 7) % 23)
        return (w, 1.5 + Double((i * 13) % 35) / 10)
    }
    static let file = "w,d\n" + rows.map { "\($0.w),\($0.d)" }.joined(separator: "\n") + "\n"

    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        ScriptedSession.run(script, files: ["/work/fa.csv": file], &notebook)
    }

    static let target = TerminalTarget(columns: 100, rows: 30, colorMode: .none)

    /// The dot column of x value `value` in a scene whose x axis is linear: its first and
    /// last ticks give the mapping.
    static func expectedDot(_ value: Double, _ scene: Scene) -> Int? {
        let ticks = Array(zip(scene.frame.xTicks.map(\.value), scene.frame.xTickDots))
        guard let a = ticks.first, let b = ticks.last, b.0 > a.0 else { return nil }
        let perUnit = Double(b.1 - a.1) / (b.0 - a.0)
        return Int((Double(a.1) + (value - a.0) * perUnit).rounded())
    }

    /// The x datums of the Vega-Lite spec's rules, and their y datums.
    static func ruleDatums(_ spec: String) throws -> (x: [Double], y: [Double]) {
        var xs = [Double](), ys = [Double]()
        func visit(_ value: Any) {
            if let object = value as? [String: Any] {
                let mark = object["mark"] as? [String: Any]
                if mark?["type"] as? String == "rule",
                    let encoding = object["encoding"] as? [String: Any]
                {
                    if let x = (encoding["x"] as? [String: Any])?["datum"] as? Double {
                        xs.append(x)
                    }
                    if let y = (encoding["y"] as? [String: Any])?["datum"] as? Double {
                        ys.append(y)
                    }
                }
                object.values.forEach(visit)
            } else if let array = value as? [Any] {
                array.forEach(visit)
            }
        }
        visit(try JSONSerialization.jsonObject(with: Data(spec.utf8)))
        return (xs, ys)
    }

    @Test func aHistogramsMeanIsVerticalAtTheMeanAndLeavesTheCountAxisAlone() {
        var notebook = Notebook()
        #expect(Self.run("load fa.csv as fa\nadd plot histogram fa.w", &notebook) == "")
        let plain = ChartRenderer.scene(for: notebook.session, on: Self.target)
        #expect(Self.run("add refline mean fa.w", &notebook) == "")
        let scene = ChartRenderer.scene(for: notebook.session, on: Self.target)
        let mean = Self.rows.map(\.w).reduce(0, +) / Double(Self.rows.count)
        #expect(scene.verticalRules.count == 1)
        let rule = scene.verticalRules.first
        #expect(rule.map { abs($0.value - mean) < 1e-9 } == true)
        #expect(rule?.overData == true)
        if let rule, let dot = Self.expectedDot(mean, scene) { #expect(abs(rule.dotX - dot) <= 1) }
        // Nothing across: the count axis is what it was without the line.
        #expect(scene.rules.filter { $0.kind == .marked }.isEmpty)
        #expect(scene.frame.yTicks == plain.frame.yTicks)
        let label = scene.texts.first { $0.role == .markLabel }?.text ?? ""
        #expect(label.contains("mean \(String(format: "%.4g", mean))"))
        // Drawn over the bars in the terminal: the rule's column shows it on every row.
        if let rule {
            let lines = ChartRenderer.text(for: notebook.session, on: Self.target)
                .split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
            let column = scene.plotArea.column + rule.dotX / scene.dotsPerCell.x
            let rows = scene.plotArea.row..<(scene.plotArea.row + scene.plotArea.height)
            let shown = rows.filter { row in
                row < lines.count && column < lines[row].count && lines[row][column] != "█"
                    && lines[row][column] != " "
            }
            #expect(shown.count == rows.count)
        }
    }

    @Test func aDotPlotsXColumnsStatisticIsVerticalAndItsYColumnsAcross() {
        var notebook = Notebook()
        let script = """
            load fa.csv as fa
            add plot dot fa.d x=w
            add refline median fa.w
            add refline median fa.d
            """
        #expect(Self.run(script, &notebook) == "")
        let session = notebook.session
        #expect(session.markedLines.map { session.isVertical($0) } == [true, false])
        let scene = ChartRenderer.scene(for: session, on: Self.target)
        let medianW = Statistics.quantile(0.5, of: Self.rows.map(\.w))
        #expect(scene.verticalRules.map(\.value) == [medianW])
        #expect(scene.rules.filter { $0.kind == .marked }.count == 1)
    }

    @Test func xAndYSayTheAxisAndAreSavedAsTyped() {
        var notebook = Notebook()
        let script = """
            load fa.csv as fa
            add plot histogram fa.w
            add refline y=mean fa.w "across"
            add refline x=p90 fa.w where=d>2
            """
        #expect(Self.run(script, &notebook) == "")
        let session = notebook.session
        #expect(session.markedLines.map { session.isVertical($0) } == [false, true])
        let saved = SessionScript.text(for: session, scriptDirectory: "/work")
        #expect(saved.contains("add refline y=mean fa.w \"across\"\n"))
        #expect(saved.contains("add refline x=p90 fa.w where=d>2\n"))
        var replayed = Notebook()
        #expect(Self.run(saved, &replayed) == "")
        #expect(replayed.session.markedLines == session.markedLines)
        let kept = Self.rows.filter { $0.d > 2 }.map(\.w)
        #expect(session.value(of: session.markedLines[1]) == Statistics.quantile(0.9, of: kept))
    }

    @Test func vegaLiteDrawsTheStatisticAsARuleAlongX() throws {
        var notebook = Notebook()
        #expect(
            Self.run("load fa.csv as fa\nadd plot histogram fa.w\nadd refline mean fa.w", &notebook)
                == "")
        let spec = VegaLiteExporter.spec(for: notebook.session, on: Self.target, urls: false)
        let mean = Self.rows.map(\.w).reduce(0, +) / Double(Self.rows.count)
        let rules = try Self.ruleDatums(spec)
        #expect(rules.x.count == 1 && abs((rules.x.first ?? 0) - mean) < 1e-9)
        #expect(rules.y.isEmpty)
    }

    @Test func refusedWhereXFollowsNoValueAndNothingChanges() {
        var notebook = Notebook()
        #expect(Self.run("load fa.csv as fa\nadd plot line fa.w", &notebook) == "")
        let before = notebook.session
        for (line, expected) in [
            ("add refline x=mean fa.w", "this chart's x is row numbers"),
            ("add refline y=often", "expected a number or a statistic"),
            ("add refline x=mean fa.w fit=off", "fit= is for lines across"),
            ("add refline mean fa.w x=3", "in place of the line's value"),
        ] {
            let diagnostic = Self.run(line, &notebook)
            #expect(diagnostic.contains(expected), "\(line): \(diagnostic)")
            #expect(notebook.session == before)
        }
    }
}
