import ChartbookModel
import ChartbookData

extension Grammar {
    /// The commands of viewing: windows, scrolling and selection (`help view`), in the order help lists them.
    static let viewCommands: [CommandSpec] = [
        CommandSpec(
            "view",
            "view A..B | view all",
            "Show points A through B across the width; on a real x, the interval from A to B (numbers, dates, categories). all: everything again.",
            example: "view 2004-01-01..2006-12-31",
            group: .view,
            operands: [.either(.keyword(["all"]), .interval)],
            parse: Parser.view),
        CommandSpec(
            "scroll",
            "scroll [+N|-N|+N%|+DURATION|next|prev|start|end]",
            "Move the window by N points (on a real x: N x units, or a duration like +30d, -6h, +1y), by a percentage of the window, a whole window forward (next, or scroll alone) or back (prev), to the start or the end.",
            example: "scroll prev",
            group: .view,
            operands: [.optional(.either(.keyword(["next", "prev", "start", "end"]), .distance))],
            parse: Parser.scroll),
        CommandSpec(
            "set spacing",
            "set spacing N|auto",
            "Cells between neighbouring points; when they do not fit, the chart shows a window of them (auto: fit all).",
            example: "set spacing 3",
            group: .view,
            operands: [.either(.keyword(["auto"]), .number(0.01...1000))],
            parse: Parser.setSpacing),
        CommandSpec(
            "set direction",
            "set direction ltr|rtl",
            "rtl opens at the newest points and keeps them in view as data grows.",
            example: "set direction rtl",
            group: .view,
            operands: [.keyword(View.Direction.allCases.map(\.rawValue))],
            parse: Parser.choice("direction") { .setDirection($0) }),
        CommandSpec(
            "set padding",
            "set padding left=N right=N top=N bottom=N",
            "Inset of the first and last point from the plot's left and right edges, and of the y range's top and bottom from its top and bottom edges, in cells.",
            example: "set padding left=2 right=2 top=1",
            group: .view,
            options: .fixed(View.Side.allCases.map { OptionSpec($0.rawValue, .number(0...500)) }),
            parse: Parser.setPadding),
        CommandSpec(
            "select",
            "select N|x=VALUE|last|none",
            "Highlight point N (0-based), or the point of every plot nearest to x=VALUE, and show the values under the chart; scrolls it into view.",
            example: "select x=2005-01-03",
            group: .view,
            operands: [.optional(.either(.keyword(["last", "none"]), .integer(0...1000)))],
            options: .fixed([OptionSpec("x", .xValue)]),
            parse: Parser.select),
    ]
}
