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
        /// What a command did, for a person at the prompt (`Effect.feedback`).
        case feedback(String)
        /// `history` ran: a shell with a command history shows it; others print `changes`.
        case history(changes: String, all: Bool)
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
    /// The terminal now (for `auto` sizes in SVG output).
    public var target: @Sendable () -> TerminalTarget

    public init(
        executor: Executor, drawEach: Bool = false, keepGoing: Bool = false,
        target: @escaping @Sendable () -> TerminalTarget = {
            TerminalTarget(columns: 80, rows: 24, colorMode: .none)
        }
    ) {
        self.executor = executor
        self.drawEach = drawEach
        self.keepGoing = keepGoing
        self.target = target
    }

    public func run(_ source: ScriptSource, in notebook: inout Notebook, emit: (Event) -> Void)
        -> Outcome
    {
        let context = Executor.Context(directory: source.directory)
        var failed = false
        func report(_ diagnostic: Diagnostic) {
            let d = diagnostic.located(in: source)
            emit(.diagnostic(DiagnosticFormatter.format(d)))
            if d.severity == .error { failed = true }
        }
        for line in Lexer.logicalLines(source) {
            let commands: [CommandTokens]
            do { commands = try Lexer.commands(in: line) } catch {
                report(error)
                if keepGoing { continue } else { return .failed }
            }
            for tokens in commands {
                do throws(Diagnostic) {
                    let command = try Parser.parse(tokens)
                    let effects = try executor.run(
                        command, text: tokens.text, at: tokens.tokens[0].range, in: &notebook,
                        context: context)
                    for effect in effects {
                        switch effect {
                        case .print(let text): emit(.output(text))
                        case .feedback(let text): emit(.feedback(text))
                        case .render:
                            if drawEach || command == .show { emit(.draw(notebook.session)) }
                            if let failure = snapshot(
                                notebook.session, command: tokens.text, at: tokens.tokens[0].range)
                            {
                                throw failure
                            }
                        case .quit: return .quit
                        case .history(let changes, let all):
                            emit(.history(changes: changes, all: all))
                        case .saveSVG(let path, let range, let size):
                            let svg = SVGExporter.svg(
                                for: notebook.session, on: target(), size: size)
                            do { try executor.files.write(Array(svg.utf8), to: path) } catch {
                                throw Diagnostic(
                                    .cannotWrite(path: path, reason: error.reason), at: range)
                            }
                            emit(.feedback(Self.wrote(path, bytes: svg.utf8.count, svg: svg)))
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

    /// `wrote out/chart.svg (816×416 px, 36 KB)`.
    static func wrote(_ path: String, bytes: Int, svg: String) -> String {
        var size = ""
        if let start = svg.range(of: "width=\""), let end = svg.range(of: "\" height=\"") {
            let width = svg[start.upperBound..<end.lowerBound]
            let rest = svg[end.upperBound...]
            if let close = rest.firstIndex(of: "\"") { size = "\(width)×\(rest[..<close]) px, " }
        }
        return "wrote \(TextMetrics.sanitized(path)) (\(size)\(ResourceLimits.bytesText(bytes)))\n"
    }

    /// With `snapshot on`, writes the chart to the next `NNNN.svg` in the snapshot directory,
    /// the command in its `<desc>`. Returns an error when the file cannot be written: the
    /// script fails (exit 1), though the command's own change stays made (and undoable).
    func snapshot(_ session: Session, command: String, at range: SourceRange) -> Diagnostic? {
        guard let directory = session.output.snapshotDirectory else { return nil }
        let taken = executor.files.list(directory).compactMap { entry -> Int? in
            guard entry.name.hasSuffix(".svg") else { return nil }
            return Int(entry.name.dropLast(4))
        }
        let number = (taken.max() ?? 0) + 1
        var name = String(number)
        while name.count < 4 { name = "0" + name }
        let path = directory + "/" + name + ".svg"
        let svg = SVGExporter.svg(for: session, on: target(), description: command)
        do { try executor.files.write(Array(svg.utf8), to: path) } catch {
            return Diagnostic(.cannotWrite(path: path, reason: error.reason), at: range)
        }
        return nil
    }
}
