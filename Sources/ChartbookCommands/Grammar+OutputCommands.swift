import ChartbookModel
import ChartbookData

extension Grammar {
    /// The option of `set theme` that sizes the text of pixel outputs.
    static let themeFontSize = "fontsize"

    /// The commands of output: how and where the chart is drawn (`help output`), in the order help lists them.
    static let outputCommands: [CommandSpec] = [
        CommandSpec(
            "show",
            "show",
            "Draw the chart again.",
            example: "show",
            group: .output,
            changes: false,
            parse: Parser.bare(.show)),
        CommandSpec(
            "show data",
            "show data [NAME|ID] [A..B]",
            "A dataset as an aligned table (NAME may go unsaid when there is one), or the table a plot draws (ID: its columns, a histogram's bins); rows A through B (default the first 20), numbers with one number of decimals per column.",
            example: "show data sales 0..11",
            group: .output,
            changes: false,
            operands: [.optional(.dataset), .optional(.rows)],
            parse: Parser.showData),
        CommandSpec(
            "set size",
            "set size COLUMNSxROWS|auto",
            "The chart's size in cells (auto follows the terminal).",
            example: "set size 100x30",
            group: .output,
            operands: [.either(.keyword(["auto"]), .size)],
            parse: Parser.setSize),
        CommandSpec(
            "set color",
            "set color auto|off|16|256|truecolor",
            "Colour escapes (auto: the terminal's, none when output is not a terminal or NO_COLOR is set).",
            example: "set color 256",
            group: .output,
            operands: [.keyword(ColorSetting.allCases.map(\.rawValue))],
            parse: Parser.choice("color") { .setColor($0) }),
        CommandSpec(
            "set canvas",
            "set canvas braille|block|ascii|auto",
            "What lines and dots are drawn with: braille (2×4 dots a cell), quadrant blocks (2×2), ASCII, or auto: a picture where the terminal shows pictures (kitty, iTerm2, WezTerm, sixel), braille elsewhere.",
            example: "set canvas ascii",
            group: .output,
            operands: [.keyword(Canvas.allCases.map(\.rawValue))],
            parse: Parser.choice("canvas") { .setCanvas($0) }),
        CommandSpec(
            "set theme",
            "set theme [dark|light|solarized-dark|solarized-light|paper] [background=C text=C grid=C frame=C mark=C fontsize=PX]",
            "Colours of the background, text, grid, frame and marked lines (SVG, PNG, PDF, Vega-Lite; the terminal keeps its own background and text colour and takes the grid, frame and marked lines'). paper: black on white, for printing. Each named theme also colours the plots with a palette of its own (dark and light: Tableau 10; Solarized: its accents; paper: the Okabe–Ito colours). fontsize= is the text size of SVG, PNG, PDF, HTML and Vega-Lite in pixels (6–48, default 13; auto: the default), the cells growing with it. Until a theme is set, a picture in the terminal (set canvas auto) follows the terminal's background, light or dark.",
            example: "set theme solarized-light",
            group: .output,
            operands: [.optional(.keyword(Theme.allCases.map(\.rawValue)))],
            options: .fixed(
                ThemeColors.Part.allCases.map {
                    OptionSpec($0.rawValue, .either(.keyword(["auto"]), .color))
                }
                    + [
                        OptionSpec(
                            themeFontSize,
                            .either(.keyword(["auto"]), .integer(OutputSettings.fontSizes)))
                    ]),
            parse: Parser.setTheme),
        CommandSpec(
            "set selection",
            "set selection [color=C|auto style=solid|dashed|dotted|none|auto]",
            "How the selection is drawn: the colour of its marks and of the line down the chart at its x (auto: each plot's, the grid's), and that line's stroke (none: the marks alone).",
            example: "set selection color=orange style=solid",
            group: .output,
            options: .fixed([
                OptionSpec("color", .either(.keyword(["auto"]), .color)),
                OptionSpec(
                    "style", .keyword(SelectionStyle.Line.allCases.map(\.rawValue) + ["auto"])),
            ]),
            parse: Parser.setSelectionStyle),
        CommandSpec(
            "set redraw",
            "set redraw inplace|scroll",
            "At the prompt: draw each new chart over the last one from the top of the screen (inplace, the default), or below it (scroll). Ctrl-L clears the screen and redraws.",
            example: "set redraw scroll",
            group: .output,
            operands: [.keyword(Redraw.allCases.map(\.rawValue))],
            parse: Parser.choice("redraw") { .setRedraw($0) }),
        CommandSpec(
            "snapshot on",
            "snapshot on [DIR]",
            "After every command that changes the chart, write DIR/0001.svg, 0002.svg, ... (default DIR: snapshots), the command in each <desc>.",
            example: "snapshot on steps",
            group: .output,
            operands: [.optional(.path)],
            parse: Parser.snapshotOn),
        CommandSpec(
            "snapshot off",
            "snapshot off",
            "Stop writing snapshots.",
            example: "snapshot off",
            group: .output,
            parse: Parser.bare(.snapshot(on: false, directory: nil))),
    ]
}
