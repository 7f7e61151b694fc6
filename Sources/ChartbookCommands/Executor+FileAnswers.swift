import ChartbookData
import ChartbookModel

/// The executor's side of its file questions (`FileQuestion`, issue 52): `apply` reads their
/// answers (`read`), or stops needing them — one, or a batch planned at once (`prefetch`) —
/// and `answering` reads the files between two runs of the command (`readFile`). The one
/// place the executor reads a file (`Scripts/lint`).
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

    /// Reads the file `resolved` (typed as `path`) as the dataset `datasetName`: what
    /// answers a `FileQuestion.dataset`.
    func readFile(
        _ path: Located<String>, resolved: String, name datasetName: String, options: LoadOptions,
        timeZone: TimeZoneSetting, named: [Located<String>]
    ) throws(Diagnostic) -> Dataset {
        let bytes: MappedBytes
        do { bytes = try files.map(resolved, budget: limits.memoryBudget) } catch {
            if error == .cancelled { throw Diagnostic(.cancelled, at: path.range) }
            throw Diagnostic(.cannotRead(path: path.value, reason: error.reason), at: path.range)
        }
        var dataset: Dataset
        let report = progress, typed = path.value
        defer { report(typed, 1) }
        let xRange = named.first(where: { $0.value == "x" })?.range ?? path.range
        do throws(DataError) {
            dataset = try readDataset(
                bytes, resolved: resolved, name: datasetName, options: options, timeZone: timeZone,
                progress: { report(typed, $0) })
        } catch {
            throw loadFailure(error, of: path, mapped: bytes, columns: named)
        }
        if bytes.shrank {
            throw Diagnostic(.unreadableData(path: path.value, .changedWhileRead), at: path.range)
        }
        // Ctrl-C late in the read (after the last poll) still means: nothing changes.
        if isCancelled() { throw Diagnostic(.cancelled, at: path.range) }
        dataset.columns = try xColumns(
            Self.keepingLabels(dataset.columns, dataset.labels, options), options: options,
            timeZone: timeZone, at: xRange)
        dataset.xColumn = Self.xColumn(of: dataset.columns, options: options)
        return dataset
    }

    /// The columns of `fields` of `file`, read from the file at `path`, which must be the
    /// one loaded: what answers a `FileQuestion.fields`.
    func readFields(
        _ fields: [Int], of file: OnDemandFile, names: [String], options: LoadOptions,
        path: String, textual: Set<Int>, at range: SourceRange
    ) throws(Diagnostic) -> [Column] {
        let shown = TextMetrics.sanitized(path)
        let bytes: MappedBytes
        do { bytes = try files.map(path, budget: limits.memoryBudget) } catch {
            if error == .cancelled { throw Diagnostic(.cancelled, at: range) }
            throw Diagnostic(.cannotRead(path: shown, reason: error.reason), at: range)
        }
        guard bytes.identity == file.identity else {
            throw Diagnostic(.unreadableData(path: shown, .changedSinceLoaded), at: range)
        }
        var reader = DelimitedReader(options: options, limits: limits)
        reader.timeZone = file.timeZone
        let report = progress
        defer { report(path, 1) }
        do throws(DataError) {
            let columns = try reader.readColumns(
                fields, names: names, layout: file.layout, textual: textual, in: bytes.buffer,
                shouldCancel: isCancelled,
                release: { bytes.release($0, $1) }, progress: { report(path, $0) })
            if bytes.shrank { throw DataError.changedWhileRead }
            if isCancelled() { throw DataError.cancelled }
            return columns
        } catch {
            if bytes.shrank {
                throw Diagnostic(
                    .unreadableData(path: TextMetrics.sanitized(path), .changedWhileRead), at: range
                )
            }
            if error == .cancelled { throw Diagnostic(.cancelled, at: range) }
            throw Diagnostic(.unreadableData(path: TextMetrics.sanitized(path), error), at: range)
        }
    }
}
