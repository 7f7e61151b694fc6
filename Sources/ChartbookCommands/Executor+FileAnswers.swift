import ChartbookModel

/// The executor's side of its file questions (`FileQuestion`, issue 52): `apply` reads their
/// answers (`read`), or stops needing them — one, or a batch planned at once (`prefetch`) —
/// and `answering` reads the files between two runs of the command (`readFile`).
extension Executor {
    /// `question`'s answer, as reading the file gave it (`fileAnswers`): where it has none
    /// yet, the command stops needing it (the range is the unread diagnostic's; a failure
    /// points where its question says).
    func read(_ question: FileQuestion, at range: SourceRange) throws(Diagnostic)
        -> FileAnswers.Answer
    {
        guard let answer = fileAnswers.answer(to: question) else {
            throw Diagnostic(.unread([question]), at: range)
        }
        return try answer.get()
    }

    /// The bytes of the script at `path` (`source`, `play`), read between two runs of the
    /// command.
    func scriptBytes(_ path: Located<String>, resolved: String) throws(Diagnostic) -> [UInt8] {
        let question = FileQuestion.script(typed: path, resolved: resolved)
        guard case .bytes(let bytes) = try read(question, at: path.range) else {
            throw Diagnostic(.unread([question]), at: path.range)
        }
        return bytes
    }

    /// `questions` planned at once (a `reload`'s files, the columns a session reads on
    /// demand): where some have no answer yet, the command stops needing all of those.
    func prefetch(_ questions: [FileQuestion], at range: SourceRange) throws(Diagnostic) {
        let wanted = fileAnswers.unanswered(questions)
        guard wanted.isEmpty else { throw Diagnostic(.unread(wanted), at: range) }
    }

    /// What reading the file gives as `question`'s answer, a failure as its diagnostic: what
    /// `answering` keeps for the command's next run. Reads files; asks nothing.
    public func readFile(_ question: FileQuestion) -> Result<FileAnswers.Answer, Diagnostic> {
        Result { () throws(Diagnostic) -> FileAnswers.Answer in
            switch question {
            case .dataset(let typed, let resolved, let name, let options, let timeZone, let named):
                return .dataset(
                    try readFile(
                        typed, resolved: resolved, name: name, options: options,
                        timeZone: timeZone, named: named))
            case .fields(
                let fields, let textual, let file, let path, let names, let options, let range):
                return .columns(
                    try readFields(
                        fields, of: file, names: names, options: options, path: path,
                        textual: textual, at: range))
            case .script(let typed, let resolved):
                do throws(FileAccessError) { return .bytes(try files.read(resolved)) } catch {
                    if error == .cancelled { throw Diagnostic(.cancelled, at: typed.range) }
                    throw Diagnostic(
                        .cannotRead(path: typed.value, reason: error.reason), at: typed.range)
                }
            }
        }
    }
}
