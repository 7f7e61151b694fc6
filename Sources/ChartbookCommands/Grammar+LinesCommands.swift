import ChartbookModel
import ChartbookData

extension Grammar {
    /// The commands of reference lines: the grid and marked lines (`help lines`), in the order help lists them.
    static let linesCommands: [CommandSpec] = [
        CommandSpec(
            "set reflines",
            "set reflines auto | relative F ... | absolute V ... | on | off [labels=left|right|both|none units=TEXT decimals=N|auto format=auto|plain|suffix|percent|grouped minmax=on|off intermediate=on|lines|off color=C style=solid|dashed|dotted width=PX]",
            "The y reference lines: at round values as many as the rows hold (auto, the default), at fractions of the range, or at values; and how they are labelled. minmax=off hides the lines at the range's ends; intermediate=lines draws the lines between the lowest and the highest without their labels (off: not at all). width= is the stroke in pixels (the terminal draws 2 and more heavy).",
            example: "set reflines relative 0 0.25 0.5 0.75 1 labels=both format=suffix",
            group: .lines,
            operands: [.optional(.either(.keyword(["auto", "on", "off"]), .positions))],
            options: .fixed([
                OptionSpec("labels", .keyword(ReferenceLines.LabelSide.allCases.map(\.rawValue))),
                OptionSpec("units", .text),
                OptionSpec("decimals", .either(.keyword(["auto"]), .integer(0...10))),
                OptionSpec("format", .keyword(ReferenceLines.Format.allCases.map(\.rawValue))),
                OptionSpec("minmax", .keyword(["on", "off"])),
                OptionSpec(
                    "intermediate",
                    .keyword(ReferenceLines.Intermediate.allCases.map(\.rawValue))),
                OptionSpec("color", .color),
                OptionSpec("style", .keyword(RuleStyle.allCases.map(\.rawValue))),
                OptionSpec("width", .number(0.25...20)),
            ]),
            parse: Parser.setReflines),
        CommandSpec(
            "add refline",
            "add refline VALUE|mean|median|min|max|p90|p95|p99 [SERIES] | x=VALUE|A..B | x=STAT SERIES | y=VALUE|STAT SERIES [\"label\"] [color=C style=S width=PX fit=on|off axis=left|right|left2|right2 where=FILTER]",
            "A marked line at a value or at a statistic of a series (recomputed when data changes), of the rows where= keeps; or, with x=, a vertical line at an x value (a number or a time), or a shaded band from A to B. A statistic of what the chart puts on x (a histogram's values, a dot plot's x= column) is vertical; x=STAT and y=STAT say the axis. fit=on widens an automatic range to show it.",
            example: "add refline 50 \"target\" color=red",
            group: .lines,
            operands: [.optional(.statistic), .optional(.series), .optional(.text)],
            options: .fixed([
                OptionSpec("x", .either(.statistic, .xValue)),
                OptionSpec("y", .either(.statistic, .number(-1e300...1e300))),
                OptionSpec("color", .color),
                OptionSpec("style", .keyword(RuleStyle.allCases.map(\.rawValue))),
                OptionSpec("width", .number(0.25...20)),
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
        CommandSpec(
            "add text",
            "add text X Y \"TEXT\" [anchor=left|center|right color=C axis=left|right|left2|right2]",
            "A text written onto the chart at a point in data units (x a number, a time or a category): starting right of the point (anchor=left), ending left of it (right) or centred on it.",
            example: "add text 1898 1200 \"dam built\"",
            group: .lines,
            operands: [.xValue, .number(-1e6...1e6), .text],
            options: .fixed(annotationOptions(["anchor", "color", "axis"])),
            parse: Parser.addText),
        CommandSpec(
            "add arrow",
            "add arrow X1 Y1 X2 Y2 [\"TEXT\"] [color=C style=solid|dashed|dotted axis=left|right|left2|right2]",
            "An arrow from one point to another, in data units, with an optional text at its tail.",
            example: "add arrow 1890 900 1898 1180 \"the dam\"",
            group: .lines,
            operands: [
                .xValue, .number(-1e6...1e6), .xValue, .number(-1e6...1e6), .optional(.text),
            ],
            options: .fixed(annotationOptions(["color", "style", "axis"])),
            parse: Parser.addArrow),
        CommandSpec(
            "set annotation",
            "set annotation ID [\"TEXT\"] [anchor=left|center|right color=C style=solid|dashed|dotted axis=left|right|left2|right2]",
            "Change a text or an arrow in place: its text, a text's anchor, an arrow's style, the colour or the y axis.",
            example: "set annotation a1 \"the dam\" color=red",
            group: .lines,
            operands: [.annotation, .optional(.text)],
            options: .fixed(annotationOptions(["anchor", "color", "style", "axis"])),
            parse: Parser.setAnnotation),
        CommandSpec(
            "remove annotation",
            "remove annotation ID",
            "Remove a text or an arrow by its id (a1, a2, ...).",
            example: "remove annotation a1",
            group: .lines,
            operands: [.annotation],
            parse: Parser.removeAnnotation),
    ]

    /// The options of annotations, declared once: those named, in this order.
    static func annotationOptions(_ names: [String]) -> [OptionSpec] {
        let all = [
            OptionSpec("anchor", .keyword(Annotation.Anchor.allCases.map(\.rawValue))),
            OptionSpec("color", .color),
            OptionSpec("style", .keyword(RuleStyle.allCases.map(\.rawValue))),
            OptionSpec("axis", .keyword(PlotBinding.Axis.allCases.map(\.rawValue))),
        ]
        return names.compactMap { name in all.first { $0.name == name } }
    }
}
