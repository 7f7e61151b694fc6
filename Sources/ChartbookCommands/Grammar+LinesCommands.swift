import ChartbookModel
import ChartbookData

extension Grammar {
    /// The commands of reference lines: the grid and marked lines (`help lines`), in the order help lists them.
    static let linesCommands: [CommandSpec] = [
        CommandSpec(
            "set reflines",
            "set reflines auto | relative F ... | absolute V ... | on | off [labels=left|right|both|none units=TEXT decimals=N|auto format=auto|plain|suffix|percent|grouped minmax=on|off intermediate=on|off color=C style=solid|dashed|dotted]",
            "The y reference lines: at round values as many as the rows hold (auto, the default), at fractions of the range, or at values; and how they are labelled. minmax=off hides the lines at the range's ends.",
            example: "set reflines relative 0 0.25 0.5 0.75 1 labels=both format=suffix",
            group: .lines,
            operands: [.optional(.either(.keyword(["auto", "on", "off"]), .positions))],
            options: .fixed([
                OptionSpec("labels", .keyword(ReferenceLines.LabelSide.allCases.map(\.rawValue))),
                OptionSpec("units", .text),
                OptionSpec("decimals", .either(.keyword(["auto"]), .integer(0...10))),
                OptionSpec("format", .keyword(ReferenceLines.Format.allCases.map(\.rawValue))),
                OptionSpec("minmax", .keyword(["on", "off"])),
                OptionSpec("intermediate", .keyword(["on", "off"])), OptionSpec("color", .color),
                OptionSpec("style", .keyword(RuleStyle.allCases.map(\.rawValue))),
            ]),
            parse: Parser.setReflines),
        CommandSpec(
            "add refline",
            "add refline VALUE|mean|median|min|max|p95 [SERIES] | x=VALUE|A..B [\"label\"] [color=C style=S fit=on|off axis=left|right where=FILTER]",
            "A marked line at a value or at a statistic of a series (recomputed when data changes), of the rows where= keeps; or, with x=, a vertical line at an x value (a number or a time), or a shaded band from A to B. fit=on widens an automatic range to show it.",
            example: "add refline 50 \"target\" color=red",
            group: .lines,
            operands: [.optional(.statistic), .optional(.series), .optional(.text)],
            options: .fixed([
                OptionSpec("x", .xValue),
                OptionSpec("color", .color),
                OptionSpec("style", .keyword(RuleStyle.allCases.map(\.rawValue))),
                OptionSpec("fit", .keyword(["on", "off"])),
                OptionSpec("axis", .keyword(PlotBinding.Axis.allCases.map(\.rawValue))),
                OptionSpec("label", .text),
                OptionSpec("where", .filter),
            ]),
            parse: Parser.addRefline),
        CommandSpec(
            "remove refline",
            "remove refline VALUE|ID",
            "Remove a marked line by its id (r1, r2, ...) or value.",
            example: "remove refline r1",
            group: .lines,
            operands: [.refline],
            parse: Parser.removeRefline),
    ]
}
