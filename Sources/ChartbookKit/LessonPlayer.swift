import ChartbookModel
import ChartbookCommands

/// Steps through a lesson on a notebook, forward and back: a step runs its command as a
/// transaction (an undo step when it changed the session); back undoes exactly what the
/// step did, so the chart is exactly the earlier one. Pure of any terminal: a shell shows
/// the frames it returns and maps keys to `forward` and `back`.
public struct LessonPlayer: Sendable {
    /// What to show after a move.
    public struct Frame: Equatable, Sendable {
        /// Steps done (0 before the first), of `total`.
        public var done: Int
        public var total: Int
        public var narration: [String]
        /// The command of the step just run (nil before the first step and for pauses).
        public var command: String?
        /// Diagnostics and output of the step, already formatted.
        public var messages: String
        /// A pause: wait without drawing.
        public var isPause: Bool
        /// The step's command failed (its error is in `messages`).
        public var failed = false
        public var isFinished: Bool { done == total }
    }

    public let lesson: Lesson
    public var runner: ScriptRunner
    /// Steps done; the next to run is `steps[done]`.
    public private(set) var done = 0
    /// For each step done: whether it committed a change (what `back` undoes).
    private var changed = [Bool]()

    public init(lesson: Lesson, runner: ScriptRunner) {
        self.lesson = lesson
        self.runner = runner
    }

    /// The frame before any step: the lesson's first narration, nothing run.
    public var start: Frame {
        Frame(
            done: 0, total: lesson.steps.count, narration: [], command: nil, messages: "",
            isPause: false)
    }

    /// Runs the next step. At the end, stays there.
    public mutating func forward(_ notebook: inout Notebook) -> Frame {
        guard done < lesson.steps.count else { return frame(at: done, messages: "") }
        let step = lesson.steps[done]
        var messages = ""
        let commits = notebook.commits
        var failed = false
        if let command = step.command {
            // Numbered as its line of the script, so a diagnostic points into the lesson.
            var source = ScriptSource(
                name: lesson.source.name, text: command, directory: lesson.source.directory)
            source.firstLine = step.line
            var once = runner
            once.drawEach = false
            failed =
                once.run(source, in: &notebook) { event in
                    switch event {
                    case .output(let text), .diagnostic(let text): messages += text
                    case .history(let changes, _): messages += changes
                    case .feedback, .draw, .play: break  // a lesson does not nest
                    }
                } == .failed
            if notebook.commits > commits { notebook.narrate(step.narration) }
        }
        changed.append(notebook.commits > commits)
        done += 1
        var frame = frame(at: done, messages: messages)
        frame.failed = failed
        return frame
    }

    /// Takes back the last step (undoing its change, if it made one).
    public mutating func back(_ notebook: inout Notebook) -> Frame {
        guard done > 0 else { return start }
        if changed.removeLast() { _ = notebook.undo() }
        done -= 1
        return frame(at: done, messages: "")
    }

    /// The frame showing step `done` (1-based) as just run.
    func frame(at done: Int, messages: String) -> Frame {
        guard done > 0 else { return start }
        let step = lesson.steps[done - 1]
        return Frame(
            done: done, total: lesson.steps.count, narration: step.narration,
            command: step.command.map(ConnectionURL.redacting), messages: messages,
            isPause: step.isPause)
    }
}
