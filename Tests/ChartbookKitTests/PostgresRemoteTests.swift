import CLibPQ
import ChartbookCommands
@testable import ChartbookData
import ChartbookFuzzing
import ChartbookModel
import Foundation
import Testing

@testable import ChartbookKit

/// Issue 13 against a real PostgreSQL server (Scripts/postgres-test starts a throwaway one and
/// sets CHARTBOOK_TEST_POSTGRES_URL; without it these are skipped): a remote dataset draws
/// exactly what loading every row draws — terminal text and SVG — on random series with
/// spikes, gaps in time and missing values, at random sizes, views and selections.
@Suite(.enabled(if: PostgresFixture.url != nil, "needs CHARTBOOK_TEST_POSTGRES_URL"))
struct PostgresRemoteTests {
    @Test(arguments: 0..<8) func remoteDrawsWhatLoadingEveryRowDraws(trial: Int) throws {
        let url = try #require(PostgresFixture.url)
        var random = RandomSource(seed: UInt64(1000 + trial))
        let table = "series_\(trial)"
        let numericX = trial % 4 == 3
        let xs = PostgresFixture.series(&random, count: 500 + Int(random.nextUnit() * 20_000))
        let missing = PostgresFixture.create(
            table, url: url, xs: xs, random: &random, numericX: numericX)
        // Odd trials draw a second column, whose missing values come in stretches; trials 2
        // and 6 put x last (the first row of a dot column is still the one with the least x).
        let values = trial % 2 == 1 ? "value, other" : "value"
        let columns = trial % 4 == 2 ? "\(values), x" : "x, \(values)"
        let query = "SELECT \(columns) FROM \(table) ORDER BY x"
        try RemoteComparison.drawings(
            url: url, query: query, xs: xs, values: trial % 2 == 1 ? 2 : 1, missing: missing,
            random: &random, text: { PostgresFixture.text($0, numericX) }, trial: trial,
            extra: { $0 == 3 && numericX ? ["set xscale log"] : [] })
    }

    /// Issue 28: commands drawn from the whole grammar (`GrammarLines`, naming the fixture's
    /// dataset, columns and times), each run on the same query loaded `mode=local` and
    /// `mode=remote`: the remote side prints, reports, draws and writes byte for byte what
    /// the local side does — or refuses the command, naming `mode=local`, and changes nothing.
    @Test(arguments: 0..<16) func everyCommandIsExactOrRefused(trial: Int) throws {
        let url = try #require(PostgresFixture.url)
        var random = RandomSource(seed: UInt64(2800 + trial))
        let (load, xs) = PostgresFixture.vocabularyTable(url, trial: trial, random: &random)
        RemoteComparison.vocabulary(
            load: load, xs: xs, random: &random, lines: UInt64(28 + trial), trial: trial)
    }

    /// Every word of every option of every command (`GrammarLines.coveringLines`: each
    /// calendar unit of `bin=`, each `agg=` …), a line each, exact or refused as `everyCommandIsExactOrRefused`
    /// holds random lines — over a text column whose name each engine quotes its own way.
    @Test(arguments: [false, true]) func everyWordOfEveryOptionIsExactOrRefused(numericX: Bool)
        throws
    {
        let url = try #require(PostgresFixture.url)
        var random = RandomSource(seed: 2870)
        let (load, xs) = PostgresFixture.vocabularyTable(
            url, trial: numericX ? 132 : 108, random: &random,
            text: RemoteComparison.hazardousText, numericX: numericX)
        RemoteComparison.expectCovered(load: load, xs: xs) { PostgresFixture.text($0, numericX) }
    }

    /// `where=` keeping two or three values of a text column, with `by=` on it, each line
    /// alone on a chart: drawn as loading every row draws it (issue 49, where ClickHouse
    /// drew another x range).
    @Test(arguments: 0..<3) func severalValuesOfATextColumnGroupedByItDrawAsLocal(trial: Int)
        throws
    {
        let url = try #require(PostgresFixture.url)
        let differences = try RemoteComparison.keptGroups(url, trial: trial) { table, rows in
            PostgresFixture.exec(
                url,
                "DROP TABLE IF EXISTS \(table); CREATE TABLE \(table) (t timestamptz, s text, v float8);"
                    + "INSERT INTO \(table) VALUES "
                    + rows.map { "(to_timestamp(\($0.x)), '\($0.s)', \($0.v))" }.joined(
                        separator: ",")
                    + "; ANALYZE \(table)")
            return "SELECT t, s, v FROM \(table) ORDER BY t"
        }
        #expect(differences.isEmpty, "\(differences.prefix(6).joined(separator: "\n"))")
    }

    /// `by=` a number column of whole values, up to 150 of them, −0 beside 0, one value
    /// no family holds and missing values: drawn as loading every row draws it.
    @Test(arguments: 0..<3) func groupsOfANumberColumnDrawAsLocal(trial: Int) throws {
        let url = try #require(PostgresFixture.url)
        let (differences, query) = try RemoteComparison.numberGroups(url, trial: trial) {
            table, rows in
            let dialect = SQLDialect.postgres
            PostgresFixture.exec(
                url,
                "DROP TABLE IF EXISTS \(table); CREATE TABLE \(table) (t timestamptz, g float8, v float8);"
                    + "INSERT INTO \(table) VALUES "
                    + rows.map {
                        "(to_timestamp(\($0.x)), \($0.g.map(dialect.real) ?? "NULL"), \($0.v))"
                    }.joined(separator: ",")
                    + "; ANALYZE \(table)")
            return "SELECT t, g, v FROM \(table) ORDER BY t"
        }
        #expect(differences.isEmpty, "\(differences.prefix(6).joined(separator: "\n"))")
        // What each group keeps, asked as one family and a set at a time.
        let asked = try RemoteComparison.familyAskedAsAlone(url, query)
        #expect(asked.isEmpty, "\(asked.prefix(3).joined(separator: "\n"))")
    }

    /// Column names of quotes, backquotes, backslashes, combining marks, right-to-left marks
    /// and newlines, made by the server and named back to it by every question a remote
    /// dataset asks (round three's injection; issue 49's ClickHouse one).
    @Test(arguments: 0..<6) func everyNameRoundTripsThroughTheServer(trial: Int) throws {
        let url = try #require(PostgresFixture.url)
        let differences = try RemoteComparison.hazardousNames(url, trial: trial) { table, names in
            try PostgresFixture.hazardTable(table, names)
        }
        #expect(differences.isEmpty, "\(differences.prefix(4).joined(separator: "\n"))")
    }

    /// The property holds the engine to its own SQL (issue 52): a dialect broken in one
    /// quoting rule, or in one calendar word, makes lines generated from the grammar (every
    /// word of every option) differ from loading every row — where the engine's own
    /// dialect makes none differ (`everyWordOfEveryOptionIsExactOrRefused`).
    @Test func aBrokenDialectMakesTheRemoteSessionsDiffer() throws {
        let url = try #require(PostgresFixture.url)
        var random = RandomSource(seed: 5200)
        let (load, xs) = PostgresFixture.vocabularyTable(
            url, trial: 120, random: &random, text: RemoteComparison.hazardousText)
        RemoteComparison.expectBrokenDialectsCaught(load: load, xs: xs, .postgres) {
            PostgresFixture.text($0, false)
        }
    }

    @Test func aSelectAsksTheEngineOnlyForTheReadoutsRows() throws {
        let url = try #require(PostgresFixture.url)
        var random = RandomSource(seed: 2850)
        let xs = PostgresFixture.series(&random, count: 4_000)
        PostgresFixture.create("selections_0", url: url, xs: xs, random: &random, numericX: false)
        try RemoteComparison.selections(
            url: url, query: "SELECT x, value FROM selections_0 ORDER BY x", xs: xs,
            text: { PostgresFixture.text($0, false) })
    }

    @Test func aQuestionStoppedByControlCIsNotAskedAgainUntilTheNextCommandLine() throws {
        let url = try PostgresFixture.timeTable("stopped_0", seed: 11, count: 2_000)
        let session = try PostgresFixture.session(
            url, "SELECT x, value FROM stopped_0", mode: "remote", [])
        let target = TerminalTarget(columns: 60, rows: 16, colorMode: .none)
        let data = RemoteData()
        let stopped = data.forTerminal(session, on: target, shouldCancel: { true })
        #expect(stopped.problems.count == 1 && stopped.problems[0].contains("interrupted"))
        // The REPL draws the command's chart again, sized to its window: no second question,
        // no second warning, the rows known before.
        var asked = false
        let again = data.forTerminal(
            session, on: target,
            shouldCancel: {
                asked = true
                return false
            })
        #expect(again.problems.isEmpty && !asked)
        #expect(again.session.datasets == stopped.session.datasets)
        data.forgetInterruptions()
        let answered = data.forTerminal(session, on: target, shouldCancel: { false })
        #expect(answered.problems.isEmpty && data.lastReceived > 0)
    }

    @Test func reloadForgetsWhatWasKeptOfTheQuery() throws {
        let url = try PostgresFixture.timeTable("reload_0", seed: 13, count: 3_000)
        let query = "SELECT x, value FROM reload_0 ORDER BY x"
        var notebook = Notebook()
        let runner = ScriptRunner(executor: Executor(files: InMemoryFiles()), keepGoing: true)
        func run(_ script: String) -> String {
            var diagnostics = ""
            _ = runner.run(ScriptSource(name: "t.cb", text: script), in: &notebook) {
                if case .diagnostic(let d) = $0 { diagnostics += d }
            }
            return diagnostics
        }
        #expect(run("load \(url) \"\(query)\" as d x=x mode=remote\nadd plot line d.value") == "")
        let target = TerminalTarget(columns: 60, rows: 16, colorMode: .none)
        let before = runner.remote.forTerminal(
            notebook.session, on: target, shouldCancel: { false })
        // Values in the middle change, but not the first or last row or any extreme: the
        // drawing asks the very same question as before.
        PostgresFixture.exec(
            url,
            "UPDATE reload_0 SET value = value + 1 WHERE x > (SELECT min(x) FROM reload_0) "
                + "AND x < (SELECT max(x) FROM reload_0) "
                + "AND value < (SELECT max(value) FROM reload_0) - 2 "
                + "AND value > (SELECT min(value) FROM reload_0) + 2")
        #expect(run("reload d") == "")
        let after = runner.remote.forTerminal(notebook.session, on: target, shouldCancel: { false })
        let local = try PostgresFixture.session(url, query, mode: "local", [])
        #expect(
            ChartRenderer.text(for: after.session, on: target)
                == ChartRenderer.text(for: local, on: target))
        #expect(
            ChartRenderer.text(for: after.session, on: target)
                != ChartRenderer.text(for: before.session, on: target))
    }

    /// Shapes the random fixtures lack, each loaded both ways: a number x holding NaN (which
    /// sorts above every number) and ∞ (the last row was the NaN one: the drawing spanned
    /// 0…200 where the rows span 0…199); rows without an x, one of them holding each
    /// column's highest value (sorted by x with the rest, NaN broke the order: a log scale
    /// drew other dots and a note of rows sharing an x); a column without a value; values
    /// near the largest double (AVG of float8 also sums squares: `describe` and a mean
    /// failed with an overflow) and a group column with missing values.
    @Test func rowsWithoutAnXAndColumnsWithoutAValueAreReadAsLoadingEveryRowReadsThem() throws {
        let url = try #require(PostgresFixture.url)
        PostgresFixture.exec(
            url,
            """
            DROP TABLE IF EXISTS nonfinite_x, null_x, no_value, edge_groups;
            CREATE TABLE edge_groups AS SELECT timestamptz '2024-01-01' + (i / 3) * interval '1 hour' \
            + (i % 3) * interval '1 second' AS t, CASE WHEN i % 3 = 2 THEN NULL ELSE i % 3 END AS k, \
            i * 1e300 AS h, sin(i / 9.0) AS v FROM generate_series(0, 899) i;
            CREATE TABLE nonfinite_x AS SELECT CASE WHEN i = 50 THEN 'NaN'::float8 \
            WHEN i = 70 THEN 'Infinity'::float8 ELSE i::float8 END AS x, sin(i / 10.0) AS v \
            FROM generate_series(0, 199) i;
            CREATE TABLE null_x AS SELECT CASE WHEN i % 37 = 5 THEN NULL \
            ELSE timestamptz '2024-01-01' + i * interval '1 hour' END AS t, sin(i / 10.0) AS v, \
            CASE WHEN i % 11 = 0 THEN NULL ELSE cos(i / 7.0) END AS w FROM generate_series(0, 499) i;
            INSERT INTO null_x VALUES (NULL, 99, 99);
            CREATE TABLE no_value AS SELECT timestamptz '2024-01-01' + i * interval '1 day' AS t, \
            NULL::float8 AS v, i::float8 AS w FROM generate_series(0, 49) i;
            """)
        // A real (float4) column is read through its text, 0.1 as loading every row reads
        // it (cast, it was 0.10000000149…); a real x is refused.
        PostgresFixture.exec(
            url,
            """
            DROP TABLE IF EXISTS real_v; CREATE TABLE real_v AS SELECT timestamptz '2024-01-01' \
            + i * interval '1 hour' AS t, (i * 0.1)::real AS v FROM generate_series(0, 499) i
            """)
        let differences =
            RemoteComparison.edgeShapes(url, orderedBy: "")
            + RemoteComparison.sameLines(
                url, "SELECT t, v FROM real_v", options: "x=t",
                [
                    "describe d", "show data d 1..3", "select x=2024-01-02", "add refline mean d.v",
                    "add plot line d.v agg=max bin=day where=v>2.5", "save csv d.csv d",
                ])
        #expect(differences.isEmpty, "\(differences.prefix(6).joined(separator: "\n"))")
        var notebook = Notebook()
        #expect(
            PostgresFixture.run(
                "load \(url) \"SELECT v, t FROM real_v\" as r x=v mode=remote", &notebook
            ).contains("x column 'v' is a real (float4)"))
    }

    /// Rows of a table read as they are, by a unique index on x alone, share no x: the
    /// rows-per-x walk is skipped. Any plan that could repeat a row, a computed x, an index
    /// that is partial or not unique: the walk still counts (and finds the rows a join
    /// repeats).
    @Test func aUniqueIndexOnXSparesTheCountOfRowsSharingAnX() throws {
        let url = try #require(PostgresFixture.url)
        PostgresFixture.exec(
            url,
            """
            DROP TABLE IF EXISTS keyed_x, plain_x, partial_x;
            CREATE TABLE keyed_x (t timestamptz PRIMARY KEY, v float8);
            INSERT INTO keyed_x SELECT timestamptz '2024-01-01' + i * interval '1 minute', \
            sin(i / 9.0) FROM generate_series(0, 999) i;
            CREATE TABLE plain_x AS SELECT * FROM keyed_x; CREATE INDEX ON plain_x (t);
            CREATE TABLE partial_x AS SELECT * FROM keyed_x;
            CREATE UNIQUE INDEX ON partial_x (t) WHERE v > 0; ANALYZE;
            """)
        func unique(_ query: String) throws -> Bool {
            let remote = PostgresRemote(url: url, query: query)
            let connection = try remote.connect { false }
            let (_, x) = try remote.describedShape(connection, xColumn: "t") { false }
            let plan = try remote.plan(connection) { false }
            return try remote.xIsUnique(connection, x, plan: plan) { false }
        }
        for query in [
            "SELECT t, v FROM keyed_x", "SELECT t, v FROM keyed_x WHERE v > 0 ORDER BY t LIMIT 10",
            "SELECT * FROM (SELECT t, v FROM keyed_x) AS q",
        ] {
            #expect(try unique(query), "\(query)")
        }
        for query in [
            "SELECT k.t, k.v FROM keyed_x k CROSS JOIN generate_series(1, 2)",
            "SELECT t, v FROM keyed_x UNION ALL SELECT t, v FROM keyed_x",
            "SELECT t, generate_series(1, 2)::float8 AS v FROM keyed_x",
            "SELECT t + interval '0 s' AS t, v FROM keyed_x", "SELECT t, v FROM plain_x",
            "SELECT t, v FROM partial_x",
        ] {
            #expect(try !unique(query), "\(query)")
        }
        let repeated = "SELECT k.t, k.v FROM keyed_x k CROSS JOIN generate_series(1, 2) ORDER BY 1"
        let differences = RemoteComparison.sameLines(
            url, repeated, options: "x=t", ["describe d"])
        #expect(differences.isEmpty, "\(differences.joined(separator: "\n"))")
    }

    @Test func errorsPointAtTheQueryAndPasswordsStayOut() throws {
        let url = try PostgresFixture.timeTable("errors_0", seed: 7, count: 100)
        var notebook = Notebook()
        let withPassword = url.replacingOccurrences(of: "chartbook@", with: "chartbook:s3cret@")
        let diagnostics = PostgresFixture.run(
            "load \(withPassword) \"SELECT x, nope FROM errors_0\" as d", &notebook)
        #expect(diagnostics.contains("column \"nope\" does not exist"))
        #expect(!diagnostics.contains("s3cret"))
        #expect(
            PostgresFixture.run(
                "load \(withPassword) \"SELECT x, value FROM errors_0\" as d x=x", &notebook
            ).isEmpty)
        let script = SessionScript.text(for: notebook.session, scriptDirectory: nil)
        #expect(script.contains("chartbook@127.0.0.1") && !script.contains("s3cret"))
        #expect(
            PostgresFixture.run(
                "load \(url) \"SELECT x, value FROM errors_0\" as r x=x mode=remote", &notebook
            ).isEmpty)
        #expect(
            PostgresFixture.run("add plot dot r.value", &notebook).contains(
                "dataset 'r' stays in the engine (mode=remote), which gives the rows a line draws, not dot plots"
            ))
        // Without x=, the one time column is x in both modes; of several, none is chosen
        // (loaded, the rows draw by row number; kept in the engine, x= is asked for).
        let twoTimes = "SELECT x, value, x + interval '1 day' AS y FROM errors_0"
        #expect(
            PostgresFixture.run("load \(url) \"\(twoTimes)\" as l mode=local", &notebook)
                .isEmpty)
        #expect(notebook.session.dataset(named: "l")?.xColumn == nil)
        #expect(
            PostgresFixture.run("load \(url) \"\(twoTimes)\" as q mode=remote", &notebook)
                .contains("the query has several time columns ('x', 'y')"))
        #expect(
            PostgresFixture.run(
                "load \(url) \"SELECT x, value FROM errors_0\" as q x=none mode=remote", &notebook
            )
            .contains("x=none (the row number) needs mode=local"))
        #expect(notebook.session.dataset(named: "q") == nil)
        // No row, or two columns of one name: refused, saying so.
        #expect(
            PostgresFixture.run(
                "load \(url) \"SELECT x, value FROM errors_0 WHERE false\" as e mode=remote",
                &notebook
            ).contains("the query gives no row with an x to draw along"))
        #expect(
            PostgresFixture.run(
                "load \(url) \"SELECT x, value, value FROM errors_0\" as e mode=remote", &notebook
            ).contains("the query has two columns named 'value'"))
    }
}

/// The real server the tests use, and how they fill it (through libpq, as any client would).
/// One side of the vocabulary property test: a notebook, its runner (with its remote
/// answers) and its files, running a line at a time.
final class PropertySide {
    var notebook = Notebook()
    let runner: ScriptRunner
    let files = InMemoryFiles()
    let target: TerminalTarget
    /// What the load printed, and whether it loaded the dataset.
    private(set) var loaded = (text: "", committed: false)

    /// A side whose engines are asked in `dialects` where given (`Executor.dialects`): a
    /// broken one's load may fail, which `RemoteComparison.sameLines` counts.
    init(load: String, target: TerminalTarget, dialects: [DatabaseQuery.Engine: SQLDialect] = [:]) {
        self.target = target
        var executor = Executor(files: files)
        executor.dialects = dialects
        var runner = ScriptRunner(executor: executor, keepGoing: true, target: { target })
        runner.remote = RemoteData(engines: executor.engines)
        self.runner = runner
        let result = run(load)
        loaded = (result.text, result.committed)
        if dialects.isEmpty { #expect(result.committed, "\(result.text)") }
    }

    /// The text of the file at `path` ("" when there is none).
    func file(_ path: String) -> String {
        String(decoding: files.files[path] ?? [], as: UTF8.self)
    }

    /// What `line` printed and reported, the chart after it, whether it changed the session,
    /// and the files it wrote.
    func run(_ line: String) -> (text: String, chart: String, committed: Bool, written: [String]) {
        let before = notebook.commits
        let old = files.files
        var text = ""
        _ = runner.run(ScriptSource(name: "t.cb", text: line), in: &notebook) { event in
            switch event {
            case .output(let t), .diagnostic(let t), .feedback(let t): text += t
            default: break
            }
        }
        let drawn = runner.remote.forTerminal(
            notebook.session, on: target, shouldCancel: { false })
        let written = files.files.filter { old[$0.key] != $0.value }.map(\.key)
        return (
            text + drawn.problems.joined(separator: "\n"),
            ChartRenderer.text(for: drawn.session, on: target), notebook.commits > before, written
        )
    }

}

enum PostgresFixture {
    /// The table of `names` (two numbers, then a text of two values) beside `t`, a row an
    /// hour for 500 hours, that `RemoteComparison.hazardousNames` draws; its query.
    static func hazardTable(_ table: String, _ names: [String]) throws -> String {
        let url = try #require(Self.url)
        let q = names.map(SQLQuoting.standard.identifier)
        exec(
            url,
            "DROP TABLE IF EXISTS \(table); CREATE TABLE \(table) AS SELECT to_timestamp(1700000000 + i * 3600) AS t, sin(i / 10.0) AS \(q[0]), CASE WHEN i % 9 = 0 THEN NULL ELSE (i % 7)::float8 END AS \(q[1]), CASE WHEN i % 3 = 0 THEN 'up' ELSE 'down' END AS \(q[2]) FROM generate_series(0, 499) i; ANALYZE \(table)"
        )
        return "SELECT * FROM \(table) ORDER BY t"
    }

    /// The table `everyCommandIsExactOrRefused` draws (`vocabulary_TRIAL`): x, `value`,
    /// `other` (its missing values in stretches), `k` (x's seconds modulo 3), rows sharing an
    /// x and a value of ±∞ — and a text column named `text` of four values, which a remote
    /// dataset codes (`RemoteTexts`); the load line of its query (as `d`).
    static func vocabularyTable(
        _ url: String, trial: Int, random: inout RandomSource, text: String = "h",
        numericX: Bool = false
    ) -> (load: String, xs: [Double]) {
        let table = "vocabulary_\(trial)"
        let xs = series(&random, count: 300 + Int(random.nextUnit() * 3_000))
        create(table, url: url, xs: xs, random: &random, numericX: numericX)
        let seconds = numericX ? "x::bigint" : "extract(epoch FROM x)::bigint"
        exec(
            url,
            "ALTER TABLE \(table) ADD COLUMN k int; UPDATE \(table) SET k = (\(seconds) % 3);"
                // Rows sharing an x, and numbers a chart cannot place.
                + "INSERT INTO \(table) SELECT x, value + 1, other, k FROM \(table) ORDER BY x LIMIT \(trial % 3) OFFSET 40;"
                + "UPDATE \(table) SET value = '\(trial % 2 == 0 ? "" : "-")Infinity' WHERE x = (SELECT x FROM \(table) ORDER BY x OFFSET 60 LIMIT 1);"
                + "ANALYZE \(table)"
        )
        let name = SQLQuoting.standard.identifier(text)
        let query =
            "SELECT x, value, other, k, 'host-' || (\(seconds) % 4) AS \(name) FROM \(table) ORDER BY x"
        return (RemoteComparison.vocabularyLoad(url, query, trial: trial), xs)
    }

    /// What the vocabulary test's lines name: the dataset `d` (x, value, other, k and the
    /// text column `text`, as `vocabularyTable` names it), its plots, times inside the data
    /// and files in the working directory.
    static func names(
        _ xs: [Double], text: String = "h",
        xText: @escaping (Double) -> String = { PostgresFixture.text($0, false) }
    ) -> GrammarLines.Names {
        var names = GrammarLines.Names()
        names.datasets = ["d"]
        names.series = ["d.value", "d.other", "d.k", "d", "value"]
        let shown = ScriptQuoting.quotedIfNeeded(text)
        names.columns = ["value", "other", "k", "x", shown]
        names.plots = ["value", "other", "p", "r1"]
        let first = xs.first ?? 0, last = xs.last ?? 1
        let at = { (f: Double) in xText(first + (last - first) * f) }
        let kept = ["=host-1", "!=host-0,host-2", "=host-0,host-1", "!=host-2"].map {
            shown == text ? text + $0 : ScriptQuoting.quoted(text + $0)
        }
        names.filters = ["k=1", "value>0", "k!=2", "x<\(at(0.5))", "other>=0"] + kept
        names.xValues = [at(0.3), at(0.71), at(-0.1)]
        names.intervals = ["\(at(0.2))..\(at(0.6))", "\(at(0.5))..\(at(0.52))", "all"]
        names.paths = ["out.csv", "out.svg", "o.vl.json", "s.cb", "p.html"]
        return names
    }

    static let url = ProcessInfo.processInfo.environment["CHARTBOOK_TEST_POSTGRES_URL"]

    /// Increasing x values: steps of up to five seconds (microseconds apart), now and then a
    /// gap of hours.
    static func series(_ random: inout RandomSource, count: Int) -> [Double] {
        var micros = 1_700_000_000_000_000
        return (0..<count).map { _ in
            micros += 1 + Int(random.nextUnit() * 5_000_000)
            if random.nextUnit() < 0.01 { micros += Int(random.nextUnit() * 36_000_000_000) }
            return Double(micros) / 1_000_000
        }
    }

    /// The server's URL, with `table` made of `count` rows along a time x (`create`).
    static func timeTable(_ table: String, seed: UInt64, count: Int) throws -> String {
        let url = try #require(PostgresFixture.url)
        var random = RandomSource(seed: seed)
        create(table, url: url, xs: series(&random, count: count), random: &random, numericX: false)
        return url
    }

    /// Fills `table` (x, value, other) and returns how many values are missing: `value`
    /// misses single values and has spikes; `other` misses stretches of up to 40 rows.
    @discardableResult
    static func create(
        _ table: String, url: String, xs: [Double], random: inout RandomSource, numericX: Bool
    ) -> Int {
        let (values, missing) = RemoteComparison.values(count: xs.count, random: &random)
        let rows = zip(xs, values).map { x, pair -> String in
            let xText =
                numericX ? String(x / 1000) : "to_timestamp(\(String(format: "%.6f", x)))"
            let value = pair.value.map { String($0) } ?? "NULL"
            return "(\(xText), \(value), \(pair.other.map { String($0) } ?? "NULL"))"
        }
        exec(
            url,
            "DROP TABLE IF EXISTS \(table); CREATE TABLE \(table) (x \(numericX ? "float8" : "timestamptz"), value float8, other float8); "
                + "INSERT INTO \(table) VALUES \(rows.joined(separator: ",")); CREATE INDEX ON \(table) (x); ANALYZE \(table);"
        )
        return missing
    }

    static func exec(_ url: String, _ sql: String) {
        let connection = PQconnectdb(url)
        defer { PQfinish(connection) }
        let result = PQexec(connection, sql)
        if PQresultStatus(result) != PGRES_COMMAND_OK {
            Issue.record("fixture SQL failed: \(String(cString: PQresultErrorMessage(result)))")
        }
        PQclear(result)
    }

    static func text(_ x: Double, _ numeric: Bool) -> String {
        guard !numeric else { return String(x / 1000) }
        let date = Date(timeIntervalSince1970: x.rounded(.down))
        let format = ISO8601DateFormatter()
        format.formatOptions = [
            .withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate,
        ]
        return format.string(from: date)
    }

    /// The query loaded as `d` in `mode`, its `value` drawn (and `other` when the query
    /// selects it), then the `extra` commands.
    static func session(_ url: String, _ query: String, mode: String, _ extra: [String]) throws
        -> Session
    {
        var notebook = Notebook()
        let plots =
            ["add plot line d.value"] + (query.contains("other") ? ["add plot line d.other"] : [])
        let diagnostics = run(
            (["load \(url) \"\(query)\" as d x=x mode=\(mode)"] + plots + extra)
                .joined(separator: "\n"), &notebook)
        #expect(diagnostics.isEmpty, "\(mode): \(diagnostics)")
        return notebook.session
    }

    /// Runs `script` on `notebook`; the diagnostics ("" when none).
    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        var diagnostics = ""
        _ = ScriptRunner(executor: Executor(files: InMemoryFiles()), keepGoing: true).run(
            ScriptSource(name: "t.cb", text: script), in: &notebook
        ) { if case .diagnostic(let d) = $0 { diagnostics += d } }
        return diagnostics
    }
}
