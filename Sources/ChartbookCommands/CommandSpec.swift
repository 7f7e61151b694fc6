import ChartbookModel

/// One command of the language, declared once (`Grammar.commands`): its words, what it takes,
/// its help, and the function that reads it. The parser dispatches on `words`, `help` prints
/// `synopsis`, `summary` and `example`, the completer walks `operands` and `options`, the
/// reference in Docs/commands.md and the man page are generated from it, and the generated
/// round-trip test builds commands from its operands and options.
public struct CommandSpec: Sendable {
    /// `["load"]`, `["set", "range"]`: the verb, then the noun for commands that have one.
    public let words: [String]
    /// Other spellings of the verb (`exit` for `quit`).
    public let aliases: [String]
    public let synopsis: String
    /// Whole sentences: what it does.
    public let summary: String
    /// A line that runs as typed on the tutorial's data.
    public let example: String
    public let group: HelpGroup
    /// Whether it can change the session (and so makes an undo step when it does).
    public let changesSession: Bool
    /// What comes after the words, in order (options aside): for completion and tests.
    public let operands: [ValueKind]
    /// Where its `key=value` options come from.
    public let options: OptionSource
    /// Reads the tokens after `words` into a command.
    let parse: @Sendable (inout TokenCursor) throws(Diagnostic) -> Command

    init(
        _ words: String, aliases: [String] = [], _ synopsis: String, _ summary: String,
        example: String, group: HelpGroup, changes: Bool = true, operands: [ValueKind] = [],
        options: OptionSource = .none,
        parse: @escaping @Sendable (inout TokenCursor) throws(Diagnostic) -> Command
    ) {
        self.words = words.split(separator: " ").map(String.init)
        self.aliases = aliases
        self.synopsis = synopsis
        self.summary = summary
        self.example = example
        self.group = group
        self.changesSession = changes
        self.operands = operands
        self.options = options
        self.parse = parse
    }

    /// `set range`: how help and messages name it.
    public var topic: String { words.joined(separator: " ") }
    public var verb: String { words[0] }
}
