import ChartbookModel

/// The text of `help`, from the grammar (`Grammar.commands`), the plot kinds
/// (`PlotKindSpec.all`) and the plot options (`PlotOption.all`): nothing here names a
/// command, a kind or an option.
public enum HelpText {
    /// The help for `topic`, wrapped to `width` cells with a hanging indent: the groups and
    /// their commands (nil); a group in full (`help data`); the commands whose words match
    /// (`help load`, `help set labels`, `help add`); a plot kind by name or alias (`help hist`);
    /// a plot option (`help bins`). A word that is several of these shows each.
    public static func help(_ topic: Located<String>?, width: Int = 80) throws(Diagnostic)
        -> String
    {
        guard let topic else { return overview(width: width) }
        // An option as typed in a command (`help agg=`) is the option (issue 54).
        var word = topic.value.replacingOccurrences(of: " =", with: "=")
        if word.count > 1, word.hasSuffix("=") { word.removeLast() }
        if word == kindsTopic { return kindsOverview(width: width) }
        if word == keysTopic { return keysOverview(width: width) }
        if let group = HelpGroup(rawValue: word) {
            return group.title + "\n\n"
                + commands(in: group).map { full($0, width: width) }
                .joined(separator: "\n")
        }
        var sections = Grammar.commands.filter {
            $0.topic == word || $0.topic.hasPrefix(word + " ") || $0.topic.hasSuffix(" " + word)
                || $0.aliases.contains(word)
        }.map { full($0, width: width) }
        if let kind = Plot.Kind.named(word) { sections.append(kindHelp(kind, width: width)) }
        if PlotOption.named(word) != nil { sections.append(optionHelp(word, width: width)) }
        guard !sections.isEmpty else {
            throw Diagnostic(.unknown(.command, word, candidates: topics), at: topic.range)
        }
        return sections.joined(separator: "\n")
    }

    /// Every word `help` knows: groups, commands, kinds and their aliases, plot options.
    public static var topics: [String] {
        var seen = Set<String>()
        return
            (HelpGroup.allCases.map(\.rawValue) + [kindsTopic, keysTopic]
            + Grammar.commands.map(\.topic)
            + Grammar.verbs + Plot.Kind.allNames + PlotOption.all.map(\.name))
            .filter { seen.insert($0).inserted }
    }

    static func commands(in group: HelpGroup) -> [CommandSpec] {
        Grammar.commands.filter { $0.group == group }
    }

    /// One line per group listing its commands, then how to read more.
    public static func overview(width: Int) -> String {
        var text = wrap(
            "Commands by group (help GROUP shows a group in full, help COMMAND one command, help KIND a plot kind):",
            width: width, indent: "")
        for group in HelpGroup.allCases {
            let line =
                "  " + group.rawValue + String(repeating: " ", count: 9 - group.rawValue.count)
                + commands(in: group).map(\.topic).joined(separator: " · ")
            text += wrap(
                line, width: width, indent: String(repeating: " ", count: 11), separator: " · ")
        }
        let kinds =
            "  \(kindsTopic)    " + Plot.Kind.allCases.map(\.rawValue).joined(separator: " · ")
        text += wrap(
            kinds, width: width, indent: String(repeating: " ", count: 11), separator: " · ")
        return text
            + wrap(
                "Tab completes commands, names and values; at an empty prompt the arrow keys explore the chart (help keys); 'quit' or Ctrl-D leaves.",
                width: width, indent: "")
    }

    /// `help keys`: what each key does at an empty prompt.
    static let keysTopic = "keys"

    /// `help keys`: the keys that explore a chart at an empty prompt, a line each, and how
    /// they are kept.
    static func keysOverview(width: Int) -> String {
        table(
            "Keys at an empty prompt (on a chart; Tab completes when nothing is selected):",
            ExploreMove.allCases.map { ($0.keys, $0.summary) }, nameWidth: 9, width: width)
            + wrap(
                "Each key runs the command it names (select N, select x=VALUE, view A..B, scroll next): it is in history, undo takes it back and save script keeps it.",
                width: width, indent: "")
    }

    /// The overview's last group, and `help kinds`: the plot kinds.
    static let kindsTopic = "kinds"

    /// `help kinds`: every plot kind, a line each — its name, what it draws, its aliases —
    /// then how to read one in full.
    static func kindsOverview(width: Int) -> String {
        table(
            "Plot kinds (add plot KIND SERIES …; help KIND shows one in full):",
            PlotKindSpec.all.map { spec in
                let aliases =
                    spec.aliases.isEmpty ? "" : " (also: \(spec.aliases.joined(separator: ", ")))"
                return (spec.name, spec.summary + aliases)
            }, nameWidth: 12, width: width)
    }

    /// A title, then a line per row: its name in a column `nameWidth` wide, then its text,
    /// wrapped under the text.
    static func table(_ title: String, _ rows: [(String, String)], nameWidth: Int, width: Int)
        -> String
    {
        var text = wrap(title, width: width, indent: "")
        for (name, summary) in rows {
            let padded = name.padding(toLength: nameWidth, withPad: " ", startingAt: 0)
            text += wrap(
                "  " + padded + summary, width: width,
                indent: String(repeating: " ", count: nameWidth + 2))
        }
        return text
    }

    /// A command's synopsis, summary (whole sentences, wrapped) and example.
    static func full(_ spec: CommandSpec, width: Int) -> String {
        wrap(spec.synopsis, width: width, indent: "    ")
            + wrap("  " + spec.summary, width: width, indent: "  ")
            + (spec.aliases.isEmpty
                ? ""
                : wrap(
                    "  also: " + spec.aliases.joined(separator: ", "), width: width, indent: "    "))
            + wrap("  example: " + spec.example, width: width, indent: "    ")
    }

    /// A plot kind: its names, what it draws, the chart it joins, its options and an example.
    static func kindHelp(_ kind: Plot.Kind, width: Int) -> String {
        let spec = kind.spec
        let options = PlotOption.names(for: kind).compactMap { PlotOption.named($0, for: kind) }
            .map(optionSynopsis)
        var text = wrap(
            "add plot \(spec.name) SERIES [as ID] [key=value ...]"
                + (spec.aliases.isEmpty
                    ? "" : "   (also: " + spec.aliases.joined(separator: ", ") + ")"),
            width: width, indent: "    ")
        text += wrap(
            "  " + spec.summary + " Drawn in \(spec.family.noun).", width: width, indent: "  ")
        text += wrap("  options: " + options.joined(separator: " "), width: width, indent: "    ")
        return text + wrap("  example: " + spec.example, width: width, indent: "    ")
    }

    /// A plot option: its values and meaning for each kind that takes it (`width=` means a
    /// stroke for lines and a share of the slot for bars).
    static func optionHelp(_ name: String, width: Int) -> String {
        optionLines().filter { $0.name == name }.map { line in
            wrap(line.synopsis + "   (add plot, set plot)", width: width, indent: "    ")
                + wrap("  " + line.summary, width: width, indent: "  ")
                + wrap("  kinds: " + line.kinds, width: width, indent: "    ")
        }.joined(separator: "\n")
    }

    /// One plot option as help, the reference and the man page show it.
    public struct OptionLine: Sendable {
        public var name: String
        /// `bins=auto|sturges|fd|N`.
        public var synopsis: String
        public var summary: String
        /// The kinds that take it, comma-separated.
        public var kinds: String
        /// The words its value may be (`mean`, `month-of-year`); none for free values.
        public var words: [String] = []
    }

    /// Every plot option, in table order (an option two kinds read differently, like
    /// `width=`, has a line for each meaning).
    public static func optionLines() -> [OptionLine] {
        PlotOption.all.map { option in
            OptionLine(
                name: option.name, synopsis: optionSynopsis(option), summary: option.summary,
                kinds: Plot.Kind.allCases.filter(option.kinds.contains).map(\.rawValue)
                    .joined(separator: ", "), words: option.values.keywords)
        }
    }

    /// `name=a|b|c`, `name=COLUMN`, `name=N`: the option and what its value is.
    static func optionSynopsis(_ option: PlotOption) -> String {
        option.name + "=" + placeholder(option.values)
    }

    /// How a synopsis writes a value of `kind`.
    public static func placeholder(_ kind: ValueKind) -> String {
        switch kind {
        case .keyword(let words): words.joined(separator: "|")
        case .either(let a, let b): placeholder(a) + "|" + placeholder(b)
        case .optional(let inner): "[" + placeholder(inner) + "]"
        case .name: "NAME"
        case .dataset, .reloadable: "DATASET"
        case .series: "SERIES"
        case .labelSource: "SERIES"
        case .column: "COLUMN"
        case .filter: "FILTER"
        case .plotKind: "KIND"
        case .plot: "ID"
        case .refline: "VALUE|ID"
        case .annotation: "ID"
        case .statistic: "VALUE|STATISTIC"
        case .path: "PATH"
        case .color: "COLOR"
        case .colorPair: "C1..C2"
        case .integer, .number, .numbers: "N"
        case .range: "MIN..MAX"
        case .size: "WxH"
        case .bytes: "SIZE"
        case .duration: "DURATION"
        case .text: "\"TEXT\""
        case .expression: "EXPRESSION"
        case .zone: "ZONE"
        case .xValue: "VALUE"
        case .interval: "A..B"
        case .distance: "+N"
        case .inlineValues: "= V ..."
        case .rows: "A..B"
        case .positions: "relative F ...|absolute V ..."
        case .helpTopic: "TOPIC"
        case .asName: "as NAME"
        }
    }

    static func wrap(_ text: String, width: Int, indent: String, separator: String = " ") -> String
    {
        TextMetrics.wrapped(text, toWidth: max(width, 20), indent: indent, separator: separator)
            .map { $0 + "\n" }.joined()
    }
}
