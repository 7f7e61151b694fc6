import ChartbookModel

extension Executor {
    /// The commands that act on the notebook rather than on its session: `undo`, `redo`,
    /// `history`, `save` (a page of the notebook's steps) and `source` (a script as one step).
    /// Nil for the others.
    func runOnNotebook(
        _ command: Command, text: String, at range: SourceRange, in notebook: inout Notebook,
        context: Context
    ) throws(Diagnostic) -> [Effect]? {
        switch command {
        case .undo(let count):
            return try step(
                count, "undo", "undid", available: notebook.undoStack.count, at: range
            ) { notebook.undo() }
        case .redo(let count):
            return try step(
                count, "redo", "redid", available: notebook.redoStack.count, at: range
            ) { notebook.redo() }
        case .history(let all):
            return [.history(changes: SessionReport.history(notebook), all: all)]
        case .save(let request):
            return try save(request, notebook: notebook, context: context)
        case .source(let path):
            // The script's own effects are bound to its own steps already.
            var inner = notebook
            let effects = try source(path, into: &inner, context: context)
            notebook.commit(inner.session, command: text)
            return effects
        default: return nil
        }
    }

    /// `save FORMAT PATH …`: what the format writes, to be written once the command committed.
    func save(_ request: ExportRequest, notebook: Notebook, context: Context) throws(Diagnostic)
        -> [Effect]
    {
        guard let format = ExportFormat.named(request.format) else { return [] }
        let path = outputPath(request.path.value, context: context)
        let output = try format.output(
            request, ExportContext(executor: self, notebook: notebook, path: path))
        return [.write(output, path: path, range: request.path.range)]
    }

    /// `undo N` / `redo N`: all N steps or none, each named as it is taken.
    func step(
        _ count: Int, _ verb: String, _ done: String, available: Int, at range: SourceRange,
        _ take: () -> String?
    ) throws(Diagnostic) -> [Effect] {
        guard available >= count else {
            throw Diagnostic(.notEnough(verb, asked: count, available: available), at: range)
        }
        let steps = (0..<count).compactMap { _ in take() }
        return [.print(steps.map { "\(done): \(TextMetrics.sanitized($0))\n" }.joined()), .render]
    }

    /// Where a save writes: `-` is standard output (`save svg -`, as `--svg -`), anything else a
    /// path resolved like every other.
    func outputPath(_ typed: String, context: Context) -> String {
        typed == "-" ? "/dev/stdout" : files.resolve(typed, relativeTo: context.directory)
    }

    /// Runs a script file as one transaction: every command applies to a scratch notebook, and
    /// the first error aborts the whole script, pointing at its own line in its own file.
    func source(_ path: Located<String>, into notebook: inout Notebook, context: Context)
        throws(Diagnostic) -> [Effect]
    {
        guard context.depth < maxSourceDepth else {
            throw Diagnostic(.sourceTooDeep(maxSourceDepth), at: path.range)
        }
        let resolved = files.resolve(path.value, relativeTo: context.directory)
        let bytes = try scriptBytes(path, resolved: resolved)
        let script: ScriptSource
        do {
            script = try ScriptSource(
                name: path.value, bytes: bytes,
                directory: ScriptSource.directory(containing: resolved))
        } catch {
            throw Diagnostic(.cannotRead(path: path.value, reason: error.reason), at: path.range)
        }
        let inner = Context(directory: script.directory, depth: context.depth + 1)
        var scratch = notebook
        var effects = [Effect]()
        do throws(Diagnostic) {
            lines: for line in Lexer.logicalLines(script) {
                for tokens in try Lexer.commands(in: line) {
                    if isCancelled() { throw Diagnostic(.cancelled, at: tokens.tokens[0].range) }
                    let command = try Parser.parse(tokens)
                    effects += try run(
                        command, text: tokens.text, at: tokens.tokens[0].range, in: &scratch,
                        context: inner)
                    // `quit` ends the sourced script too.
                    if effects.contains(.quit) { break lines }
                }
            }
        } catch {
            if error.innermost.kind == .cancelled { throw Diagnostic(.cancelled, at: path.range) }
            throw Diagnostic(.inScript(error.located(in: script)), at: path.range)
        }
        notebook = scratch
        return effects
    }

}
