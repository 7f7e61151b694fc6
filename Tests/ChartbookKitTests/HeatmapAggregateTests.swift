import ChartbookData
import ChartbookModel
import ChartbookScene
import Foundation
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// Counting in two dimensions (issue 50): `add plot heatmap D x=COL y=COL agg=OP` — every
/// cell the aggregate of its (x, y) pair as a direct computation gives it, categories of
/// numbers in their order, categories with no room counted, refused without `y=`.
@Suite struct HeatmapAggregateTests {
    /// 600 departures: an hour (0…23, first seen out of order), a weekday (1…7), a delay
    /// with some missing, a carrier.
    static let rows: [(hour: Int, day: Int, delay: Double, carrier: String)] = (0..<600).map {
        i in
        let hour = (i * 7 + 10) % 24
        let day = 1 + (i * 5 + i / 24) % 7
        let delay = i % 11 == 0 ? Double.nan : Double((i * 37) % 90) - 20
        return (hour, day, delay, ["AA", "UA", "DL"][i % 3])
    }
    static let file =
        "hour,day,delay,carrier\n"
        + rows.map { "\($0.hour),\($0.day),\($0.delay.isNaN ? "" : "\($0.delay)"),\($0.carrier)" }
        .joined(separator: "\n") + "\n"

    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        ScriptedSession.run(script, files: ["/work/f.csv": file], &notebook)
    }

    /// The value of each (x label, y label) cell of the scene's matrix.
    static func cells(_ scene: Scene) -> [String: Double] {
        guard case .cells(let cells) = scene.layers.first?.marks else { return [:] }
        let area = scene.plotArea
        var byPlace = [Int: Double]()
        for cell in cells { byPlace[cell.row * 10_000 + cell.column] = cell.value }
        let yLabels = scene.texts.filter { $0.role == .yLabel }
        var found = [String: Double]()
        for (tick, column) in zip(scene.frame.xTicks, scene.frame.xTickColumns) {
            for label in yLabels {
                let key = (label.row - area.row) * 10_000 + (column - area.column)
                let name = label.text.trimmingCharacters(in: .whitespaces)
                if let value = byPlace[key] { found["\(tick.label)|\(name)"] = value }
            }
        }
        return found
    }

    static let target = TerminalTarget(columns: 140, rows: 40, colorMode: .none)

    @Test(arguments: [Aggregation.count, .sum, .mean, .median, .max])
    func everyCellIsItsPairsAggregate(_ op: Aggregation) {
        var notebook = Notebook()
        let series = op == .count ? "f" : "f.delay"
        let script =
            "load f.csv as f\nadd plot heatmap \(series) x=hour y=day agg=\(op) where=carrier!=DL"
        #expect(Self.run(script, &notebook) == "")
        let scene = ChartRenderer.scene(for: notebook.session, on: Self.target)
        var expected = [String: [Double]]()
        for row in Self.rows where row.carrier != "DL" {
            expected["\(row.hour)|\(row.day)", default: []].append(op == .count ? 1 : row.delay)
        }
        let drawn = Self.cells(scene)
        #expect(drawn.count == expected.count)
        for (pair, values) in expected {
            let want = op.apply(to: values)
            let got = drawn[pair] ?? .nan
            #expect(
                got == want || (got - want).magnitude <= 1e-9 * max(1, want.magnitude),
                "\(op) \(pair): drew \(got), expected \(want)")
        }
        // Hours and days in their order, not as they first appear (10, 17, 0, …).
        let kept = Self.rows.filter { $0.carrier != "DL" }
        let hours = Set(kept.map(\.hour)).sorted().map(String.init)
        #expect(hours.count > 10)
        #expect(scene.frame.xTicks.map(\.label) == hours)
        let days = scene.texts.filter { $0.role == .yLabel }.map {
            $0.text.trimmingCharacters(in: .whitespaces)
        }
        #expect(days == Set(kept.map(\.day)).sorted().map(String.init))
        let key = scene.texts.filter { $0.role == .note }.map(\.text).joined()
        #expect(key.contains(op == .count ? " count" : " \(op.rawValue) of delay"))
    }

    @Test func categoriesWithNoRoomAreCountedUnderThePlot() {
        var notebook = Notebook()
        #expect(
            Self.run("load f.csv as f\nadd plot heatmap f x=hour y=day agg=count", &notebook) == "")
        let narrow = TerminalTarget(columns: 20, rows: 10, colorMode: .none)
        let scene = ChartRenderer.scene(for: notebook.session, on: narrow)
        let notes = scene.texts.filter { $0.role == .note }.map(\.text).joined()
        let shownX = scene.frame.xTicks.count
        #expect(shownX < 24)
        // Said in full where it fits, shorter in 20 columns.
        #expect(notes.contains("/24 x left out"), "\(notes)")
        let wide = ChartRenderer.scene(
            for: notebook.session, on: TerminalTarget(columns: 60, rows: 7, colorMode: .none))
        let wideNotes = wide.texts.filter { $0.role == .note }.map(\.text).joined()
        #expect(wideNotes.contains("of 7 y values left out: no room"), "\(wideNotes)")
        // On a row of its own, inside the window.
        let note = scene.texts.first { $0.text.contains("left out") }
        #expect(note.map { $0.row < 10 && TextMetrics.width(of: $0.text) <= 20 } == true)
    }

    @Test func refusedWithoutYAndNothingChanges() {
        var notebook = Notebook()
        #expect(Self.run("load f.csv as f\nadd plot heatmap f.delay x=hour", &notebook) == "")
        let before = notebook.session
        for line in [
            "add plot heatmap f.delay x=hour agg=mean", "set plot delay agg=count",
            "set plot delay bin=6",
        ] {
            let diagnostic = Self.run(line, &notebook)
            #expect(diagnostic.contains("y=COLUMN beside it"), "\(line): \(diagnostic)")
            #expect(notebook.session == before)
        }
    }

    @Test func savedAndReplayedToTheSameChart() {
        var notebook = Notebook()
        let script = "load f.csv as f\nadd plot heatmap f.delay x=hour y=day agg=p90 bin=6"
        #expect(Self.run(script, &notebook) == "")
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("agg=p90"))
        var replayed = Notebook()
        #expect(Self.run(saved, &replayed) == "")
        #expect(
            ChartRenderer.text(for: replayed.session, on: Self.target)
                == ChartRenderer.text(for: notebook.session, on: Self.target))
    }
}
