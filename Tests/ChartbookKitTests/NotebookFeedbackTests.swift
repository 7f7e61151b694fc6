import Testing
import ChartbookCommands
import ChartbookModel
import ChartbookScene
@testable import ChartbookKit

/// Issue 10: the notebook says what it did; an empty chart says what to type.
@Suite struct NotebookFeedbackTests {
    @Test func saveSvgSaysWhatItWrote() {
        var notebook = Notebook()
        var feedback = [String]()
        let runner = ScriptRunner(executor: Executor(files: InMemoryFiles()))
        _ = runner.run(
            ScriptSource(name: "t", text: "gen w walk 5; add plot line w; save svg out.svg"),
            in: &notebook
        ) { if case .feedback(let text) = $0 { feedback.append(text) } }
        #expect(feedback.last?.hasPrefix("wrote /work/out.svg (656×400 px, ") == true)
    }

    @Test func emptyChartSuggestsTheNextCommand() {
        var s = Session()
        let layout = ChartLayout(columns: 60, rows: 10, dots: DotDensity(x: 2, y: 4))
        #expect(
            layout.scene(for: s).texts.map(\.text) == [
                "no data yet", "try: load FILE  or  gen w walk 200",
            ])
        s.upsert(
            Dataset(name: "d", columns: [Column(name: "v", numbers: [1, 2])], source: .inline))
        let scene = layout.scene(for: s)
        #expect(scene.texts.map(\.text) == ["no plots yet", "try: add plot line d.v"])
        #expect(scene.plotArea.isEmpty && scene.rules.isEmpty)
    }
}
