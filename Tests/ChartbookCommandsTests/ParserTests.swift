import Testing
import ChartbookModel
@testable import ChartbookCommands

@Suite struct ParserTests {
    let r = SourceRange(line: 1, column: 1, length: 1)
    func l(_ s: String) -> Located<String> { Located(s, at: r) }
    func ls(_ s: String) -> Located<SeriesName> { Located(SeriesName(word: s), at: r) }

    @Test func dataPlainLabelledAndCommas() throws {
        #expect(
            try parse("data x = 3 1,4, 1 5")
                == .data(name: l("x"), values: [3, 1, 4, 1, 5], labels: nil))
        #expect(
            try parse("data m = Jan:12 Feb:1_500 \"New York\":3")
                == .data(name: l("m"), values: [12, 1500, 3], labels: ["Jan", "Feb", "New York"]))
        let withMissing = try parse("data x = 1 nan 3")
        guard case .data(_, let values, _) = withMissing else { Issue.record("not data"); return }
        #expect(values[1].isNaN)
    }

    @Test func loadOptions() throws {
        #expect(
            try parse(#"load "my data.csv" as d sep=";" header=no labels=month"#)
                == .load(
                    path: l("my data.csv"), name: l("d"),
                    options: LoadOptions(
                        separator: .character(59), header: .no, labelColumn: "month"),
                    columns: [l("labels")]))
        // `as` may come after the options (issue 10).
        #expect(
            try parse("load f.csv labels=date as sw")
                == .load(
                    path: l("f.csv"), name: l("sw"), options: LoadOptions(labelColumn: "date"),
                    columns: [l("labels")]))
        var comma = LoadOptions(separator: .character(59))
        comma.decimal = .comma
        #expect(
            try parse(#"load de.csv sep=";" decimal=,"#)
                == .load(path: l("de.csv"), name: nil, options: comma))
        #expect(throws: Diagnostic.self) { try parse("load de.csv decimal=;") }
        #expect(
            try parse("load x.tsv sep=tab")
                == .load(
                    path: l("x.tsv"), name: nil, options: LoadOptions(separator: .character(9))))
    }

    @Test func genAndPlots() throws {
        #expect(
            try parse("gen w walk 200 seed=7")
                == .gen(name: l("w"), generator: Generator(kind: .walk, count: 200, seed: 7)))
        #expect(
            try parse("add plot line s.rev as r color=red style=smooth width=3")
                == .addPlot(
                    kind: .line, series: ls("s.rev"), id: l("r"),
                    style: PlotStyle(
                        color: Color(parsing: "red"), stroke: StrokeStyle(width: 3, curve: .smooth)
                    )))
        #expect(
            try parse(#"add plot dot s marker="★" size=2"#)
                == .addPlot(
                    kind: .dot, series: ls("s"), id: nil,
                    style: PlotStyle(marker: MarkerStyle(shape: .glyph("★"), size: 2))))
        // Every alias of the kinds' table names its kind, in any case.
        for spec in PlotKindSpec.all {
            for alias in spec.aliases {
                #expect(
                    try parse("add plot \(alias.uppercased()) s")
                        == .addPlot(kind: spec.kind, series: ls("s"), id: nil, style: PlotStyle()))
            }
        }
        #expect(PlotKindSpec.all.map(\.kind) == Plot.Kind.allCases)
    }

    /// Finding 13: a column whose name has a space could not be plotted.
    @Test func quotedColumnNames() throws {
        #expect(
            try parse(#"add plot line h."my col""#)
                == .addPlot(
                    kind: .line,
                    series: Located(
                        SeriesName(dataset: "h", column: "my col", quoted: true), at: r),
                    id: nil, style: PlotStyle()))
        #expect(
            try parse(#"add refline mean "unit cost""#)
                == .addRefline(
                    MarkedLineSpec(
                        value: .statistic(
                            .mean, Located(SeriesName(column: "unit cost", quoted: true), at: r)))))
        #expect(SeriesName(dataset: "h", column: "my col").description == #"h."my col""#)
        #expect(SeriesName(dataset: "h", column: "a.b").description == #"h."a.b""#)
        #expect(SeriesName(dataset: "h", column: "rev").description == "h.rev")
    }

    @Test func reflinesAndRanges() throws {
        var change = ReflinesChange()
        change.positions = .relative([0, 0.5, 1])
        change.visible = true
        change.labels = .both
        change.format = .suffix
        #expect(
            try parse("set reflines relative 0 0.5 1 labels=both format=SUFFIX")
                == .setReflines(change))
        #expect(try parse("set range ..100") == .setRange(.fixed(lower: nil, upper: 100)))
        #expect(try parse("set range -5..5") == .setRange(.fixed(lower: -5, upper: 5)))
        #expect(
            try parse("add refline p95 w \"slow\" style=dotted")
                == .addRefline(
                    MarkedLineSpec(value: .statistic(.p95, ls("w")), label: "slow", style: .dotted))
        )
    }

    @Test func settings() throws {
        #expect(try parse("set size 100x30") == .setSize(.fixed(columns: 100, rows: 30)))
        #expect(try parse("SET COLOR 256") == .setColor(.ansi256))
        #expect(try parse("set canvas ascii") == .setCanvas(.ascii))
        #expect(try parse("set title \"Hi\"") == .setTitle("Hi"))
        #expect(try parse("set legend auto") == .setLegend(nil))
        #expect(
            try parse("select last")
                == .select(.last, at: TypedPlace(SourceRange(line: 1, column: 8, length: 4))))
        #expect(try parse("help add plot") == .help(topic: l("add plot")))
    }

    /// Every diagnostic's exact text: message, position, hint.
    @Test(arguments: [
        // Issue 10, item 10: hints that misled.
        (
            "add plot dount w",
            "t.cb:1:10: error: unknown plot kind 'dount'; did you mean 'donut'?\nadd plot dount w\n         ^~~~~\n"
        ),
        (
            "set range log",
            "t.cb:1:11: error: invalid range 'log': expected auto, adapt or MIN..MAX (a log scale is 'set yscale log')\nset range log\n          ^~~\n"
        ),
        // A statistic written as a function: the series follows the statistic.
        (
            "add refline mean(w.v) \"avg\"",
            "t.cb:1:13: error: unknown statistic 'mean(w.v)'; did you mean 'mean w.v'?\nadd refline mean(w.v) \"avg\"\n            ^~~~~~~~~\n"
        ),
        // Box plots and violins take by= where Vega-Lite users write x=.
        (
            "add plot box w x=host",
            "t.cb:1:16: error: unknown option 'x' for box plots; box plots place each by= group along x: write by= instead of x=\nadd plot box w x=host\n               ^\n"
        ),
        (
            "add plot lien w",
            "t.cb:1:10: error: unknown plot kind 'lien'; did you mean 'line'?\nadd plot lien w\n         ^~~~\n"
        ),
        (
            "plot line w",
            "t.cb:1:1: error: unknown command 'plot'; did you mean 'add plot line w'?\nplot line w\n^~~~\n"
        ),
        (
            "range 0..10",
            "t.cb:1:1: error: unknown command 'range'; did you mean 'set range 0..10'?\nrange 0..10\n^~~~~\n"
        ),
        (
            "scatter w \"a b\"",
            "t.cb:1:1: error: unknown command 'scatter'; did you mean 'add plot dot w \"a b\"'?\nscatter w \"a b\"\n^~~~~~~\n"
        ),
        (
            "add plt line w",
            "t.cb:1:5: error: unknown subcommand 'plt' for add; did you mean 'plot'?\nadd plt line w\n    ^~~\n"
        ),
        (
            "add plot bar w style=smooth",
            "t.cb:1:16: error: unknown option 'style' for bar plots; expected one of: color, width, outline, outlinewidth, rounded, labels, sort, x, by, where, facet, axis, agg, bin, top, rolling, running, change\nadd plot bar w style=smooth\n               ^~~~~\n"
        ),
        (
            "add plot line w style=smoth",
            "t.cb:1:23: error: unknown value 'smoth' for style; did you mean 'smooth'?\nadd plot line w style=smoth\n                      ^~~~~\n"
        ),
        (
            "set range 5..1",
            "t.cb:1:11: error: invalid range '5..1': expected the lower bound below the upper\nset range 5..1\n          ^~~~\n"
        ),
        (
            "set size big",
            "t.cb:1:10: error: invalid size 'big': expected a size like 100x30 (columns x rows)\nset size big\n         ^~~\n"
        ),
        (
            "set zero maybe",
            "t.cb:1:10: error: unknown value 'maybe' for zero; expected one of: on, off\nset zero maybe\n         ^~~~~\n"
        ),
        (
            "select -1",
            "t.cb:1:8: error: expected a point index (0, 1, ...), x=VALUE, last or none, found '-1'\nselect -1\n       ^~\n"
        ),
        (
            "data x 1 2",
            "t.cb:1:8: error: expected '=' and values, as in 'data x = 3 1 4', found '1'\ndata x 1 2\n       ^\n"
        ),
        (
            "data x = 1 two",
            "t.cb:1:12: error: expected a number, found 'two'\ndata x = 1 two\n           ^~~\n"
        ),
        (
            "data x = a:1 2",
            "t.cb:1:14: error: either every value has a label (Jan:12) or none does\ndata x = a:1 2\n             ^\n"
        ),
        (
            "gen w wlak 10",
            "t.cb:1:7: error: unknown generator 'wlak'; did you mean 'walk'?\ngen w wlak 10\n      ^~~~\n"
        ),
        (
            "set reflines relative 0 2",
            "t.cb:1:25: error: invalid relative position '2': expected a fraction from 0 to 1\nset reflines relative 0 2\n                        ^\n"
        ),
        ("set plot", "t.cb:1:9: error: expected a plot id\nset plot\n        ^\n"),
        // The hint comes with what was expected (`Expectation.reflines`), not its words.
        (
            "set reflines",
            "t.cb:1:13: error: expected auto, relative, absolute, on, off or key=value options; options are written key=value\nset reflines\n            ^\n"
        ),
        ("save svg", "t.cb:1:9: error: expected an SVG file path\nsave svg\n        ^\n"),
        (
            "show now",
            "t.cb:1:6: error: unknown subcommand 'now' for show; expected one of: data\nshow now\n     ^~~\n"
        ),
        (
            "add plot line w color=#12345",
            "t.cb:1:23: error: invalid color '#12345': expected a colour like #16aafc, #16aafc80 or red@0.5\nadd plot line w color=#12345\n                      ^~~~~~\n"
        ),
        (
            "set colour 256",
            "t.cb:1:5: error: unknown setting 'colour'; did you mean 'color'?\nset colour 256\n    ^~~~~~\n"
        ),
    ])
    func diagnostics(_ input: String, _ expected: String) {
        var h = Harness()
        #expect(h.run(input) == expected)
    }
}
