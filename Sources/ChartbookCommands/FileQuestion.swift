import ChartbookModel

/// What a command reads from a local file, as a value (issue 52: `Executor.apply` reads no
/// file either). Like an engine's questions (`EngineQuestion`), `apply` stops needing it
/// (`Diagnostic.Kind.unread`) and `Executor.answering` answers it between two runs of the
/// command, keeping the answer for the runs after (`FileAnswers`): a command run again for
/// its engines' answers — a `reload` beside a remote dataset — reads each file once, and
/// `load -` reads its pipe once. Equal questions are one read.
public enum FileQuestion: Equatable, Sendable {
    /// A file read as a dataset (`load`, `reload`): the path as typed (a failure points at
    /// its range), where it resolved to, the dataset's name, how it is read, the zone times
    /// without one are read in, and the columns the command named (a failure about them
    /// points there).
    case dataset(
        typed: Located<String>, resolved: String, name: String, options: LoadOptions,
        timeZone: TimeZoneSetting, named: [Located<String>])
    /// Fields of a file loaded on demand (`OnDemandFile`), read whole: the fields (a
    /// column's place in the file), those a sample judged text, the file's path and its
    /// columns' names, how it was loaded, and where a failure points.
    case fields(
        [Int], textual: Set<Int>, of: OnDemandFile, path: String, names: [String],
        options: LoadOptions, at: SourceRange)
    /// A script's bytes (`source`, `play`): the path as typed (a failure points at its
    /// range) and where it resolved to.
    case script(typed: Located<String>, resolved: String)
}
