import ChartbookData
import Foundation
import ChartbookModel
import ChartbookScene
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit
@testable import ChartbookScene

/// Facets (issue 50): each small panel's log x axis is ticked on its range — two decades or
/// more where they fit, 1-5 steps within less than two — never one lone tick; a statistic's
/// line in each panel is the statistic of that panel's rows; a trend is fitted per panel,
/// its fit in the panel's title.
@Suite struct FacetPanelTests {
    /// GDP-like values over two and a half decades (200 to 40 000) in five groups.
    static let file =
        "g,x,y\n"
        + (0..<100).map { i in
            "\(["a", "b", "c", "d", "e"][i % 5]),\(200 * pow(1.055, Double(i))),\(Double(i % 17))"
        }.joined(separator: "\n") + "\n"

    @Test(arguments: [(100, 30), (80, 24), (140, 40)])
    func everyPanelHasTwoTicksOrMore(_ size: (Int, Int)) {
        var notebook = Notebook()
        let executor = Executor(files: InMemoryFiles(["/work/f.csv": Self.file]))
        var said = ""
        _ = ScriptRunner(executor: executor).run(
            ScriptSource(
                name: "t.cb", text: "load f.csv as f\nadd plot dot f.y x=x facet=g\nset xscale log"),
            in: &notebook
        ) { if case .diagnostic(let d) = $0 { said += d } }
        #expect(said == "")
        let scene = ChartRenderer.scene(
            for: notebook.session,
            on: TerminalTarget(columns: size.0, rows: size.1, colorMode: .none))
        #expect(scene.panels.count == 5)
        for panel in scene.panels {
            #expect(panel.scene.frame.xTicks.count >= 2, "\(panel.scene.frame.xTicks)")
        }
    }

    @Test func thinningKeepsTwoTicksWhereTwoFit() {
        // Three decades, room for two: every other decade.
        #expect(YAxisPlan.thinnedLogTicks([2, 3, 4], in: 1.8...4.2, maxCount: 2) == [2, 4])
        // Less than two decades: 1-5 steps.
        let ticks = YAxisPlan.thinnedLogTicks([3], in: 2.5...3.9, maxCount: 4)
        #expect(ticks.map { ($0 * 1000).rounded() / 1000 } == [2.699, 3, 3.699])
        // Room for one: the decade.
        #expect(YAxisPlan.thinnedLogTicks([3], in: 2.5...3.9, maxCount: 1) == [3])
    }

    @Test func eachPanelsStatisticIsItsOwn() throws {
        var notebook = Notebook()
        let executor = Executor(files: InMemoryFiles(["/work/f.csv": Self.file]))
        _ = ScriptRunner(executor: executor).run(
            ScriptSource(
                name: "t.cb",
                text: "load f.csv as f\nadd plot dot f.y x=x facet=g\nadd refline mean f.y\n"
                    + "add refline median f.x where=y>3"),
            in: &notebook
        ) { _ in }
        let scene = ChartRenderer.scene(
            for: notebook.session, on: TerminalTarget(columns: 140, rows: 40, colorMode: .none))
        #expect(scene.panels.count == 5)
        let rows = (0..<100).map { i in
            (
                g: ["a", "b", "c", "d", "e"][i % 5], x: 200 * pow(1.055, Double(i)),
                y: Double(i % 17)
            )
        }
        for (panel, group) in zip(scene.panels, ["a", "b", "c", "d", "e"]) {
            let mine = rows.filter { $0.g == group }
            let mean = mine.map(\.y).reduce(0, +) / Double(mine.count)
            let across = panel.scene.rules.filter { $0.kind == .marked }.map(\.value)
            #expect(across.count == 1 && abs((across.first ?? 0) - mean) < 1e-9, "\(group)")
            let median = Statistics.quantile(0.5, of: mine.filter { $0.y > 3 }.map(\.x))
            let down = panel.scene.verticalRules.map(\.value)
            #expect(down.count == 1 && abs((down.first ?? 0) - median) < 1e-6 * median, "\(group)")
        }
    }

    @Test func aTrendIsFittedInEachPanel() throws {
        func session(_ script: String) -> Session {
            var notebook = Notebook()
            let executor = Executor(files: InMemoryFiles(["/work/f.csv": Self.file]))
            var said = ""
            _ = ScriptRunner(executor: executor).run(
                ScriptSource(name: "t.cb", text: "load f.csv as f\n" + script), in: &notebook
            ) { if case .diagnostic(let d) = $0 { said += d } }
            #expect(said == "")
            return notebook.session
        }
        let faceted = session("add plot trend f.y x=x facet=g method=poly:2")
        let drawn = try #require(faceted.plots.first?.drawn)
        #expect(drawn.panelFits.count == 5)
        for group in ["a", "b", "c", "d", "e"] {
            let alone = session("add plot trend f.y x=x where=g=\(group) method=poly:2")
            let fit = try #require(alone.plots.first?.drawn?.fits[""])
            #expect(drawn.panelFits[Facet.Key(column: group)]?[""] == fit)
            #expect(faceted.panelTitle(Facet.Key(column: group)) == "g = \(group)  \(fit)")
        }
    }
}
