import ChartbookCommands

/// A script as a lesson (`play`): its commands one step each, the comment lines above a
/// command as its narration, and pauses — a `# pause` comment or a `pause` command — as
/// steps that wait without running anything.
public struct Lesson: Equatable, Sendable {
    public struct Step: Equatable, Sendable {
        /// The comment lines above the command (without `#`), shown above its chart.
        public var narration: [String]
        /// The command as typed; nil for a pause.
        public var command: String?
        /// The script line it starts on (1-based), so diagnostics point into the script.
        public var line: Int
        public var isPause: Bool { command == nil }
    }

    public var source: ScriptSource
    public var steps: [Step]

    /// Whether a comment is the `# pause` directive (a step of its own), not narration.
    static func isPause(_ comment: String) -> Bool {
        comment.trimmingCharacters(in: " \t") == "pause"
    }

    public init(_ source: ScriptSource) {
        self.source = source
        var steps = [Step]()
        var narration = [String]()
        for line in Lexer.logicalLines(source) {
            if let comment = ScriptRunner.comment(line) {
                if Self.isPause(comment) {
                    steps.append(Step(narration: narration, command: nil, line: line.line))
                    narration = []
                } else {
                    narration.append(comment)
                }
                continue
            }
            // A line that does not lex is still a step: running it reports the error.
            guard let commands = try? Lexer.commands(in: line) else {
                steps.append(
                    Step(narration: narration, command: line.text, line: line.line))
                narration = []
                continue
            }
            for tokens in commands {
                let pause = (try? Parser.parse(tokens)) == .pause
                steps.append(
                    Step(narration: narration, command: pause ? nil : tokens.text, line: line.line))
                narration = []
            }
        }
        self.steps = steps
    }
}
