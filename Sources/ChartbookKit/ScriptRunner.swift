import ChartbookModel
import ChartbookCommands

/// Runs script text command by command against a notebook, as if each line were typed:
/// every command is its own transaction and undo step. Reports through `emit`.
public struct ScriptRunner: Sendable {
    public enum Event: Equatable, Sendable {
        /// Text for standard output (listings, help).
        case output(String)
        /// The chart changed and should be drawn now (with `each`, or after `show`): this session.
        case draw(Session)
        /// A formatted diagnostic for standard error.
        case diagnostic(String)
        /// `history` ran: a shell with a command history shows it; others print `changes`.
        case history(changes: String)
    }

    public enum Outcome: Equatable, Sendable {
        case completed
        /// At least one command failed (with `keepGoing` the rest still ran).
        case failed
        case quit
    }

    public var executor: Executor
    /// Draw after every command that changes the chart, not only at the end.
    public var drawEach: Bool
    /// Go on after a failing command instead of stopping.
    public var keepGoing: Bool

    public init(executor: Executor, drawEach: Bool = false, keepGoing: Bool = false) {
        self.executor = executor
        self.drawEach = drawEach
        self.keepGoing = keepGoing
    }

    public func run(_ source: ScriptSource, in notebook: inout Notebook, emit: (Event) -> Void) -> Outcome {
        let lines = source.lines
        let context = Executor.Context(directory: source.directory)
        var failed = false
        func report(_ diagnostic: Diagnostic) {
            var d = diagnostic
            d.file = d.file ?? source.name
            if d.lineText == nil, lines.indices.contains(d.range.start.line - 1) { d.lineText = lines[d.range.start.line - 1] }
            emit(.diagnostic(DiagnosticFormatter.format(d)))
            failed = true
        }
        for line in Lexer.logicalLines(source) {
            let commands: [CommandTokens]
            do { commands = try Lexer.commands(in: line) } catch {
                report(error)
                if keepGoing { continue } else { return .failed }
            }
            for tokens in commands {
                do {
                    let command = try Parser.parse(tokens)
                    let effects = try executor.run(command, text: tokens.text, at: tokens.tokens[0].range, in: &notebook, context: context)
                    for effect in effects {
                        switch effect {
                        case .print(let text): emit(.output(text))
                        case .render: if drawEach || command == .show { emit(.draw(notebook.session)) }
                        case .quit: return .quit
                        case .history(let changes): emit(.history(changes: changes))
                        }
                    }
                } catch {
                    report(error)
                    // Ctrl-C stops the whole script, --keep-going or not.
                    if !keepGoing || error.kind == .cancelled { return .failed }
                }
            }
        }
        return failed ? .failed : .completed
    }
}
