import ChartbookModel
import ChartbookData

extension Grammar {
    /// The commands of axes: scales, ranges, labels and titles (`help axes`), in the order help lists them.
    static let axesCommands: [CommandSpec] = [
        CommandSpec(
            "set xscale",
            "set xscale auto|index|linear|log|time|category",
            "How x is placed: auto follows the x columns (numbers: linear, dates: time, text: category; none: index).",
            example: "set xscale log",
            group: .axes,
            operands: [.keyword(["auto"] + XScaleKind.allCases.map(\.rawValue))],
            parse: Parser.setXScale),
        CommandSpec(
            "set yscale",
            "set yscale linear|log",
            "log: decades with 2 and 5 between them on short spans; values ≤ 0 are left out and counted in a note.",
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
            "set facetscales",
            "set facetscales shared|free|free-x|free-y",
            "Which ranges the panels of a faceted chart (facet=) share: both (shared, the default), neither (free), or all but x or y.",
            example: "set facetscales free-y",
            group: .axes,
            operands: [.keyword(FacetScales.allCases.map(\.rawValue))],
            parse: Parser.setFacetScales),
        CommandSpec(
            "set legend",
            "set legend on|off|auto",
            "The legend row (auto: shown for more than one series, or for one that no y label names).",
            example: "set legend on",
            group: .axes,
            operands: [.keyword(["on", "off", "auto"])],
            parse: Parser.setLegend),
    ]
}
