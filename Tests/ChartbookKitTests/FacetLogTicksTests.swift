import ChartbookData
import Foundation
import ChartbookModel
import ChartbookScene
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit
@testable import ChartbookScene

/// Faceted log axes (issue 50): each small panel's log x axis is ticked on its range — two
/// decades or more where they fit, 1-5 steps within less than two — never one lone tick.
@Suite struct FacetLogTicksTests {
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
}
