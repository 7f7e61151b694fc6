import ChartbookModel

/// One output format of `save FORMAT PATH …` (and of the command line's `--svg`, `--html`,
/// which run `save svg PATH`, `save html PATH`): declared once — its name, help, what follows
/// the path, how its options are read, and what it writes. The grammar's `save …` entries, the
/// parser, completion, help, the printer and the executor read `ExportFormat.all`; a new format
/// is one entry in ExportFormat+All.swift (and, for a new kind of chart file, its renderer in
/// ChartbookKit, `ScriptRunner.rendered`).
public struct ExportFormat: Sendable {
    public let name: String
    /// What its path is, for a message (`an SVG file path`).
    public let pathName: String
    public let synopsis: String
    public let summary: String
    public let example: String
    public let group: HelpGroup
    /// What `save NAME PATH` takes after the path (`save csv PATH [NAME]`), options aside.
    public let operands: [ValueKind]
    public let options: [OptionSpec]
    /// Checks a request as it is read (its options' values), so a bad one fails at once.
    let check: @Sendable (ExportRequest) throws(Diagnostic) -> Void
    /// What to write once the command committed (the executor may refuse: too many rows…).
    let output: @Sendable (ExportRequest, ExportContext) throws(Diagnostic) -> Output

    /// The format named `name` (lowercase).
    public static func named(_ name: String) -> ExportFormat? { all.first { $0.name == name } }

    /// Its entry in the grammar: `save NAME PATH …`.
    var command: CommandSpec {
        CommandSpec(
            "save " + name, synopsis, summary, example: example, group: group, changes: false,
            operands: [.path] + operands, options: options.isEmpty ? .none : .fixed(options),
            parse: Parser.save(self))
    }

    /// The value of option `name` as typed, if given (the last one counts).
    static func option(_ name: String, in request: ExportRequest) -> Token? {
        request.options.last { $0.name == name }?.value
    }
}

/// What a format's output may read: the executor (its files, limits and readers), the
/// notebook (its steps, for a page of them) and the session the command saw.
struct ExportContext {
    let executor: Executor
    let notebook: Notebook
    var session: Session { notebook.session }
    /// The path, absolute (`/dev/stdout` for `-`).
    let path: String
}
