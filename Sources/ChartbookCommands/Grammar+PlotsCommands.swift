import ChartbookModel
import ChartbookData

extension Grammar {
    /// The commands of plots: add, change, remove (`help plots`), in the order help lists them.
    static let plotsCommands: [CommandSpec] = [
        CommandSpec(
            "add plot",
            "add plot KIND SERIES [as ID] [x=COLUMN] [by=COLUMN] [where=FILTER] [axis=left|right] [key=value ...]",
            "Draw a series. x=: the column it is drawn against (numbers: to scale, a dot plot is a scatter plot; dates: a time axis; text: categories). by=: one series per distinct value (long-format data). where=COLUMN=A,B | COLUMN!=A | COLUMN>N | COLUMN<=DATE keeps some rows. axis=right: measured on a second y axis. KIND: "
                + Plot.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                + " ('help KIND' shows a kind's aliases, options and an example).",
            example: "add plot line sales.revenue as rev color=#16aafc style=smooth",
            group: .plots,
            operands: [.plotKind, .series, .asName],
            options: .plotKind,
            parse: Parser.addPlot),
        CommandSpec(
            "set plot",
            "set plot ID key=value ...",
            "Change a plot's options (those of its kind).",
            example: "set plot rev color=orange width=3",
            group: .plots,
            operands: [.plot],
            options: .plotNamed,
            parse: Parser.setPlot),
        CommandSpec(
            "remove plot",
            "remove plot ID",
            "Remove a plot.",
            example: "remove plot rev",
            group: .plots,
            operands: [.plot],
            parse: Parser.removePlot),
        CommandSpec(
            "plots",
            "plots",
            "List the plots.",
            example: "plots",
            group: .plots,
            changes: false,
            parse: Parser.bare(.plots)),
    ]
}
