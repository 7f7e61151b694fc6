import ChartbookModel

/// The command language, declared once: `commands` is the table, and this is how the parser,
/// help, completion and the generated reference read it.
public enum Grammar {
    /// Every verb, in table order, then the aliases.
    public static let verbs: [String] = {
        var seen = Set<String>()
        return (commands.map(\.verb) + commands.flatMap(\.aliases)).filter {
            seen.insert($0).inserted
        }
    }()

    /// The command whose words are `topic` (`"set range"`).
    public static func command(_ topic: String) -> CommandSpec? {
        commands.first { $0.topic == topic }
    }

    /// The commands of `verb` (or one of its aliases).
    static func family(_ verb: String) -> [CommandSpec] {
        commands.filter { $0.verb == verb || $0.aliases.contains(verb) }
    }

    /// The nouns that follow `verb` (`plot`, `refline` after `add`).
    public static func nouns(of verb: String) -> [String] {
        family(verb).compactMap { $0.words.count > 1 ? $0.words[1] : nil }
    }

    /// The option names of the command `topic` (a fixed list; none for plot commands).
    public static func optionNames(of topic: String) -> [String] {
        guard case .fixed(let options) = command(topic)?.options else { return [] }
        return options.map(\.name)
    }

    /// The entry the words `verb noun` name (both lowercased): the verb's entry with that
    /// noun (`usesNoun`), else the verb's entry that takes none (`show`, or a verb without
    /// nouns); nil when the verb is no verb, or takes a noun that `noun` is not.
    static func lookup(verb: String, noun: String?) -> (spec: CommandSpec, usesNoun: Bool)? {
        let family = family(verb)
        if let noun, let named = family.first(where: { $0.words.count > 1 && $0.words[1] == noun })
        {
            return (named, true)
        }
        return family.first { $0.words.count == 1 }.map { ($0, false) }
    }

    /// Reads a command's words off `c` and gives its entry: the verb, then the noun when the
    /// verb has nouns (`set range`); a verb that also stands alone (`show`) takes no noun.
    static func entry(_ c: inout TokenCursor) throws(Diagnostic) -> CommandSpec {
        let verbToken = try c.word(.command)
        let verb = verbToken.text.lowercased()
        guard let first = family(verb).first else { throw unknownCommand(verbToken, &c) }
        let nouns = nouns(of: first.verb)
        let next = c.peek.flatMap { $0.kind == .word ? $0.text.lowercased() : nil }
        if let (spec, usesNoun) = lookup(verb: verb, noun: next),
            usesNoun || nouns.isEmpty || c.atEnd
        {
            if usesNoun { _ = c.next() }
            return spec
        }
        let role: Diagnostic.Role = first.verb == "set" ? .setting : .noun
        let (_, _) = try c.keyword(
            role, nouns, expected: role == .setting ? .setting : .nouns(nouns),
            context: role == .setting ? nil : first.verb)
        return first  // not reached: the keyword above was none of the nouns
    }

    /// The diagnostic for a first word that is no verb: when it is a noun or a plot kind typed
    /// without its verb (`plot line w.temp`, `range 0..10`, `scatter …`), the hint is the
    /// whole command with the verb; else the closest verb.
    static func unknownCommand(_ token: Token, _ c: inout TokenCursor) -> Diagnostic {
        let word = token.text.lowercased()
        var rest = [String]()
        while let next = c.next() {
            rest.append(next.kind == .string ? ScriptQuoting.quoted(next.text) : next.text)
        }
        let completed: String?
        if let spec = commands.first(where: { $0.words.count > 1 && $0.words[1] == word }) {
            completed = ([spec.verb, word] + rest).joined(separator: " ")
        } else if let kind = Plot.Kind.named(word) {
            completed = (["add", "plot", kind.rawValue] + rest).joined(separator: " ")
        } else {
            completed = nil
        }
        if let completed {
            return Diagnostic(.withoutVerb(token.text, command: completed), at: token.range)
        }
        return Diagnostic(.unknown(.command, token.text, candidates: verbs), at: token.range)
    }
}
