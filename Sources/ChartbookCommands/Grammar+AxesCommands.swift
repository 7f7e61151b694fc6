import ChartbookModel
import ChartbookData

extension Grammar {
    /// The commands of axes: scales, ranges, labels and titles (`help axes`), in the order help lists them.
    static let axesCommands: [CommandSpec] = [
        CommandSpec(
            "set xscale",
            "set xscale auto|index|linear|log|time|category|sqrt|symlog",
            "How x is placed: auto follows the x columns (numbers: linear, dates: time, text: category; none: index); log, sqrt and symlog place numbers as set yscale does.",
            example: "set xscale log",
            group: .axes,
            operands: [.keyword(["auto"] + XScaleKind.allCases.map(\.rawValue))],
            parse: Parser.setXScale),
        CommandSpec(
            "set yscale",
            "set yscale linear|log|sqrt|symlog",
            "log: decades with 2 and 5 between them on short spans; values ≤ 0 are left out and counted in a note. sqrt: by square root, round ticks (values < 0 left out). symlog: linear near zero, decades beyond, both signs.",
            example: "set yscale log",
            group: .axes,
            operands: [.keyword(YScaleKind.allCases.map(\.rawValue))],
            parse: Parser.choice("yscale") { .setYScale($0) }),
        CommandSpec(
            "set range",
            "set range auto|adapt|MIN..MAX",
            "The y range: fit all data, fit the visible points (adapt; follows scrolling), or fixed (either end may be open: ..100, 5..; beyond it data is clipped and marked).",
            example: "set range 0..100",
            group: .axes,
            operands: [.either(.keyword(["auto", "adapt"]), .range)],
            parse: Parser.setRange),
        CommandSpec(
            "set zero",
            "set zero on|off",
            "Make the y range include zero.",
            example: "set zero on",
            group: .axes,
            operands: [.keyword(["on", "off"])],
            parse: Parser.setZero),
        CommandSpec(
            "set labels",
            "set labels SERIES|auto|index [sparsity=N]",
            "x labels from a dataset's labels or a column; every Nth point at most. Labels never overlap.",
            example: "set labels sales sparsity=2",
            group: .axes,
            operands: [.optional(.either(.keyword(["auto", "index"]), .labelSource))],
            options: .fixed([OptionSpec("sparsity", .integer(1...1000))]),
            parse: Parser.setLabels),
        CommandSpec(
            "set xlabel",
            "set xlabel \"TEXT\"|off",
            "A title under the x axis.",
            example: "set xlabel \"date\"",
            group: .axes,
            operands: [.either(.keyword(["off"]), .text)],
            parse: Parser.setAxisTitle(x: true)),
        CommandSpec(
            "set ylabel",
            "set ylabel \"TEXT\"|off",
            "A title over the y axis.",
            example: "set ylabel \"°C\"",
            group: .axes,
            operands: [.either(.keyword(["off"]), .text)],
            parse: Parser.setAxisTitle(x: false)),
        CommandSpec(
            "set title",
            "set title \"TEXT\"|off",
            "A title above the chart.",
            example: "set title \"Revenue 2024\"",
            group: .axes,
            operands: [.either(.keyword(["off"]), .text)],
            parse: Parser.setTitle),
        CommandSpec(
            "set xaxis",
            "set xaxis [labels=on|off line=on|off ticks=on|off grid=on|off every=N|DURATION|auto count=N at=V,… format=PATTERN|auto angle=DEGREES position=top|bottom]",
            "The x axis: whether its tick labels, its line (with the tick marks), the tick marks and the grid lines down the chart show; where it stands (position=top: over the plot); its ticks (every=, count=, at=, as set xticks), label format (format=, as set xformat) and the labels' slant (angle=0..90: in SVG, PNG, PDF and Vega-Lite each ends at its tick; in the terminal category names are written downward, whole).",
            example: "set xaxis labels=off",
            group: .axes,
            options: .fixed(axisOptions(x: true)),
            parse: Parser.setAxis(x: true)),
        CommandSpec(
            "set yaxis",
            "set yaxis [labels=on|off line=on|off ticks=on|off grid=on|off every=N|auto count=N format=PATTERN|auto]",
            "The left y axis: whether its tick labels, its line (with the tick marks), the tick marks and the grid lines across the chart show; its tick step (every=, as set yticks) and label format (format=, as set yformat).",
            example: "set yaxis labels=off",
            group: .axes,
            options: .fixed(axisOptions(x: false)),
            parse: Parser.setAxis(x: false)),
        CommandSpec(
            "set xticks",
            "set xticks every N|DURATION|count N|at V1,V2,…|auto",
            "Ticks on x at every multiple of N (numbers; on a log axis every N decades) or, on a time axis, on every boundary of a calendar step (30s, 10min, 6h, 1d, 2w, 3mo, 1y); count N: at most N round ticks (2 to 50); at: at these values (numbers, dates, category names); auto: round values that fit.",
            example: "set xticks every 3mo",
            group: .axes,
            operands: [.keyword(["every", "count", "at", "auto"]), .optional(.text)],
            parse: Parser.setTicks(x: true)),
        CommandSpec(
            "set yticks",
            "set yticks every N|count N|auto",
            "Ticks and grid lines on y at every multiple of N (on a log axis every N decades); an automatic range ends on multiples of N. count N: at most N round ticks (2 to 50). auto: round values that fit.",
            example: "set yticks every 5",
            group: .axes,
            operands: [.keyword(["every", "count", "auto"]), .optional(.text)],
            parse: Parser.setTicks(x: false)),
        CommandSpec(
            "set xformat",
            "set xformat \"PATTERN\"|auto",
            "How x tick labels are written: a number pattern (printf: %.1f, %\'d grouped, %+.2e; text around it kept) or on a time axis a time pattern (strftime: %Y %m %d %b %B %a %H %M %S).",
            example: "set xformat \"%b %Y\"",
            group: .axes,
            operands: [.either(.keyword(["auto"]), .text)],
            parse: Parser.setFormat(x: true)),
        CommandSpec(
            "set yformat",
            "set yformat \"PATTERN\"|auto|plain|suffix|percent|grouped",
            "How y tick labels are written: a number pattern (printf: %.1f, %\'.0f grouped with commas, %+.2e; text around it kept), or a named format (as set reflines format=).",
            example: "set yformat \"$%\'.0f\"",
            group: .axes,
            operands: [.either(.keyword(["auto"]), .text)],
            parse: Parser.setFormat(x: false)),
        CommandSpec(
            "set grid",
            "set grid x|y|both|on|off",
            "Grid lines across the plot: at the x ticks (down the chart), at the y ticks (the reference lines), both (on) or neither; the labels stay.",
            example: "set grid both",
            group: .axes,
            operands: [.keyword(gridChoices)],
            parse: Parser.setGrid),
        CommandSpec(
            "set facetscales",
            "set facetscales shared|free|free-x|free-y",
            "Which ranges the panels of a faceted chart (facet=) share: both (shared, the default), neither (free), or all but x or y.",
            example: "set facetscales free-y",
            group: .axes,
            operands: [.keyword(FacetScales.allCases.map(\.rawValue))],
            parse: Parser.setFacetScales),
        CommandSpec(
            "set legend",
            "set legend on|off|auto|top|bottom|left|right|inside|CORNER",
            "The legend row (auto: shown for more than one series, or for one that no y label names); top (the default) above the plot, bottom below the x axis, inside over the plot's top right corner (CORNER: top-left, bottom-left or bottom-right, the other corners), left or right a column beside the plot, an entry a row.",
            example: "set legend bottom",
            group: .axes,
            operands: [.keyword(Parser.legendWords)],
            parse: Parser.setLegend),
    ]

    /// The words of `set grid`.
    static let gridChoices = ["x", "y", "both", "on", "off"]

    /// The options of `set xaxis` and `set yaxis`.
    static func axisOptions(x: Bool) -> [OptionSpec] {
        AxisChange.switches.map { OptionSpec($0, .keyword(["on", "off"])) } + [
            OptionSpec("every", x ? .text : .either(.keyword(["auto"]), .number(0...1e300))),
            OptionSpec("count", .integer(2...50)),
            OptionSpec("format", .either(.keyword(["auto"]), .text)),
        ]
            + (x
                ? [
                    OptionSpec("angle", .integer(0...90)), OptionSpec("at", .text),
                    OptionSpec("position", .keyword(["top", "bottom"])),
                ] : [])
    }
}
