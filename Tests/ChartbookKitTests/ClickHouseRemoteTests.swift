import ChartbookCommands
import ChartbookData
import ChartbookFuzzing
import ChartbookModel
import Foundation
import Testing

@testable import ChartbookKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 28 against a real ClickHouse server (Scripts/clickhouse-test starts a throwaway one
/// and sets CHARTBOOK_TEST_CLICKHOUSE_URL; without it these are skipped): a remote dataset
/// draws exactly what loading every row draws — terminal text and SVG — on random series with
/// spikes, gaps and missing values, at random sizes, views and selections; and every command
/// of the grammar is exact or refused.
@Suite(.enabled(if: ClickHouseFixture.url != nil, "needs CHARTBOOK_TEST_CLICKHOUSE_URL"))
struct ClickHouseRemoteTests {
    @Test(arguments: 0..<8) func remoteDrawsWhatLoadingEveryRowDraws(trial: Int) throws {
        let url = try #require(ClickHouseFixture.url)
        var random = RandomSource(seed: UInt64(3000 + trial))
        let table = "series_\(trial)"
        let numericX = trial % 4 == 3
        let xs = ClickHouseFixture.series(&random, count: 500 + Int(random.nextUnit() * 20_000))
        let missing = try ClickHouseFixture.create(
            table, xs: xs, random: &random, numericX: numericX)
        // Trials 4–7 draw a complete value column (a value in every row), which the engine
        // reads without a test per row.
        let value = trial >= 4 ? "ifNull(value, 0) AS value" : "value"
        let values = trial % 2 == 1 ? "\(value), other" : value
        let columns = trial % 4 == 2 ? "\(values), x" : "x, \(values)"
        let query = "SELECT \(columns) FROM \(table) ORDER BY x"
        for round in 0..<4 {
            let columns = 30 + Int(random.nextUnit() * 130), rows = 8 + Int(random.nextUnit() * 32)
            var extra = [String]()
            if round > 0, let first = xs.first, let last = xs.last {
                let a = first + (last - first) * random.nextUnit() * 0.6
                let b = a + (last - a) * (0.05 + random.nextUnit() * 0.9)
                let text = { ClickHouseFixture.text($0, numericX) }
                extra.append("view \(text(a))..\(text(b))")
                if round % 2 == 0 {
                    extra.append("select x=\(text(a + (b - a) * random.nextUnit()))")
                }
                if round == 3 { extra.append("set yscale log") }
            }
            let target = TerminalTarget(columns: columns, rows: rows, colorMode: .none)
            let local = try PostgresFixture.session(url, query, mode: "local", extra)
            let remote = try PostgresFixture.session(url, query, mode: "remote", extra)
            #expect(remote.dataset(named: "d")?.remote != nil)
            let data = RemoteData()
            let terminal = data.forTerminal(remote, on: target, shouldCancel: { false })
            #expect(terminal.problems == [])
            #expect(
                ChartRenderer.text(for: terminal.session, on: target)
                    == ChartRenderer.text(for: local, on: target),
                "trial \(trial) round \(round) \(columns)×\(rows) \(extra)")
            let values = trial % 2 == 1 ? 2 : 1
            #expect(data.lastReceived <= (2 + 2 * values) * columns * 2 + 6 * 2 * missing + 8)
            let svg = data.forSVG(remote, on: target, shouldCancel: { false })
            #expect(
                SVGExporter.svg(for: svg.session, on: target)
                    == SVGExporter.svg(for: local, on: target),
                "SVG: trial \(trial) round \(round) \(extra)")
        }
    }

    /// Commands drawn from the whole grammar, each run on the same query loaded `mode=local`
    /// and `mode=remote`: byte for byte the same text, chart, change and files — or refused,
    /// naming `mode=local`, with nothing changed.
    @Test(arguments: 0..<8) func everyCommandIsExactOrRefused(trial: Int) throws {
        let url = try #require(ClickHouseFixture.url)
        var random = RandomSource(seed: UInt64(3800 + trial))
        let table = "vocabulary_\(trial)"
        let xs = ClickHouseFixture.series(&random, count: 300 + Int(random.nextUnit() * 3_000))
        // A number a chart cannot place (row 60), and rows sharing an x in some trials.
        try ClickHouseFixture.create(
            table, xs: xs, random: &random, numericX: false,
            infinity: (60, trial % 2 == 0 ? "inf" : "-inf"))
        try ClickHouseFixture.exec(
            "INSERT INTO \(table) SELECT x, value + 1, other FROM \(table) ORDER BY x LIMIT \(trial % 3) OFFSET 40"
        )
        let query = "SELECT x, value, other, toInt32(x) % 3 AS k FROM \(table) ORDER BY x, value"
        let target = TerminalTarget(columns: 72, rows: 20, colorMode: .none)
        let sides = ["local", "remote"].map { mode in
            PropertySide(load: "load \(url) \"\(query)\" as d x=x mode=\(mode)", target: target)
        }
        var lines = GrammarLines(
            random: RandomSource(seed: UInt64(38 + trial)), names: PostgresFixture.names(xs))
        let skipped: Set<String> = ["load", "source", "play", "quit", "snapshot", "set memory"]
        let specs = Grammar.commands.filter { !skipped.contains($0.topic) }
        var refused = 0, run = 0
        var differences = [String]()
        for step in 0..<80 {
            let line =
                step == 0
                ? "add plot line d.value" : lines.line(for: specs[random.below(specs.count)])
            let remote = sides[1].run(line)
            if remote.text.contains("stays in the engine (mode=remote)") {
                #expect(remote.text.contains("mode=local") && !remote.committed, "\(line)")
                refused += 1
                continue
            }
            let local = sides[0].run(line)
            run += 1
            let same = { (a: String, b: String) in
                PostgresRemoteTests.withoutReloads(a)
                    == PostgresRemoteTests.withoutReloads(
                        b.replacingOccurrences(of: "mode=remote", with: "mode=local"))
            }
            var parts = [
                ("text", local.text, remote.text), ("chart", local.chart, remote.chart),
                ("change", "\(local.committed)", "\(remote.committed)"),
            ]
            for path in Set(local.written + remote.written).sorted() {
                parts.append((path, sides[0].file(path), sides[1].file(path)))
            }
            for (what, a, b) in parts where !same(a, b) {
                let shown = PostgresRemoteTests.firstDifference(
                    a, b.replacingOccurrences(of: "mode=remote", with: "mode=local"))
                differences.append("\(line) — \(what): \(shown)")
            }
        }
        let shown = differences.prefix(8).joined(separator: "\n")
        #expect(differences.isEmpty, "trial \(trial):\n\(shown)")
        #expect(run > 20, "trial \(trial): \(run) run, \(refused) refused")
    }
}

/// The ClickHouse server the tests use, and how they fill it (over its HTTP interface).
enum ClickHouseFixture {
    static let url = ProcessInfo.processInfo.environment["CHARTBOOK_TEST_CLICKHOUSE_URL"]

    /// Increasing times in whole seconds (this engine's DateTime): steps of 1 to 300 s, now
    /// and then a gap of hours.
    static func series(_ random: inout RandomSource, count: Int) -> [Double] {
        var seconds = 1_700_000_000
        return (0..<count).map { _ in
            seconds += 1 + Int(random.nextUnit() * 300)
            if random.nextUnit() < 0.01 { seconds += Int(random.nextUnit() * 36_000) }
            return Double(seconds)
        }
    }

    static func text(_ x: Double, _ numeric: Bool) -> String {
        PostgresFixture.text(numeric ? x * 1000 : x, numeric)
    }

    /// Fills `table` (x, value, other) as `PostgresFixture.create` does — `infinity` puts
    /// `inf` or `-inf` in one row's value — and returns how many values are missing. (Not
    /// with `ALTER … UPDATE`: a mutation is applied later, in the background.)
    @discardableResult
    static func create(
        _ table: String, xs: [Double], random: inout RandomSource, numericX: Bool,
        infinity: (row: Int, text: String)? = nil
    ) throws -> Int {
        var level = 0.0, otherLevel = 0.0
        var missing = 0, stretch = 0
        let rows = xs.enumerated().map { row, x -> String in
            level += random.nextGaussian()
            otherLevel += random.nextGaussian()
            var value = String(level)
            let roll = random.nextUnit()
            if roll < 0.01 {
                value = "NULL"
                missing += 1
            } else if roll < 0.02 {
                value = String(level + (random.nextUnit() - 0.5) * 400)
            }
            if stretch == 0, random.nextUnit() < 0.003 { stretch = 1 + Int(random.nextUnit() * 40) }
            var other = String(otherLevel)
            if stretch > 0 {
                other = "NULL"
                stretch -= 1
                missing += 1
            }
            if let infinity, infinity.row == row { value = infinity.text }
            return "(\(numericX ? String(x) : String(Int(x))), \(value), \(other))"
        }
        try exec("DROP TABLE IF EXISTS \(table)")
        try exec(
            "CREATE TABLE \(table) (x \(numericX ? "Float64" : "DateTime"), value Nullable(Float64), other Nullable(Float64)) ENGINE = MergeTree ORDER BY x"
        )
        try exec("INSERT INTO \(table) VALUES \(rows.joined(separator: ","))")
        return missing
    }

    /// Runs `sql` on the server (a failure is recorded and thrown).
    static func exec(_ sql: String) throws {
        let location = try #require(url.flatMap(URL.init(string:)))
        let http = "http://\(location.host ?? "127.0.0.1"):\(location.port ?? 8123)/"
        var request = URLRequest(url: try #require(URL(string: http)))
        request.httpMethod = "POST"
        request.httpBody = Data(sql.utf8)
        let done = DispatchSemaphore(value: 0)
        let answer = Answer()
        URLSession.shared.dataTask(with: request) { data, response, _ in
            answer.set(
                (response as? HTTPURLResponse)?.statusCode ?? 0,
                String(decoding: data ?? Data(), as: UTF8.self))
            done.signal()
        }.resume()
        done.wait()
        let (status, body) = answer.get()
        try #require(status == 200, "fixture SQL failed: \(body)")
    }

    private final class Answer: @unchecked Sendable {
        private let lock = NSLock()
        private var value = (0, "")
        func set(_ status: Int, _ body: String) { lock.withLock { value = (status, body) } }
        func get() -> (Int, String) { lock.withLock { value } }
    }
}
