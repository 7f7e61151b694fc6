import ChartbookModel

/// The reference part of Docs/commands.md, made from the grammar (`Grammar.commands`), the
/// plot kinds (`PlotKindSpec.all`) and the plot options (`PlotOption.all`). A test fails when
/// the checked-in file differs from it, so the reference cannot drift from the language.
public enum CommandReference {
    /// The lines that open and close the generated part in Docs/commands.md.
    public static let begin =
        "<!-- reference: generated from the grammar; edit Grammar+…Commands.swift -->"
    public static let end = "<!-- end of the generated reference -->"

    /// The generated part, markers included.
    public static func markdown() -> String {
        var text = begin + "\n\n## Reference\n\n"
        text +=
            "Every command by group (`help GROUP` in chartbook shows the same), then the plot kinds and their options.\n"
        for group in HelpGroup.allCases {
            text +=
                "\n### " + group.title + "\n\n| command | what it does | example |\n|---|---|---|\n"
            for spec in Grammar.commands where spec.group == group {
                let also =
                    spec.aliases.isEmpty
                    ? "" : " (also " + spec.aliases.map(code).joined(separator: ", ") + ")"
                text +=
                    "| " + code(spec.synopsis) + also + " | " + cell(spec.summary) + " | "
                    + code(spec.example) + " |\n"
            }
        }
        text +=
            "\n### Plot kinds\n\n| kind | also | what it draws | options | example |\n|---|---|---|---|---|\n"
        for spec in PlotKindSpec.all {
            let options = PlotOption.names(for: spec.kind).map { code($0 + "=") }.joined(
                separator: " ")
            text +=
                "| " + code(spec.name) + " | " + spec.aliases.map(code).joined(separator: ", ")
                + " | " + cell(spec.summary) + " | " + options + " | " + code(spec.example) + " |\n"
        }
        text += "\n### Plot options\n\n| option | kinds | meaning |\n|---|---|---|\n"
        for line in HelpText.optionLines() {
            text +=
                "| " + code(line.synopsis) + " | " + line.kinds + " | " + cell(line.summary)
                + " |\n"
        }
        return text + "\n" + end + "\n"
    }

    /// `text` as inline code in a table cell (pipes escaped).
    static func code(_ text: String) -> String {
        "`" + text.replacingOccurrences(of: "|", with: "\\|") + "`"
    }

    /// Prose in a table cell.
    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }

    /// `document` with its generated part replaced by `markdown()` (nil when it has none).
    public static func updated(_ document: String) -> String? {
        guard let start = document.range(of: begin), let stop = document.range(of: end + "\n"),
            start.lowerBound < stop.lowerBound
        else { return nil }
        return String(document[..<start.lowerBound]) + markdown()
            + String(document[stop.upperBound...])
    }
}
