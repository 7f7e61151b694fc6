import ChartbookModel
import ChartbookData

extension Grammar {
    /// The commands of plots: add, change, remove (`help plots`), in the order help lists them.
    static let plotsCommands: [CommandSpec] = [
        CommandSpec(
            "add plot",
            "add plot KIND SERIES [as ID] [x=COLUMN] [by=COLUMN] [where=FILTER] [axis=left|right|left2|right2] [key=value ...]",
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
            "add panel",
            "add panel",
            "A new, empty chart on the page beside the others (each its own plots, axes, view and title over the same data); the commands that follow change it.",
            example: "add panel",
            group: .plots,
            parse: Parser.bare(.addPanel)),
        CommandSpec(
            "panel",
            "panel N",
            "Make chart N of the page (1 is the first) the one commands change.",
            example: "panel 1",
            group: .plots,
            operands: [.integer(1...Session.maxPanels)],
            parse: Parser.selectPanel),
        CommandSpec(
            "remove panel",
            "remove panel [N]",
            "Take chart N (or the current one) off the page; the one before it becomes current.",
            example: "remove panel 2",
            group: .plots,
            operands: [.optional(.integer(1...Session.maxPanels))],
            parse: Parser.removePanel),
        CommandSpec(
            "set layout",
            "set layout auto|COLUMNSxROWS",
            "How the page's charts are placed: as many a row as keep them about square (auto), or a grid of so many a row.",
            example: "set layout 2x1",
            group: .plots,
            operands: [.either(.keyword(["auto"]), .size)],
            parse: Parser.setLayout),
        CommandSpec(
            "set link",
            "set link x|none",
            "Whether view, scroll and select x= change every panel on the current panel's kind of x axis (x) or the current panel only (none).",
            example: "set link x",
            group: .plots,
            operands: [.keyword(PanelLink.allCases.map(\.rawValue))],
            parse: Parser.setLink),
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
