import ChartbookCommands
import ChartbookData
import ChartbookFuzzing
import ChartbookModel
import Testing

@testable import ChartbookKit

/// What the remote-dataset property tests of every engine share: one query loaded
/// `mode=local` and `mode=remote`, compared drawing by drawing (`drawings`) and command by
/// command over the whole grammar (`vocabulary`).
enum RemoteComparison {
    /// The lines a round adds besides its view and selection: in round 2, lines through the
    /// rows a `where=` keeps (of `values` columns drawn), beside the lines of every row.
    static func filteredLines(round: Int, values: Int) -> [String] {
        guard round == 2 else { return [] }
        return values == 2
            ? ["add plot line d.other where=value>0", "add plot line d.value where=other<=0"]
            : ["add plot line d.value where=value<0"]
    }

    /// Four drawings of `query` on random window sizes — every row, then random views,
    /// selections, `filteredLines` and `extra(round)` — each equal in the terminal and in SVG, and each costing
    /// at most the M4 bound of rows on the wire (`values` columns drawn; `missing` values,
    /// a run each). `remoteQuery`: the same rows as `query` gives, asked otherwise of the
    /// engine (`query` orders them for loading every row).
    static func drawings(
        url: String, query: String, remoteQuery: String? = nil, xs: [Double], values: Int,
        missing: Int,
        random: inout RandomSource, text: (Double) -> String, trial: Int,
        extra: (Int) -> [String] = { _ in [] }
    ) throws {
        for round in 0..<4 {
            let columns = 30 + Int(random.nextUnit() * 130), rows = 8 + Int(random.nextUnit() * 32)
            var commands = [String]()
            if round > 0, let first = xs.first, let last = xs.last {
                let a = first + (last - first) * random.nextUnit() * 0.6
                let b = a + (last - a) * (0.05 + random.nextUnit() * 0.9)
                commands.append("view \(text(a))..\(text(b))")
                if round % 2 == 0 {
                    commands.append("select x=\(text(a + (b - a) * random.nextUnit()))")
                }
                commands += filteredLines(round: round, values: values) + extra(round)
            }
            let target = TerminalTarget(columns: columns, rows: rows, colorMode: .none)
            let local = try PostgresFixture.session(url, query, mode: "local", commands)
            let remote = try PostgresFixture.session(
                url, remoteQuery ?? query, mode: "remote", commands)
            #expect(remote.dataset(named: "d")?.remote != nil)
            let data = RemoteData()
            let terminal = data.forTerminal(remote, on: target, shouldCancel: { false })
            #expect(terminal.problems == [])
            #expect(
                ChartRenderer.text(for: terminal.session, on: target)
                    == ChartRenderer.text(for: local, on: target),
                "trial \(trial) round \(round) \(columns)×\(rows) \(commands)")
            // M4 bounds what crossed the wire, per set of rows drawn (every row, each
            // where=): per dot column the first, last, lowest and highest row; per missing
            // value a run more (six rows); the neighbours, the extremes and the selection's
            // rows.
            let sets = 1 + commands.filter { $0.contains("where=") }.count
            #expect(
                data.lastReceived
                    <= ((2 + 2 * values) * columns * 2 + 6 * 2 * missing + 8) * sets)
            let svg = data.forSVG(remote, on: target, shouldCancel: { false })
            #expect(
                SVGExporter.svg(for: svg.session, on: target)
                    == SVGExporter.svg(for: local, on: target),
                "SVG: trial \(trial) round \(round) \(commands)")
        }
    }

    /// `select x=` at one x after another of the same chart: each chart equals the local
    /// one, and after the first (whose readout line takes a row of the plot: a drawing of a
    /// new height) each asks the engine only for the readout's rows — the rows nearest the
    /// selected x, two at most — not for the drawing's again.
    static func selections(url: String, query: String, xs: [Double], text: (Double) -> String)
        throws
    {
        let first = try #require(xs.first), last = try #require(xs.last)
        let target = TerminalTarget(columns: 90, rows: 20, colorMode: .none)
        let data = RemoteData()
        for (i, share) in [0.31, 0.57, 0.83, 0.2].enumerated() {
            let select = ["select x=\(text(first + (last - first) * share))"]
            let local = try PostgresFixture.session(url, query, mode: "local", select)
            let remote = try PostgresFixture.session(url, query, mode: "remote", select)
            let drawn = data.forTerminal(remote, on: target, shouldCancel: { false })
            #expect(drawn.problems == [])
            #expect(
                ChartRenderer.text(for: drawn.session, on: target)
                    == ChartRenderer.text(for: local, on: target), "\(select)")
            #expect(ChartRenderer.text(for: local, on: target).contains("▶"))
            if i > 0 { #expect(data.lastReceived <= 2, "\(select): \(data.lastReceived) rows") }
        }
    }

    /// Eighty command lines generated from the grammar (naming the fixture's dataset `d`,
    /// its columns and `xs`' times), a line first: each run on both sides, the remote side
    /// printing, drawing, changing and writing byte for byte what the local side does — or
    /// refusing, naming `mode=local`, with nothing changed. At least 20 must run.
    static func vocabulary(
        load: String, xs: [Double], random: inout RandomSource, lines lineSeed: UInt64,
        trial: Int
    ) {
        let target = TerminalTarget(columns: 72, rows: 20, colorMode: .none)
        let sides = ["local", "remote"].map { mode in
            PropertySide(load: "\(load) mode=\(mode)", target: target)
        }
        var lines = GrammarLines(
            random: RandomSource(seed: lineSeed), names: PostgresFixture.names(xs))
        let specs = comparedCommands
        var refused = 0, run = 0
        var differences = [String]()
        for step in 0..<80 {
            // A line first (refused where rows share an x; in odd trials, the `pair` of
            // groups), a line through the rows a where= keeps, one per group of those
            // another keeps, a line of means the engine computes (agg=), a line per group of
            // a text column (`h`, coded), then the grammar's lines.
            // Two values of a text column kept and grouped by it, alone on the chart in odd
            // trials (issue 49: ClickHouse found no group's end rows and drew another x
            // range, which a line of every row drawn first hid).
            let pair = "add plot line d.value as pair by=h where=h=host-0,host-2"
            let first = [
                "add plot line d.value", "add plot line d.other where=value>0",
                "add plot line d.value by=k where=other>0",
                "add plot line d.value as means agg=mean",
                "add plot line d.other as hosts by=h where=h!=host-0",
            ]
            let fixed = trial % 2 == 1 ? [pair] + first : first + [pair]
            let line =
                step < fixed.count ? fixed[step] : lines.line(for: specs[random.below(specs.count)])
            let outcome = compare(line, sides)
            differences += outcome.differences
            if outcome.refused { refused += 1 } else { run += 1 }
        }
        let shown = differences.prefix(8).joined(separator: "\n")
        #expect(differences.isEmpty, "trial \(trial):\n\(shown)")
        #expect(run > 20, "trial \(trial): \(run) run, \(refused) refused")
    }

    /// The commands the properties run: not loads, scripts, `quit`, snapshots or the
    /// memory setting (they read files, leave the session or change the budget).
    static let comparedCommands = Grammar.commands.filter {
        !["load", "source", "play", "quit", "snapshot", "set memory"].contains($0.topic)
    }

    /// `line` run on the remote side, then — unless it refused, naming `mode=local` and
    /// changing nothing — on the local side: where the two differ (a refusal that names no
    /// `mode=local`, or changed the session, is a difference), whether the remote side
    /// refused, and whether it changed each side's session (local, remote).
    static func compare(_ line: String, _ sides: [PropertySide]) -> (
        differences: [String], refused: Bool, committed: [Bool]
    ) {
        let remote = sides[1].run(line)
        if remote.text.contains("stays in the engine (mode=remote)") {
            let clean = remote.text.contains("mode=local") && !remote.committed
            return (
                clean ? [] : ["\(line): refused without naming mode=local, or changed"],
                true, [false, remote.committed]
            )
        }
        let local = sides[0].run(line)
        return (
            differences(line, sides, local, remote), false, [local.committed, remote.committed]
        )
    }

    /// `lines` run in order on `query` loaded (as `d`, with `options`) `mode=local` and
    /// `mode=remote`: where their outcomes differ (`differences`). For the data shapes the
    /// random fixtures lack: NULL, NaN or ±∞ x, a column without a value.
    static func sameLines(
        _ url: String, _ query: String, options: String, _ lines: [String],
        dialects: [DatabaseQuery.Engine: SQLDialect] = [:]
    ) -> [String] {
        let target = TerminalTarget(columns: 60, rows: 12, colorMode: .none)
        let sides = ["local", "remote"].map {
            PropertySide(
                load: "load \(url) \"\(query)\" as d \(options) mode=\($0)", target: target,
                dialects: dialects)
        }
        // (A load that fails on one side only is the first difference.)
        guard sides[0].loaded.committed == sides[1].loaded.committed else {
            return ["load — \(sides[0].loaded.text) | \(sides[1].loaded.text)"]
        }
        return lines.flatMap { line in
            let (local, remote) = (sides[0].run(line), sides[1].run(line))
            return differences(line, sides, local, remote)
        }
    }

    /// The rows of a long table of regions for `keptGroups`: a row a minute, `s` one of four
    /// regions at random — the first and last rows `east`, which the lines keep only now and
    /// then, so that a group's own ends, not the table's, give its x range — and `v` a walk.
    static func regionRows(random: inout RandomSource, count: Int) -> [(
        x: Int, s: String, v: Double
    )] {
        var level = 0.0
        return (0..<count).map { i in
            level += random.nextGaussian()
            let s = i == 0 || i == count - 1 ? "east" : regions[random.below(regions.count)]
            return (1_700_000_000 + i * 60, s, (level * 1000).rounded() / 1000)
        }
    }

    static let regions = ["east", "north", "south", "west"]

    /// Lines through two or three of the regions' rows (`where=` listing them, or `!=` the
    /// others) grouped by region, each alone on a chart of the query `create` gives (after
    /// filling the table it is given with `regionRows` of the trial; loaded as `d`), with a
    /// view or a selection now and then: where local and remote differ (issue 49: ClickHouse
    /// found no group's first or last row and drew another x range).
    static func keptGroups(
        _ url: String, trial: Int,
        create: (_ table: String, _ rows: [(x: Int, s: String, v: Double)]) throws -> String
    ) throws -> [String] {
        var random = RandomSource(seed: UInt64(4900 + trial))
        let rows = regionRows(random: &random, count: 500 + random.below(3_000))
        let query = try create("regions_\(trial)", rows)
        return (0..<6).flatMap { round -> [String] in
            var kept = regions.filter { _ in random.nextUnit() < 0.6 }
            while kept.count < 2 { kept.append(regions[kept.count + 1]) }
            let others = regions.filter { !kept.contains($0) }
            let filter =
                round % 2 == 0 || others.isEmpty
                ? "s=" + kept.joined(separator: ",") : "s!=" + others.joined(separator: ",")
            var lines = ["add plot line d.v where=\(filter) by=s"]
            if round % 3 == 1 { lines.append("select x=2023-11-15T01:00") }
            if round % 3 == 2 { lines.append("view 2023-11-14T23:00..2023-11-15T05:00") }
            return sameLines(url, query, options: "x=t", lines)
        }
    }

    /// Lines grouped by a number column `g` (`by=g`, all of its groups, or those a `where=`
    /// keeps), each alone on a chart of the query `create` gives (after filling the table it
    /// is given with the trial's rows; loaded as `d`), with a view or a selection now and
    /// then: where local and remote differ (and the query). `g` holds whole numbers — up to 150 of them,
    /// more than a family holds (`RemoteFamily.most`) — −0 beside 0 (one group, as `=`
    /// compares them; ClickHouse groups them apart), 2.5 (no family's member) and missing
    /// values (nil): a family of number groups is asked as its sets alone are, and an
    /// aggregate's groups and `where=` read −0 as 0.
    static func numberGroups(
        _ url: String, trial: Int,
        create: (_ table: String, _ rows: [(x: Int, g: Double?, v: Double)]) throws -> String
    ) throws -> (differences: [String], query: String) {
        var random = RandomSource(seed: UInt64(5200 + trial))
        let values = trial == 0 ? 150 : 3 + random.below(30)
        var level = 0.0
        let rows = (0..<(600 + random.below(2_000))).map { i -> (x: Int, g: Double?, v: Double) in
            level += random.nextGaussian()
            let pick = random.nextUnit()
            let g: Double? =
                pick < 0.04
                ? -0.0
                : pick < 0.06
                    ? 2.5
                    : pick < 0.09
                        ? nil
                        : Double(random.below(values))
            return (1_700_000_000 + i * 60, g, (level * 1000).rounded() / 1000)
        }
        let query = try create("number_groups_\(trial)", rows)
        let lines = [
            ["add plot line d.v by=g"],
            ["add plot line d.v where=g>=2 by=g", "select x=2023-11-15T01:00"],
            ["add plot line d.v where=g=0,1,2.5 by=g", "view 2023-11-14T23:00..2023-11-15T05:00"],
            ["add plot line d.v where=g!=1 by=g", "view 2023-11-14T23:30..2023-11-15T00:30"],
            // The engine's aggregate, grouped and filtered by the same column.
            [
                "add plot line d.v by=g agg=sum bin=hour",
                "add plot line d.v as z where=g=0 agg=count bin=hour",
            ],
        ]
        return (lines.flatMap { sameLines(url, query, options: "x=t", $0) }, query)
    }

    /// What the engine says of each `by=g` group of `query` (loaded remote as `d`) asked
    /// as one family of sets and asked a set at a time, where they differ (a family is
    /// asked grouped by its column: `RemoteFamily`): each group's count, rows and values at
    /// most zero, and the most rows per x where both are told.
    static func familyAskedAsAlone(_ url: String, _ query: String) throws -> [String] {
        let target = TerminalTarget(columns: 60, rows: 12, colorMode: .none)
        let side = PropertySide(
            load: "load \(url) \"\(query)\" as d x=t mode=remote", target: target)
        _ = side.run("add plot line d.v by=g")
        let dataset = try #require(side.notebook.session.dataset(named: "d"))
        let table = try #require(dataset.remote)
        guard case .query(let source) = dataset.source else { return ["not a query"] }
        let plot = try #require(side.notebook.session.plots.first)
        let sets = table.rowSets(for: plot.binding)
        let runner = EngineRunner()
        let together = try runner.answer(.kept(source, table, sets), shouldCancel: { false })
            .kept()
        let perX = try runner.answer(.mostRowsPerX(source, table, sets), shouldCancel: { false })
            .rowsPerX()
        // (Rows per x an engine tells of a family and not of a set alone — nil: the
        // executor counts them — differ only where both are told.)
        let told = { (a: Int?, b: Int?) in a != nil && b != nil && a != b }
        var differences = [String]()
        for (i, set) in sets.enumerated() {
            let alone = try runner.answer(.kept(source, table, [set]), shouldCancel: { false })
                .kept()
            let alonePerX = try runner.answer(
                .mostRowsPerX(source, table, [set]), shouldCancel: { false }
            ).rowsPerX()
            let bits = { (kept: RemoteTable.Kept) in kept.rows.map { $0.map(\.bitPattern) } }
            if i >= together.count || together[i].count != alone.first?.count
                || bits(together[i]) != alone.first.map(bits)
                || together[i].nonPositive != alone.first?.nonPositive
                || told(perX[i], alonePerX.first ?? nil)
            {
                differences.append(
                    "\(set): \(i < together.count ? "\(together[i])" : "none") | \(alone)")
            }
        }
        return differences
    }

    /// What breaks quoting when a name is split or searched by grapheme cluster: quotes of
    /// both kinds, backquotes, backslashes, a combining accent (which glues to the scalar
    /// before it), right-to-left marks, a newline, comment and statement markers.
    static let hazards = [
        "\"", "`", "\\", "'", "\u{301}", "\u{200F}", "\u{202E}", "\n", "é", "a", " ", ";",
        "--", "/*", "\u{600}",
    ]

    /// Three distinct column names of one to five `hazards` each (a digit ends each).
    static func hazardousNames(random: inout RandomSource) -> [String] {
        (0..<3).map { i in
            (0...random.below(5)).map { _ in hazards[random.below(hazards.count)] }.joined()
                + String(i)
        }
    }

    /// A table of `names` (two numbers, then a text of two values) beside `t` (`create`
    /// makes it and returns its query), loaded both ways: lines plotting, grouping by,
    /// aggregating and describing each column by its name, each as loading every row does
    /// them; and `describe` names each column as the server stored it.
    static func hazardousNames(
        _ url: String, trial: Int, create: (_ table: String, _ names: [String]) throws -> String
    ) throws -> [String] {
        var random = RandomSource(seed: UInt64(4940 + trial))
        let names = hazardousNames(random: &random)
        let query = try create("names_\(trial)", names)
        // (A session names a column as the server does, control and bidi marks made U+FFFD.)
        let shown = names.map(TextMetrics.sanitized)
        var notebook = Notebook()
        let described = PostgresFixture.run(
            "load \(url) \"\(query)\" as d x=t mode=local\ndescribe d", &notebook)
        let missing = shown.filter {
            notebook.session.dataset(named: "d")?.column(named: $0) == nil
        }
        return missing.map { "no column \(ScriptQuoting.quoted($0)) loaded: \(described)" }
            + sameLines(url, query, options: "x=t", hazardLines(shown))
    }

    /// What `hazardousNames` runs over a table of `shown` names (two numbers, then a text
    /// of two values), each line naming the columns as the session shows them.
    static func hazardLines(_ shown: [String]) -> [String] {
        let series = shown.map { SeriesName(dataset: "d", column: $0).description }
        return [
            "describe d", "add plot line \(series[0])",
            "add plot line \(series[1]) by=\(ScriptQuoting.quoted(shown[2]))",
            "add plot bar \(series[0]) bin=day agg=mean", "add refline mean \(series[1])",
            "add plot line \(series[0]) as kept where=\(ScriptQuoting.quoted(shown[2] + "=up"))",
            "add plot bar \(series[1]) as months bin=month agg=mean",
        ]
    }

    /// `dialect` broken as a property test must notice (issue 52), each with what broke:
    /// one quoting rule (names quoted as the other kind of engine quotes them) and one
    /// calendar word (a month's start asked as a year's).
    static func brokenDialects(_ dialect: SQLDialect) -> [(what: String, dialect: SQLDialect)] {
        var quoting = dialect
        quoting.quoting = dialect.quoting == .standard ? .clickHouse : .standard
        var calendar = dialect
        calendar.calendarStarts[.month] = dialect.calendarStarts[.year]
        return [
            ("names quoted as another engine quotes them", quoting),
            ("a month asked as a year", calendar),
        ]
    }

    /// The load line of the vocabulary table's `query` (as `d`): with `x=x`, but in trials
    /// 1, 5, 9 … (the first time column, chosen).
    static func vocabularyLoad(_ url: String, _ query: String, trial: Int) -> String {
        "load \(url) \(ScriptQuoting.quoted(query)) as d" + (trial % 4 == 1 ? "" : " x=x")
    }

    /// The name of the covering tests' text column: a quote and a backslash, which the two
    /// quoting rules write apart (`SQLQuoting.standard`, `.clickHouse`).
    static let hazardousText = #"h"\o"#

    /// The lines `covering` runs: every word of every option of every command (but loads,
    /// scripts and `quit`), each once (`GrammarLines.coveringLines`), a plot's of one column
    /// (not the whole dataset, which a line names no column of), options naming columns of a
    /// few values, `bin=` beside an `agg=` that
    /// every engine computes (a bin of an aggregate an engine refuses would not reach it;
    /// `agg=`'s own lines name the others).
    static func coveringLines(
        _ xs: [Double], seed: UInt64, xText: @escaping (Double) -> String
    ) -> [String] {
        var names = PostgresFixture.names(xs, text: hazardousText, xText: xText)
        names.series = ["d.value", "d.other", "value"]
        // Columns of a few values (`k`, the text) and x: a group per value of `value` or
        // `other` (hundreds) costs ClickHouse a summary each, 30–40 s a line; the random
        // lines (`vocabulary`) group by them.
        names.columns = names.columns.filter { $0 != "value" && $0 != "other" }
        var lines = GrammarLines(random: RandomSource(seed: seed), names: names)
        let bins = ["mean", "max", "min", "count", "sum"].map { "agg=" + $0 }
        return comparedCommands.flatMap { lines.coveringLines(for: $0, companions: ["bin": bins]) }
    }

    /// `coveringLines` run on `load` both ways (asking the engine in `dialects` where given;
    /// `xText` writes an x of the table as a line names it), each on the dataset as loaded
    /// with a line of `value` (which `set plot` lines change) — a line that changed the
    /// session is undone on its side before the next: where the two sides differ (up to the
    /// first, when `untilFirst`), how many lines there are, and how many ran on both sides.
    static func covering(
        load: String, xs: [Double], xText: @escaping (Double) -> String,
        dialects: [DatabaseQuery.Engine: SQLDialect] = [:], untilFirst: Bool = false
    ) -> (differences: [String], lines: Int, run: Int) {
        let target = TerminalTarget(columns: 72, rows: 20, colorMode: .none)
        let sides = ["local", "remote"].map { mode in
            PropertySide(load: "\(load) mode=\(mode)", target: target, dialects: dialects)
        }
        guard sides[0].loaded.committed == sides[1].loaded.committed else {
            return (["load — \(sides[0].loaded.text) | \(sides[1].loaded.text)"], 0, 0)
        }
        let base = "add plot line d.value"
        var differences = self.differences(base, sides, sides[0].run(base), sides[1].run(base))
        let lines = coveringLines(xs, seed: 52, xText: xText)
        var run = 0
        for line in lines {
            if untilFirst, !differences.isEmpty { break }
            let outcome = compare(line, sides)
            differences += outcome.differences
            if !outcome.refused { run += 1 }
            for (side, committed) in zip(sides, outcome.committed) where committed {
                _ = side.run("undo")
            }
        }
        return (differences, lines.count, run)
    }

    /// `covering` in the engine's own dialect: no line differs, and a fifth or more run on
    /// both sides (the others refused: other kinds, transforms of the picks, labels …).
    static func expectCovered(load: String, xs: [Double], xText: @escaping (Double) -> String) {
        let outcome = covering(load: load, xs: xs, xText: xText)
        let shown = outcome.differences.prefix(8).joined(separator: "\n")
        #expect(outcome.differences.isEmpty, "\(shown)")
        #expect(outcome.run >= outcome.lines / 5, "\(outcome.run) of \(outcome.lines) run")
    }

    /// The property over generated lines holds the engine to its own SQL (issue 52): in
    /// each of `brokenDialects(dialect)`, `covering` (every word of every option, over a
    /// text column each quoting rule names its own way) must find a line that differs —
    /// `expectCovered` holds the engine's own dialect to none.
    static func expectBrokenDialectsCaught(
        load: String, xs: [Double], _ dialect: SQLDialect, xText: @escaping (Double) -> String
    ) {
        for (what, broken) in brokenDialects(dialect) {
            let outcome = covering(
                load: load, xs: xs, xText: xText, dialects: [dialect.engine: broken],
                untilFirst: true)
            #expect(!outcome.differences.isEmpty, "\(what): the sessions did not differ")
        }
    }

    /// The edge tables each engine's test makes, loaded both ways (`orderedBy` ends the
    /// queries of tables whose rows the engine may give in another order): `nonfinite_x (x,
    /// v)`, a number x holding NaN and ∞ (its query ending in a comment); `null_x (t, v, w)` and `no_value (t, v, w)`, rows
    /// without an x and a column without a value; `edge_groups (t, k, h, v)`, `k` a group
    /// with missing values, `h` values near the largest double.
    static func edgeShapes(_ url: String, orderedBy: String) -> [String] {
        sameLines(
            // (A comment ending the query ends before chartbook's SQL around it.)
            url, "SELECT x, v FROM nonfinite_x -- NaN, ∞", options: "x=x",
            [
                "describe d", "add plot line d.v", "set yscale log",
                "add plot line d.v where=v>0.5", "add plot line d.v agg=max bin=20",
                "add plot line d.v agg=mean bin=7 where=v>0.5", "select x=120",
            ])
            + ["null_x", "no_value"].flatMap {
                sameLines(
                    url, "SELECT t, v, w FROM \($0)\(orderedBy)", options: "x=t",
                    [
                        "describe d", "add plot line d.v", "add plot line d.w where=w>0",
                        "view 2024-01-05..2024-01-12", "select x=2024-01-08", "set yscale log",
                        "show data d 1..5", "save csv d.csv d",
                    ])
            }
            + sameLines(
                url, "SELECT t, k, h, v FROM edge_groups\(orderedBy)", options: "x=t",
                [
                    "describe d", "add plot line d.v", "add plot line d.v agg=mean by=k",
                    "add plot line d.h agg=mean", "add refline mean d.h",
                    "add refline mean d.v where=v>1000", "add refline min d.v where=v>1000",
                    "select x=2024-01-05",
                ])
    }

    /// Where one line's outcomes differ: its text, the chart after it, whether it changed the
    /// session, the files written — aside from the mode's own word (a saved script or page's
    /// load line) and `reload`'s feedback, which names the mode.
    static func differences(
        _ line: String, _ sides: [PropertySide],
        _ local: (text: String, chart: String, committed: Bool, written: [String]),
        _ remote: (text: String, chart: String, committed: Bool, written: [String])
    ) -> [String] {
        let asLocal = { (b: String) in b.replacingOccurrences(of: "mode=remote", with: "mode=local")
        }
        var parts = [
            ("text", local.text, remote.text), ("chart", local.chart, remote.chart),
            ("change", "\(local.committed)", "\(remote.committed)"),
        ]
        for path in Set(local.written + remote.written).sorted() {
            parts.append((path, sides[0].file(path), sides[1].file(path)))
        }
        return parts.filter { withoutReloads($0.1) != withoutReloads(asLocal($0.2)) }.map {
            "\(line) — \($0.0): \(firstDifference($0.1, asLocal($0.2)))"
        }
    }

    /// The fixtures' values, one pair per x: `value` a random walk missing single values
    /// (1 %) with spikes (1 %), `other` a walk missing stretches of up to 40 rows; nil where
    /// missing. And how many are missing.
    static func values(count: Int, random: inout RandomSource)
        -> (rows: [(value: Double?, other: Double?)], missing: Int)
    {
        var level = 0.0, otherLevel = 0.0
        var missing = 0, stretch = 0
        let rows = (0..<count).map { _ -> (value: Double?, other: Double?) in
            level += random.nextGaussian()
            otherLevel += random.nextGaussian()
            var value: Double? = level
            let roll = random.nextUnit()
            if roll < 0.01 {
                value = nil
                missing += 1
            } else if roll < 0.02 {
                value = level + (random.nextUnit() - 0.5) * 400
            }
            if stretch == 0, random.nextUnit() < 0.003 { stretch = 1 + Int(random.nextUnit() * 40) }
            var other: Double? = otherLevel
            if stretch > 0 {
                other = nil
                stretch -= 1
                missing += 1
            }
            return (value, other)
        }
        return (rows, missing)
    }

    /// `text` without `reload`'s feedback, which names the mode, and without the size a
    /// written file is said to have: a page writes the load command, whose mode is one letter
    /// longer remote than local (the file itself is compared, the mode's word aside).
    static func withoutReloads(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .filter { !$0.hasPrefix("reloaded ") }
            .map { line in
                guard line.hasPrefix("wrote "), line.hasSuffix(")"),
                    let comma = line.lastIndex(of: ",")
                else { return String(line) }
                return String(line[..<comma]) + ")"
            }
            .joined(separator: "\n")
    }

    /// The first line where `a` and `b` differ, both ways.
    static func firstDifference(_ a: String, _ b: String) -> String {
        let (x, y) = (
            a.split(separator: "\n", omittingEmptySubsequences: false),
            b.split(separator: "\n", omittingEmptySubsequences: false)
        )
        for i in 0..<max(x.count, y.count)
        where (i < x.count ? x[i] : nil) != (i < y.count ? y[i] : nil) {
            return
                "line \(i + 1):\n  local:  \(i < x.count ? String(x[i]) : "—")\n  remote: \(i < y.count ? String(y[i]) : "—")"
        }
        return "same"
    }
}
