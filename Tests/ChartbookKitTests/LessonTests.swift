import Testing
import ChartbookCommands
import ChartbookModel
@testable import ChartbookKit

/// Issue 12, `play`: a script as a lesson, stepped forward and back.
@Suite struct LessonTests {
    static let text = """
        # check: size=40x10
        # Data first.
        gen w walk 20 seed=1
        # A line.
        add plot line w; set title "t"
        # pause
        # Then a rule.
        add refline 0
        pause
        show
        """

    @Test func stepsNarrationAndPauses() {
        let lesson = Lesson(ScriptSource(name: "l.cb", text: Self.text))
        #expect(
            lesson.steps.map(\.command) == [
                "gen w walk 20 seed=1", "add plot line w", "set title \"t\"", nil, "add refline 0",
                nil,
                "show",
            ])
        #expect(lesson.steps[0].narration == ["Data first."])
        #expect(lesson.steps[1].narration == ["A line."])
        #expect(lesson.steps[2].narration.isEmpty)
        #expect(lesson.steps[4].narration == ["Then a rule."])
        #expect(lesson.steps[4].line == 8)
    }

    @Test func backUndoesExactlyTheStep() {
        let lesson = Lesson(ScriptSource(name: "l.cb", text: Self.text))
        var player = LessonPlayer(
            lesson: lesson, runner: ScriptRunner(executor: Executor(files: InMemoryFiles())))
        var notebook = Notebook()
        var sessions = [notebook.session]
        while player.done < lesson.steps.count {
            let frame = player.forward(&notebook)
            #expect(frame.messages.isEmpty, "\(frame.messages)")
            sessions.append(notebook.session)
        }
        #expect(player.forward(&notebook).isFinished)
        #expect(notebook.session.markedLines.count == 1)
        // Back, step by step, through pauses and `show` (which change nothing): each time
        // exactly the session that step started from.
        for expected in sessions.dropLast().reversed() {
            _ = player.back(&notebook)
            #expect(notebook.session == expected)
        }
        #expect(player.done == 0)
        #expect(notebook.entries.isEmpty)
    }

    /// Issue 49, item 5: a lesson's screen shows each command as typed, without the
    /// password of a connection URL — nor does its failure's caret line show it.
    @Test func aStepShowsNoPassword() {
        let lesson = Lesson(
            ScriptSource(
                name: "l.cb",
                text: "load postgres://ann:hunter2@127.0.0.1:1/x \"SELECT 1\" as q bogus=1\n"))
        var player = LessonPlayer(
            lesson: lesson, runner: ScriptRunner(executor: Executor(files: InMemoryFiles())))
        var notebook = Notebook()
        let frame = player.forward(&notebook)
        #expect(frame.command == "load postgres://ann@127.0.0.1:1/x \"SELECT 1\" as q bogus=1")
        #expect(frame.messages.contains("unknown option 'bogus'"))
        #expect(!frame.messages.contains("hunter2"))
    }

    @Test func aFailingStepSaysWhereAndChangesNothing() {
        let lesson = Lesson(ScriptSource(name: "l.cb", text: "gen w walk 5\n\nadd plot lien w\n"))
        var player = LessonPlayer(
            lesson: lesson, runner: ScriptRunner(executor: Executor(files: InMemoryFiles())))
        var notebook = Notebook()
        _ = player.forward(&notebook)
        let frame = player.forward(&notebook)
        #expect(frame.messages.hasPrefix("l.cb:3:10: error: unknown plot kind 'lien'"))
        #expect(notebook.session.plots.isEmpty)
        _ = player.back(&notebook)
        #expect(notebook.session.datasets.count == 1, "back over a failed step undoes nothing")
    }

    /// Without a terminal, `play` runs through: narration, the command, then the chart.
    @Test func playInAScriptRunsThrough() {
        let files = InMemoryFiles(["/work/l.cb": Self.text])
        var notebook = Notebook()
        var output = "", draws = 0
        _ = ScriptRunner(executor: Executor(files: files)).run(
            ScriptSource(name: "t", text: "play l.cb"), in: &notebook
        ) { event in
            if case .output(let text) = event { output += text }
            if case .draw = event { draws += 1 }
        }
        #expect(
            output.hasPrefix("Data first.\n> gen w walk 20 seed=1\nA line.\n> add plot line w\n"))
        #expect(draws == 3)
        #expect(notebook.session.markedLines.count == 1)
    }
}
