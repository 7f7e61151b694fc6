import Foundation
import Testing
import ChartbookCommands
import ChartbookModel
@testable import ChartbookKit

/// The kinds' table (`PlotKindSpec.all`): every example runs as printed on the bundled data.
@Suite struct PlotKindSpecTests {
    static let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Docs/examples/data").standardized

    /// The datasets the examples name, loaded as the tutorial loads them.
    static let loads = [
        "load weather.csv as w x=date", "load sales.csv as sales labels=month",
        "load cars.csv as cars", "load service.csv as service x=date",
        "load regions.csv as regions",
    ]

    @Test(arguments: PlotKindSpec.all.map(\.kind))
    func exampleDraws(_ kind: Plot.Kind) throws {
        var files = [String: String]()
        for name in ["weather", "sales", "cars", "service", "regions"] {
            files["/work/\(name).csv"] = try String(
                contentsOf: Self.data.appendingPathComponent(name + ".csv"), encoding: .utf8)
        }
        let session = sessionAfter(
            (Self.loads + [kind.spec.example]).joined(separator: "\n"),
            files: InMemoryFiles(files))
        #expect(session.datasets.count == 5)
        #expect(session.plots.map(\.kind) == [kind], "\(kind.spec.example) did not draw")
        let chart = ChartRenderer.text(
            for: session, on: TerminalTarget(columns: 80, rows: 24, colorMode: .none))
        #expect(!chart.isEmpty)
    }
}
