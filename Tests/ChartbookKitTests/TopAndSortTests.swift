import ChartbookData
import ChartbookModel
import ChartbookScene
import ChartbookTransform
import Foundation
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// `top=N` and `sort=` on every bar-like kind (issue 50): the N categories with the largest
/// values (with `by=`, the sum of their groups), largest first, ties to the one met first,
/// the rest counted under the chart; vertical bars sorted by value or name.
@Suite struct TopAndSortTests {
    /// 120 countries over 5 continents, a population (some missing), a year.
    static let rows: [(country: String, continent: String, pop: Double, year: Int)] = (0..<120)
        .map { i in
            let pop = i % 17 == 0 ? Double.nan : Double((i * 7_919) % 1_000 + (i % 5) * 200)
            return (
                "c\(i)", ["Asia", "Africa", "Europe", "Americas", "Oceania"][i % 5], pop,
                2000 + i % 3
            )
        }
    static let file =
        "country,continent,pop,year\n"
        + rows.map { "\($0.country),\($0.continent),\($0.pop.isNaN ? "" : "\($0.pop)"),\($0.year)" }
        .joined(separator: "\n") + "\n"

    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        ScriptedSession.run(script, files: ["/work/c.csv": file], &notebook)
    }

    /// The reference: keys by their total (present values), largest first, ties to the key
    /// met first in `order` (the table's key order).
    static func ranked(_ totals: [String: Double], order: [String]) -> [String] {
        order.enumerated().sorted { a, b in
            let (x, y) = (totals[a.element] ?? 0, totals[b.element] ?? 0)
            return x > y || (x == y && a.offset < b.offset)
        }.map(\.element)
    }

    @Test(arguments: [1, 3, 10, 119, 500])
    func topRowsAreTheLargestInRankOrder(_ n: Int) throws {
        var notebook = Notebook()
        #expect(
            Self.run("load c.csv as c\nadd plot hbar c.pop x=country top=\(n)", &notebook) == "")
        let plot = try #require(notebook.session.plots.first)
        let drawn = try #require(plot.drawn)
        let countries = (0..<drawn.table.count).compactMap {
            drawn.table.column(named: "country")?.text(at: $0)
        }
        var totals = [String: Double]()
        for row in Self.rows { totals[row.country] = row.pop.isNaN ? 0 : row.pop }
        let expected = Array(Self.ranked(totals, order: Self.rows.map(\.country)).prefix(n))
        #expect(countries == expected)
        let leftOut = max(0, 120 - n)
        let scene = ChartRenderer.scene(
            for: notebook.session, on: TerminalTarget(columns: 100, rows: 40, colorMode: .none))
        let notes = scene.texts.filter { $0.role == .note }.map(\.text).joined(separator: "|")
        #expect(
            notes.contains("\(leftOut) more x value\(leftOut == 1 ? "" : "s") left out (top=\(n))")
                == (leftOut > 0), "\(notes)")
    }

    @Test func topWithGroupsRanksKeysByTheirGroupsSum() throws {
        var notebook = Notebook()
        let script = "load c.csv as c\nadd plot bar c.pop x=continent by=year agg=sum top=2"
        #expect(Self.run(script, &notebook) == "")
        let drawn = try #require(notebook.session.plots.first?.drawn)
        var totals = [String: Double]()
        for row in Self.rows where !row.pop.isNaN { totals[row.continent, default: 0] += row.pop }
        let order = ["Asia", "Africa", "Europe", "Americas", "Oceania"]
        let top = Array(Self.ranked(totals, order: order).prefix(2))
        let keys = (0..<drawn.table.count).compactMap {
            drawn.table.column(named: "continent")?.text(at: $0)
        }
        // Every group of the two continents, the larger's first.
        #expect(keys == top.flatMap { Array(repeating: $0, count: 3) })
        // The bars stand in that order along x.
        #expect(notebook.session.xCategories.names == top)
    }

    @Test(arguments: [CategoryStyle.SortOrder.descending, .ascending, .name])
    func verticalBarsStandInTheOrderAsked(_ sort: CategoryStyle.SortOrder) {
        var notebook = Notebook()
        let script = "load c.csv as c\nadd plot bar c.pop x=continent agg=mean sort=\(sort)"
        #expect(Self.run(script, &notebook) == "")
        var sums = [String: (Double, Int)]()
        for row in Self.rows where !row.pop.isNaN {
            let (s, k) = sums[row.continent] ?? (0, 0)
            sums[row.continent] = (s + row.pop, k + 1)
        }
        let means = sums.mapValues { $0.0 / Double($0.1) }
        let expected: [String] =
            switch sort {
            case .descending: means.keys.sorted { means[$0]! > means[$1]! }
            case .ascending: means.keys.sorted { means[$0]! < means[$1]! }
            default: means.keys.sorted()
            }
        #expect(notebook.session.xCategories.names == expected)
        let scene = ChartRenderer.scene(
            for: notebook.session, on: TerminalTarget(columns: 100, rows: 30, colorMode: .none))
        #expect(scene.frame.xTicks.map(\.label) == expected)
    }

    @Test func refusedBesideAWindowAndRemotelyAndNothingChanges() {
        var notebook = Notebook()
        #expect(
            Self.run("load c.csv as c\nadd plot bar c.pop x=continent agg=sum", &notebook) == "")
        let before = notebook.session
        let diagnostic = Self.run("set plot pop top=2 rolling=2", &notebook)
        #expect(diagnostic.contains("no rolling window beside it"), "\(diagnostic)")
        #expect(notebook.session == before)
        let pipeline = TransformPipeline(x: "continent", y: "pop", aggregate: .sum)
        var topped = pipeline
        topped.top = 2
        // PostgreSQL ranks in SQL (SQLCompilerTests hold it to the executor); ClickHouse 18
        // has no window functions and refuses it.
        let source = SQLCompiler.Source(
            relation: "t", kinds: ["continent": .text, "pop": .number], rowOrder: "r")
        #expect(throws: TransformError.self) {
            try SQLCompiler(.clickhouse).query(topped, over: source)
        }
        #expect((try? SQLCompiler(.clickhouse).query(pipeline, over: source)) != nil)
        #expect(
            (try? SQLCompiler(.postgres).query(topped, over: source))?.contains("DENSE_RANK")
                == true)
    }

    @Test func savedAndReplayedToTheSameChart() {
        var notebook = Notebook()
        let script = "load c.csv as c\nadd plot bar c.pop x=continent agg=sum top=3 sort=name"
        #expect(Self.run(script, &notebook) == "")
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("top=3") && saved.contains("sort=name"))
        var replayed = Notebook()
        #expect(Self.run(saved, &replayed) == "")
        let target = TerminalTarget(columns: 90, rows: 24, colorMode: .none)
        #expect(
            ChartRenderer.text(for: replayed.session, on: target)
                == ChartRenderer.text(for: notebook.session, on: target))
        // Sorted by name among the three largest.
        #expect(notebook.session.xCategories.names == notebook.session.xCategories.names.sorted())
        #expect(notebook.session.xCategories.names.count == 3)
    }
}
