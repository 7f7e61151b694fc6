import ChartbookCommands
import ChartbookData
import ChartbookModel
import Foundation
import Testing

@testable import ChartbookKit

/// Issue 28's progressive chart: the REPL draws a remote dataset from a sample of its rows
/// while the engine computes the exact chart. A preview's run writes no file; a sample is
/// rows of the query, in x order, one from each stretch of x (`RemotePreviewChecks` on real
/// servers, below).
struct RemotePreviewTests {
    @Test func aPreviewRunDrawsButWritesNoFile() {
        let files = InMemoryFiles()
        var runner = ScriptRunner(executor: Executor(files: files), drawEach: true)
        runner.isPreview = true
        runner.fetchesForDrawings = false
        var notebook = Notebook()
        var drawn = 0
        let script =
            "gen w walk 50\nsnapshot on /work/snaps\nadd plot line w\nsave svg /work/o.svg\n"
        let outcome = runner.run(ScriptSource(name: "t.cb", text: script), in: &notebook) {
            if case .draw = $0 { drawn += 1 }
        }
        #expect(outcome == .completed)
        #expect(drawn >= 2)
        #expect(files.files.isEmpty)
        // The same script, not a preview, writes both (so the check above can fail).
        runner.isPreview = false
        var again = Notebook()
        _ = runner.run(ScriptSource(name: "t.cb", text: script), in: &again) { _ in }
        #expect(
            files.files.keys.sorted() == [
                "/work/o.svg", "/work/snaps/0001.svg", "/work/snaps/0002.svg",
            ])
    }
}

@Suite(.enabled(if: PostgresFixture.url != nil, "needs CHARTBOOK_TEST_POSTGRES_URL"))
struct PostgresSampleTests {
    @Test(arguments: [false, true]) func aSampleIsRowsOfTheQueryAlongX(numericX: Bool) throws {
        let url = try #require(PostgresFixture.url)
        var random = RandomSource(seed: numericX ? 77 : 78)
        let xs = RemotePreviewChecks.evenlySpread(count: 5000, random: &random)
        let table = "sampled_\(numericX ? "n" : "t")"
        PostgresFixture.create(table, url: url, xs: xs, random: &random, numericX: numericX)
        try RemotePreviewChecks.sample(load: "load \(url) \"SELECT x, value, other FROM \(table)\"")
    }

    /// The REPL's exact load tells the extent of x as soon as the engine learns it, and a
    /// preview's load of the same query samples along it (`RemotePreviewChecks.learntExtent`).
    @Test func aPreviewSamplesAlongTheExtentTheExactLoadLearnt() throws {
        let url = try #require(PostgresFixture.url)
        var random = RandomSource(seed: 82)
        let xs = RemotePreviewChecks.evenlySpread(count: 3000, random: &random)
        _ = PostgresFixture.create("learnt", url: url, xs: xs, random: &random, numericX: false)
        try RemotePreviewChecks.learntExtent(
            load: "load \(url) \"SELECT x, value, other FROM learnt\" as d mode=remote x=x")
    }
}

@Suite(.enabled(if: ClickHouseFixture.url != nil, "needs CHARTBOOK_TEST_CLICKHOUSE_URL"))
struct ClickHouseSampleTests {
    @Test(arguments: [false, true]) func aSampleIsRowsOfTheQueryAlongX(numericX: Bool) throws {
        let url = try #require(ClickHouseFixture.url)
        var random = RandomSource(seed: numericX ? 79 : 80)
        let xs = RemotePreviewChecks.evenlySpread(count: 5000, random: &random)
        let table = "sampled_\(numericX ? "n" : "t")"
        try ClickHouseFixture.create(table, xs: xs, random: &random, numericX: numericX)
        try RemotePreviewChecks.sample(load: "load \(url) \"SELECT x, value, other FROM \(table)\"")
        // Its windows read the table with the query's condition (which leaves out the first
        // row: a sample holding it would not be the query's), or the query as a subquery.
        let first = numericX ? "1700000009" : "toDateTime(1700000009)"
        for query in [
            "SELECT x, value, other FROM \(table) WHERE x > \(first) OR value IS NULL",
            "SELECT x, value, other FROM \(table) WHERE x > \(first) ORDER BY x",
        ] {
            try RemotePreviewChecks.sample(load: "load \(url) \"\(query)\"")
        }
    }

    /// The REPL's exact load tells the extent of x as soon as the engine learns it, and a
    /// preview's load of the same query samples along it (`RemotePreviewChecks.learntExtent`).
    @Test func aPreviewSamplesAlongTheExtentTheExactLoadLearnt() throws {
        let url = try #require(ClickHouseFixture.url)
        var random = RandomSource(seed: 81)
        let xs = RemotePreviewChecks.evenlySpread(count: 3000, random: &random)
        _ = try ClickHouseFixture.create("learnt", xs: xs, random: &random, numericX: false)
        try RemotePreviewChecks.learntExtent(
            load: "load \(url) \"SELECT x, value, other FROM learnt\" as d mode=remote x=x")
    }
}

enum RemotePreviewChecks {
    /// The REPL's exact load tells the extent of x as soon as the engine learns it
    /// (`RemoteExtents`, forgetting what the query had before), and a preview's load of the
    /// same query samples along it instead of scanning x for its ends: the same rows.
    /// (`load` of a query of x, value, other, as `d`.)
    static func learntExtent(load: String) throws {
        let extents = RemoteExtents()
        var runner = ScriptRunner(executor: Executor(files: InMemoryFiles()))
        runner.executor.remoteExtents = extents
        var exact = Notebook()
        let dataset = { (notebook: Notebook) in notebook.session.dataset(named: "d") }
        // What the query spanned before is forgotten when it is loaded again.
        var request: DatabaseQuery?
        for _ in 0..<2 {
            #expect(
                runner.run(ScriptSource(name: "t.cb", text: load), in: &exact) { _ in }
                    == .completed)
            guard let d = dataset(exact), case .query(let query) = d.source else { break }
            request = query
            #expect(extents.extent(of: query, shouldCancel: { false }) == d.remote?.extent)
            extents.learnt(0...1, of: query)
        }
        let extent = try #require(dataset(exact)?.remote?.extent)
        extents.learnt(extent, of: try #require(request))
        // Previews of the load, with and without the extent learnt: the same sample; with the
        // first half said to be the extent, a sample of that half (the preview reads it).
        let half = RemoteExtents(), middle = (extent.lowerBound + extent.upperBound) / 2
        half.learnt(extent.lowerBound...middle, of: try #require(request))
        let samples = [extents, RemoteExtents(), half].map { known -> [[Double]] in
            var preview = runner
            preview.executor.remoteExtents = known
            preview.executor.sampleRows = 100
            preview.isPreview = true
            var notebook = Notebook()
            _ = preview.run(ScriptSource(name: "t.cb", text: load), in: &notebook) { _ in }
            return dataset(notebook).map(RemotePreviewChecks.rows) ?? []
        }
        // (Bit for bit: a missing value is NaN, which equals nothing.)
        let bits = samples.map { $0.map { $0.map(\.bitPattern) } }
        #expect(samples[0].count >= 100 && bits[0] == bits[1])
        #expect(samples[2].count >= 90 && samples[2].allSatisfy { $0[0] <= middle + 300 })
    }

    /// Increasing x, about ten seconds apart (whole seconds, so that a DateTime holds them).
    static func evenlySpread(count: Int, random: inout RandomSource) -> [Double] {
        (0..<count).map { 1_700_000_000 + Double($0 * 10) + (random.nextUnit() * 8).rounded(.down) }
    }

    /// `load` (a query of x, value, other) as a remote dataset, sampled as the REPL's preview
    /// samples it, against every row loaded: one row from each of 100 stretches of x (every
    /// stretch holds rows here) and the rows the remote dataset knows (first, last, each
    /// column's extremes), each a row of the query, in x order, the first row first.
    static func sample(load: String) throws {
        var remote = Notebook()
        let runner = ScriptRunner(executor: Executor(files: InMemoryFiles()))
        #expect(
            runner.run(
                ScriptSource(name: "t.cb", text: load + " as d mode=remote x=x"), in: &remote
            ) { _ in } == .completed)
        var local = Notebook()
        #expect(
            runner.run(ScriptSource(name: "t.cb", text: load + " as d mode=local x=x"), in: &local)
            { _ in } == .completed)
        let sampled = try runner.executor.sampled(remote.session, rows: 100)
        let sample = try #require(sampled.dataset(named: "d"))
        let all = try #require(local.session.dataset(named: "d"))
        #expect(sample.remote == nil)
        let rows = Self.rows(of: sample), every = Self.rows(of: all)
        // 100 stretches, and at most the last row and per column its lowest, highest and
        // lowest above zero besides.
        #expect(rows.count >= 100 && rows.count <= 108, "\(rows.count) rows")
        for c in [1, 2] {
            let values = { (rows: [[Double]]) in rows.map { $0[c] }.filter { !$0.isNaN } }
            #expect(values(rows).max() == values(every).max())
            #expect(values(rows).min() == values(every).min())
        }
        #expect(rows.first == every.min { $0[0] < $1[0] })
        #expect(zip(rows, rows.dropFirst()).allSatisfy { $0[0] < $1[0] })
        let known = Set(every.map { $0.map(\.bitPattern) })
        #expect(rows.allSatisfy { known.contains($0.map(\.bitPattern)) })
        // The stretches cover x: the last sampled row is in the last hundredth of it.
        let first = every.map { $0[0] }.min() ?? 0, last = every.map { $0[0] }.max() ?? 0
        #expect((rows.last?[0] ?? 0) > last - (last - first) / 99)
    }

    /// The dataset's rows as (x, value, other), NaN for missing.
    static func rows(of dataset: Dataset) -> [[Double]] {
        let columns = ["x", "value", "other"].map { name in
            dataset.columns.first { $0.name == name }?.numbers ?? []
        }
        let count = columns.map(\.count).min() ?? 0
        return (0..<count).map { r in columns.map { $0[r] } }
    }
}
