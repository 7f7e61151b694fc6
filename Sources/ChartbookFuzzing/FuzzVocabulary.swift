import ChartbookCommands
import ChartbookModel

/// Words the random and coverage-guided tests build command lines from: real commands,
/// broken ones, and extreme values. One list for the property tests and the fuzzers.
public enum FuzzVocabulary {
    /// Tokens for parsing and executing: every word of the grammar (its commands, their
    /// keywords and option names, the plot kinds and their aliases: a word added to the
    /// language is fuzzed without a line here), then good and bad values.
    public static let commandWords: [String] = {
        var seen = Set<String>()
        return (grammarWords + values).filter { seen.insert($0).inserted }
    }()

    /// The words the grammar declares.
    static var grammarWords: [String] {
        var words = Grammar.commands.flatMap { $0.words + $0.aliases }
        for spec in Grammar.commands {
            words += spec.operands.flatMap(\.keywords)
            if case .fixed(let options) = spec.options {
                words += options.map { $0.name + "=" } + options.flatMap(\.values.keywords)
            }
        }
        // Plot options, bare and with each of their words (`agg=mean`, `bin=month-of-year`).
        let options = HelpText.optionLines().flatMap { line in
            [line.name + "="] + line.words.map { line.name + "=" + $0 }
        }
        return words + Plot.Kind.allNames + options
    }

    /// Values, good and bad, and broken tokens.
    static let values = [
        "s", "s.rev", "s.month", "w", "x", "nope", "r1", "mean", "p95", "relative", "absolute",
        "on", "off", "auto", "adapt",
        "0", "-1", "3.5", "1e308", "1e-400", "nan", "inf", "99999999999999999999", "0..10", "..5",
        "5..", "10..0", "80x24", "0x0",
        "color=red", "color=#zzz", "width=3", "width=-2", "style=smooth", "marker=\"★\"",
        "size=0.5", "fill=gradient",
        "gradient=red..blue", "kind=bar", "height=99", "labels=both", "format=suffix",
        "decimals=99", "sparsity=0", "window=3",
        "left=2", "right=-1", "as", "=", "==", "\"str\"", "\"unterminated", "\"esc\\q\"",
        "\"\\u{1F600}\"", "#comment", ";", "\\",
        "日本", "\u{1B}[2J", "+5", "-", "x=", "=y", "last", "none", "start", "end", "force", "ltr",
        "rtl", "block", "ascii", "s.\"rev\"", "\"my col\"",
        // `let` expressions (issue 27): operators, functions, huge and odd values.
        "let", "s.t", "rev * 1e300", "year(rev)", "date(rev, 1, 1)", "parse(rev, \"%Y%m%d\")",
        "if(rev > 2, rev, 0)", "(rev", "rev /", "log(-1)", "`rev`", "fold", "JAN..DEC",
        // Real x axes (issue 9).
        "t.v", "x=d", "x=n", "x=k", "by=k", "where=k=a", "where=n>0", "where=d<2005-01-01",
        "axis=right", "order=data", "xscale", "yscale", "log", "time", "category", "index",
        "linear", "xlabel", "ylabel", "timezone", "Europe/Paris", "+05:30", "x=2004-06-01",
        "2004-01-01..2005-01-01", "+1mo", "-2y", "+25%", "+30d", "all", "time=epoch",
        // Chart kinds (issue 11).
        "hbar", "stacked", "grouped", "histogram", "box", "candlestick", "pie", "donut", "radar",
        "heatmap", "bins=auto", "bins=0", "bins=7", "density=on", "sort=descending", "sort=name",
        "labels=percent", "labels=value", "center=\"x\"", "y=k", "low=n", "high=n", "open=n",
        // Teaching and replaying (issue 12).
        "vegalite", "html", "url=on", "play", "pause", "v.vl.json", "p.html",
        // Hardening, round three (issue 25): scalars glued onto quotes, brackets and `;`
        // (U+0600 before, a combining mark after), self-playing scripts, cut files.
        "\"\u{600}", "\u{600}\"", "\"a\u{600}\"", "\"\u{301}", "<\u{301}", "\u{600}<", "]]>\u{301}",
        "\u{600};", "\u{600}#", "\\\u{301}", "\"\u{200F}\u{202E}\"", "play self.cb",
        "source self.cb",
        "play loop.cb", "source loop.cb", "load cut.csv", "load cut.json", "load glued.csv",
        "glued.v", "labels=name", "save csv c.csv", "save script s.cb", "timeout=1s",
        "timeout=off", "mode=remote",
        // Numbers written for people, text functions, percentiles (a later session).
        "decimal=,", "decimal=.", "number(rev)", "number(s.month, \",\")",
        "replace(rev, \"1\", \"\")",
        "concat(rev, \"-\", rev)", "lower(s.month)", "trim(rev)", "agg=p99", "p90", "1.234,5",
        "\"1,234,567\"", "27.11.2026", "Jan 2023",
        // The grammar's third step (issue 50): channels, composites, top, statistics on x.
        "color=k", "size=n", "color=d", "size=k", "top=2", "top=0", "x=mean", "y=p90",
        "bandwidth=1e-300", "style=step", "agg=count",
        // Bands, stacks, jitter, violins and ranks (issue 50, a later session).
        "band=on", "band=50%", "band=99.9%", "stack=normalize", "stack=on", "stack=off",
        "jitter=1", "jitter=0.01", "jitter=off", "rank(rev)", "rank(-w)", "bin=10min", "bin=2w",
    ]

    /// Tokens that reach charts: plots of every kind, windows, ranges and sizes.
    public static let drawingWords = [
        "add plot line w", "add plot bar s.rev", "add plot dot big", "add plot area w",
        "add plot sparkline w",
        "set spacing 2", "set spacing 0.3", "add plot line", "add plot bar", "add plot dot",
        "add plot area", "add plot sparkline", "add refline", "set range",
        "set spacing", "scroll", "view", "select", "push w", "push s", "set data w window=5",
        "set direction rtl",
        "set direction ltr", "set padding left=3 right=40", "set reflines relative 0 1",
        "set reflines absolute 1e300",
        "set canvas block", "set canvas ascii", "set size 1x1", "set size 7x3", "set size auto",
        "set legend on",
        "set title \"日本 title\"", "set zero on", "remove plot w", "undo", "redo", "add plot bar w",
        "add plot line s.rev",
        "w", "s.rev", "big", "mean w", "p95 s.rev", "0", "-1e308", "1e308", "nan", "3", "-7.5",
        "0..1e-300", "adapt", "auto",
        "-5..5", "1", "+40", "-40", "end", "start", "last", "0..3", "style=smooth", "fill=gradient",
        "width=9",
        "kind=bar", "kind=dot", "height=3", "zero=on", "range=-1..1", "marker=cross", "size=0.1",
        "rounded=on", "add plot line tiny", "add plot bar tiny", "set reflines format=percent",
        "set reflines format=suffix", "add refline 1e308", "add refline -1e-320",
        // Real x axes (issue 9).
        "add plot line t.v x=d", "add plot dot t.v x=n by=k", "add plot bar t.v x=k",
        "add plot area t.v x=d by=k", "set xscale log", "set xscale category", "set xscale index",
        "set xscale time", "set yscale log", "set yscale linear", "view 2004-01-01..2005-06-01",
        "view all", "scroll +1mo", "scroll +25%", "scroll -3y", "select x=2004-06-01",
        "select x=0", "axis=right", "where=k=a", "order=data", "set xlabel \"x\"",
        "set ylabel \"日本\"", "set timezone Europe/Paris", "add refline 2 axis=right",
        // Chart kinds (issue 11): each chart type needs a fresh session to start.
        "reset; load s.csv labels=month; gen w walk 40 seed=2", "add plot hbar s.rev",
        "add plot stacked w", "add plot grouped s.rev", "add plot histogram w bins=7",
        "add plot box w", "add plot range w low=w", "add plot candlestick w open=w high=w low=w",
        "add plot pie s.rev", "add plot donut s.rev", "add plot radar s.rev",
        "add plot heatmap w", "sort=descending", "labels=percent", "density=on",
        "add plot histogram big", "add plot pie big", "add plot heatmap big", "reset", "reset",
        "reset", "add plot box w by=w", "add plot heatmap w", "add plot stacked s.rev",
        "add plot stacked w", "add plot dot w", "add plot area s.rev",
        "add plot bar w labels=on", "add plot dot s.rev labels=percent",
        "add plot stacked w labels=on", "save vegalite v.vl.json", "save html p.html",
        // Hardening, round three (issue 25): text whose syntax characters are glued into
        // grapheme clusters, as labels, titles and reference line labels.
        "reset; load glued.csv labels=name", "add plot bar glued.v", "add plot line glued.v",
        "set title \"\u{600}<script>x</script>\"", "add refline 1 \"<\u{301}set/>\u{301}\"",
        "set xlabel \"a]]>\u{301}\"", "add plot pie glued.v", "add plot hbar glued.v",
        // The grammar's third step (issue 50): channels, composites, top, two-dimensional
        // counts, statistics down the chart.
        "add plot dot t.v x=n color=k", "add plot dot t.v x=n color=d size=n",
        "add plot dot big color=big size=big", "add plot ecdf t.v by=k", "add plot ecdf big",
        "add plot density t.v bandwidth=1e-300", "add plot density big", "add plot density tiny",
        "add plot hbar s.rev top=1", "add plot bar t.v x=k agg=sum top=1 sort=ascending",
        "add plot heatmap t x=n y=k agg=count", "add plot heatmap fz.v x=n y=s agg=p90",
        "add refline x=mean t.v", "add refline mean w", "add refline y=median big",
        "style=step", "top=3",
        "add plot trend t.v x=n band=on", "add plot trend big x=big method=poly:6 band=99.9%",
        "add plot trend t.v x=d by=k method=log band=50%",
        "add plot area t.v x=n by=k stack=normalize", "add plot area big by=big stack=on",
        "add plot stacked t.v x=k by=k agg=sum stack=normalize",
        "add plot dot t.v x=k jitter=1", "add plot dot big x=big jitter=0.5",
        "add plot violin t.v by=k", "add plot violin big", "add plot violin tiny bandwidth=1e-300",
        "add plot box t.v by=k width=0.1",
        // Scales, axes, legends and themes as values (issue 51).
        "set yscale sqrt", "set yscale symlog", "set grid both", "set grid x", "set grid off",
        "set xaxis labels=off line=off", "set yaxis ticks=off grid=off", "set xaxis angle=90",
        "set xticks every 3mo", "set xticks every 1e-300", "set yticks every 0.5",
        "set yticks every 1e300", "set xticks every 1", "set xformat \"%b %Y\"",
        "set yformat \"%'.2f\"", "set yformat \"%+.1e %%\"", "set xformat \"%d\"",
        "set padding top=500 bottom=3", "scroll next", "scroll prev", "add refline 3 width=20",
        "set reflines intermediate=lines", "last=on", "set legend bottom",
        "set selection color=red style=none", "reset w", "linejoin=bevel linecap=square",
        "add plot radar s.rev spokes=on", "set theme paper", "show data w", "show data big",
    ]

    /// The data every fuzzed session starts with (`s.csv` is in `FuzzHarness.files`).
    public static let setup =
        "load s.csv labels=month; gen w walk 40 seed=2; data big = 1e300 -1e300 nan 5; "
        + "data tiny = 0 1e-320 -4e-321; load t.csv; load fz.csv"
}
