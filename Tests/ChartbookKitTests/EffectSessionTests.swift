import Testing
import ChartbookCommands
import ChartbookModel
@testable import ChartbookKit

/// Issue 12, plumbing: an effect carries the session it refers to, and files are written
/// only after the command (a whole `source`) commits.
@Suite struct EffectSessionTests {
    static let lesson = """
        gen w walk 30 seed=1
        add plot line w
        add refline 0 "zero"
        set title "steps"
        """

    /// Four snapshots of a sourced script came out byte-identical: each drew the final session.
    @Test func snapshotsOfASourcedScriptDrawEachStep() {
        let files = InMemoryFiles(["/work/lesson.cb": Self.lesson])
        var notebook = Notebook()
        let outcome = ScriptRunner(executor: Executor(files: files)).run(
            ScriptSource(name: "t", text: "snapshot on shots\nsource lesson.cb"), in: &notebook
        ) { _ in }
        #expect(outcome == .completed)
        // `snapshot on` itself, then the script's four steps.
        let shots = files.files.keys.filter { $0.hasPrefix("/work/shots/") }.sorted()
        #expect(shots.count == 5, "\(shots)")
        let texts = shots.compactMap { files.files[$0] }.map { String(decoding: $0, as: UTF8.self) }
        #expect(Set(texts).count == shots.count, "every snapshot shows its own step")
        #expect(texts.last?.contains("steps") == true)
        #expect(texts.dropLast().allSatisfy { !$0.contains("steps") })
        // Each names the command that made it.
        #expect(texts.last?.contains("set title") == true)
    }

    /// `--each` inside `source` drew the final session after every step.
    @Test func eachDrawsEveryStepOfASourcedScript() {
        let files = InMemoryFiles(["/work/lesson.cb": Self.lesson])
        var notebook = Notebook()
        var drawn = [Session]()
        _ = ScriptRunner(executor: Executor(files: files), drawEach: true).run(
            ScriptSource(name: "t", text: "source lesson.cb"), in: &notebook
        ) { event in if case .draw(let s) = event { drawn.append(s) } }
        #expect(drawn.map(\.plots.count) == [0, 1, 1, 1])
        #expect(drawn.map(\.output.title) == [nil, nil, nil, "steps"])
    }

    /// A `source` that failed after `save script` left the script written (but not the SVG).
    @Test func aFailingSourceWritesNothing() {
        let files = InMemoryFiles([
            "/work/bad.cb":
                "gen w walk 5\nadd plot line w\nsave script out.cb\nsave svg out.svg\nadd plot lien w"
        ])
        var notebook = Notebook()
        let outcome = ScriptRunner(executor: Executor(files: files)).run(
            ScriptSource(name: "t", text: "source bad.cb"), in: &notebook
        ) { _ in }
        #expect(outcome == .failed)
        #expect(files.files["/work/out.cb"] == nil)
        #expect(files.files["/work/out.svg"] == nil)
        #expect(notebook.session.plots.isEmpty)
    }

    /// Writes happen in command order, each of the session as it was at that command.
    @Test func savedChartsAreOfTheirOwnStep() {
        let files = InMemoryFiles([
            "/work/two.cb":
                "gen w walk 5\nadd plot line w\nsave svg a.svg\nset title \"later\"\nsave svg b.svg"
        ])
        var notebook = Notebook()
        _ = ScriptRunner(executor: Executor(files: files)).run(
            ScriptSource(name: "t", text: "source two.cb"), in: &notebook
        ) { _ in }
        let a = files.files["/work/a.svg"].map { String(decoding: $0, as: UTF8.self) }
        let b = files.files["/work/b.svg"].map { String(decoding: $0, as: UTF8.self) }
        #expect(a?.contains("later") == false)
        #expect(b?.contains("later") == true)
    }
}
