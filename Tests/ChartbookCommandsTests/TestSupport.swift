import ChartbookCommands
import ChartbookModel

/// Runs script text against a notebook the way the runner does, returning the formatted
/// diagnostic of the first failure (nil when all succeeded) and all printed text.
struct Harness {
    var notebook = Notebook()
    var files = InMemoryFiles()
    var printed = ""
    /// What the commands said for the prompt (`Effect.feedback`).
    var feedback = ""
    var limits = ResourceLimits()
    var isCancelled: @Sendable () -> Bool = { false }

    @discardableResult
    mutating func run(_ text: String, name: String = "t.cb") -> String? {
        let source = name.isEmpty ? ScriptSource(typed: text) : ScriptSource(name: name, text: text)
        var executor = Executor(files: files, isCancelled: isCancelled)
        executor.limits = limits
        for line in Lexer.logicalLines(source) {
            do throws(Diagnostic) {
                for tokens in try Lexer.commands(in: line) {
                    let command = try Parser.parse(tokens)
                    for effect in try executor.run(
                        command, text: tokens.text, at: tokens.tokens[0].range, in: &notebook)
                    {
                        if case .print(let text) = effect { printed += text }
                        if case .feedback(let text) = effect { feedback += text }
                        if case .history(let text, _) = effect { printed += text }
                        // Documents are written as a shell would, once the command committed
                        // (charts need a renderer, which this module does not have).
                        if case .write(.document(let text, let written), let path, let range) =
                            effect
                        {
                            do { try files.write(Array(text.utf8), to: path) } catch {
                                throw Diagnostic(
                                    .cannotWrite(path: path, reason: error.reason), at: range)
                            }
                            feedback += written
                        }
                    }
                }
            } catch {
                return DiagnosticFormatter.format(error.located(in: source))
            }
        }
        return nil
    }

    var session: Session { notebook.session }
}

func parse(_ text: String) throws(Diagnostic) -> Command {
    let line = Lexer.logicalLines(ScriptSource(name: "t", text: text))[0]
    let commands = try Lexer.commands(in: line)
    return try Parser.parse(commands[0])
}
