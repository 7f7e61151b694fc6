import ChartbookData
import ChartbookModel
import ChartbookScene
import ChartbookVegaLite
import Foundation
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// Encoding channels (issue 50): `color=COLUMN` (a palette for text, a ramp for numbers) and
/// `size=COLUMN` (areas in proportion) on dot plots — every point in the colour and at the
/// size its row gives, the same in the terminal's scene, the SVG and the Vega-Lite spec;
/// rows without a value left out and counted; keys under the chart; refused where a channel
/// has no rows to read.
@Suite struct ChannelTests {
    /// 12 points far apart (x = 1…12): a region, a population (one missing), a year.
    static let rows: [(x: Int, y: Double, region: String, pop: Double, year: Int)] = (1...12).map {
        i in
        (
            i, Double(i * 3 % 11), ["north", "south", "east"][i % 3], i == 7 ? .nan : Double(i * i),
            1990 + i
        )
    }
    static let file =
        "x,y,region,pop,year\n"
        + rows.map { "\($0.x),\($0.y),\($0.region),\($0.pop.isNaN ? "" : "\($0.pop)"),\($0.year)" }
        .joined(separator: "\n") + "\n"

    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        ScriptedSession.run(script, files: ["/work/p.csv": file], &notebook)
    }

    static let target = TerminalTarget(columns: 120, rows: 30, colorMode: .truecolor)

    /// The scene's encoded markers, left to right.
    static func markers(_ session: Session) -> [Scene.EncodedMarker] {
        let scene = ChartRenderer.scene(for: session, on: target)
        guard case .encodedMarkers(let markers, _)? = scene.layers.first?.marks else { return [] }
        return markers.sorted { $0.point.x < $1.point.x }
    }

    @Test func textColoursEachPointByItsRowsValue() throws {
        var notebook = Notebook()
        #expect(Self.run("load p.csv as p\nadd plot dot p.y x=x color=region", &notebook) == "")
        let plot = try #require(notebook.session.plots.first)
        let markers = Self.markers(notebook.session)
        #expect(markers.count == 12)
        // Regions in order of first appearance, coloured as by= colours groups.
        let regions = ["south", "east", "north"]
        for (marker, row) in zip(markers, Self.rows) {
            let index = try #require(regions.firstIndex(of: row.region))
            #expect(marker.color == plot.color(ofGroup: index))
            #expect(marker.area == nil && marker.level == nil)
        }
        let scene = ChartRenderer.scene(for: notebook.session, on: Self.target)
        let key = scene.texts.filter { $0.role == .legend }.map(\.text).joined()
        #expect(key.contains("color region") && key.contains("south") && key.contains("north"))
    }

    /// A selected point's readout says what its channels read in its row (each column once,
    /// not the plot's own): the region of a point coloured by region, and a missing value.
    @Test func theReadoutSaysWhatAPointsChannelsRead() {
        var notebook = Notebook()
        let script = "load p.csv as p\nadd plot dot p.y x=x color=region size=pop\nselect x=7"
        #expect(Self.run(script, &notebook) == "")
        func readout() -> String {
            ChartRenderer.scene(for: notebook.session, on: Self.target).texts
                .filter { $0.role == .readout }.map(\.text).joined()
        }
        // Row 7: y 10, south, no population.
        #expect(readout() == "▶ 7  y 10  region south  pop –")
        let id = notebook.session.plots.first?.id ?? ""
        #expect(Self.run("select x=4\nset plot \(id) size=y", &notebook) == "")
        #expect(readout() == "▶ 4  y 1  region south")
    }

    @Test func numbersColourAlongTheRamp() {
        var notebook = Notebook()
        #expect(Self.run("load p.csv as p\nadd plot dot p.y x=x color=year", &notebook) == "")
        let markers = Self.markers(notebook.session)
        #expect(
            markers.map(\.color) == Self.rows.map { ColorRamp.color(Double($0.year - 1991) / 11) })
        #expect(markers.first?.color == ColorRamp.viridis.first)
        #expect(markers.last?.color == ColorRamp.viridis.last)
    }

    @Test func sizesAreAreasInProportionAndTheMissingAreCounted() {
        var notebook = Notebook()
        #expect(Self.run("load p.csv as p\nadd plot dot p.y x=x size=pop", &notebook) == "")
        let markers = Self.markers(notebook.session)
        let kept = Self.rows.filter { !$0.pop.isNaN }
        #expect(markers.count == kept.count)
        let largest = 144.0
        for (marker, row) in zip(markers, kept) {
            let area = Double.pi + 63 * Double.pi * row.pop / largest
            #expect(abs((marker.area ?? 0) - area) < 1e-9)
            #expect(marker.level == min(Int(row.pop / largest * 4), 3))
        }
        // The scene lists the largest first.
        let scene = ChartRenderer.scene(for: notebook.session, on: Self.target)
        if case .encodedMarkers(let drawn, _)? = scene.layers.first?.marks {
            #expect(drawn.map { $0.area ?? 0 } == drawn.map { $0.area ?? 0 }.sorted(by: >))
        }
        let notes = scene.texts.filter { $0.role == .note }.map(\.text).joined()
        #expect(notes.contains("1 point without a color= or size= value left out"))
        // The SVG draws each at the radius of its area (a point an eighth of a cell).
        let svg = SVGExporter.svg(for: notebook.session, on: Self.target)
        let radii = svg.matches(of: #/<circle cx="[-\d.]+" cy="[-\d.]+" r="([\d.]+)"/#).compactMap {
            Double($0.output.1)
        }
        let expected = kept.map { (Double.pi + 63 * Double.pi * $0.pop / largest) / Double.pi }
            .map { $0.squareRoot() }.sorted()
        #expect(radii.sorted().count == expected.count)
        for (r, e) in zip(radii.sorted(), expected) { #expect(abs(r - e) < 0.01) }
    }

    @Test func shapesTakeTurnsByValue() throws {
        var notebook = Notebook()
        #expect(Self.run("load p.csv as p\nadd plot dot p.y x=x shape=region", &notebook) == "")
        let markers = Self.markers(notebook.session)
        #expect(markers.count == 12)
        let regions = ["south", "east", "north"]
        let shapes: [MarkerStyle.Shape] = [.circle, .square, .diamond]
        for (marker, row) in zip(markers, Self.rows) {
            let index = try #require(regions.firstIndex(of: row.region))
            #expect(marker.shape == shapes[index])
        }
        let scene = ChartRenderer.scene(for: notebook.session, on: Self.target)
        let key = scene.texts.filter { $0.role == .legend }.map(\.text).joined()
        #expect(key.contains("shape region") && key.contains("■") && key.contains("◆"))
        let spec = VegaLiteExporter.spec(for: notebook.session, on: Self.target, urls: false)
        #expect(spec.contains(#""range": ["circle", "square", "diamond"]"#))
        #expect(Self.run("set plot y shape=none", &notebook) == "")
        #expect(notebook.session.plots.first?.binding.encoding.shape == nil)
    }

    @Test func vegaLiteCarriesChartbooksScales() throws {
        var notebook = Notebook()
        #expect(
            Self.run("load p.csv as p\nadd plot dot p.y x=x color=region size=pop", &notebook) == ""
        )
        let spec = VegaLiteExporter.spec(for: notebook.session, on: Self.target, urls: false)
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(spec.utf8)) as? [String: Any])
        let layer = try #require((json["layer"] as? [[String: Any]])?.first)
        let encoding = try #require(layer["encoding"] as? [String: Any])
        let color = try #require(encoding["color"] as? [String: Any])
        let colorScale = try #require(color["scale"] as? [String: Any])
        #expect(colorScale["domain"] as? [String] == ["south", "east", "north"])
        let plot = try #require(notebook.session.plots.first)
        #expect(
            colorScale["range"] as? [String] == (0..<3).map { plot.color(ofGroup: $0).hexOpaque })
        let size = try #require(encoding["size"] as? [String: Any])
        let sizeScale = try #require(size["scale"] as? [String: Any])
        #expect(sizeScale["domain"] as? [Double] == [0, 144])
        #expect(sizeScale["range"] as? [Double] == [4, 256])
        // Rows without a value in a channel are filtered out, as chartbook leaves them out.
        let filters = (layer["transform"] as? [[String: Any]] ?? []).compactMap {
            $0["filter"] as? String
        }
        #expect(
            filters.contains { $0.contains("pop") } && filters.contains { $0.contains("region") })
    }

    @Test func savedAsTypedAndAConstantTakesAChannelsPlace() {
        var notebook = Notebook()
        let script = "load p.csv as p\nadd plot dot p.y x=x color=region size=pop"
        #expect(Self.run(script, &notebook) == "")
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("color=region") && saved.contains("size=pop"))
        var replayed = Notebook()
        #expect(Self.run(saved, &replayed) == "")
        #expect(replayed.session.plots == notebook.session.plots)
        // `list` names the columns the channels read.
        #expect(SessionReport.plots(notebook.session).contains("color=region x=x size=pop"))
        #expect(Self.run("set plot y color=red size=3", &notebook) == "")
        #expect(notebook.session.plots.first?.binding.encoding == PlotEncoding())
        #expect(notebook.session.plots.first?.style.color == Color(parsing: "red"))
    }

    @Test func refusedWithTheReasonAndNothingChanges() {
        var notebook = Notebook()
        #expect(Self.run("load p.csv as p\nadd plot dot p.y x=x", &notebook) == "")
        let before = notebook.session
        for (line, expected) in [
            ("set plot y color=regoin", "did you mean 'region'?"),
            ("set plot y color=rde", "did you mean 'red'?"),
            ("set plot y size=region", "a column of numbers"),
            ("add plot dot p.y as m x=x color=region agg=mean", "reads each row"),
        ] {
            let diagnostic = Self.run(line, &notebook)
            #expect(diagnostic.contains(expected), "\(line): \(diagnostic)")
            #expect(notebook.session == before)
        }
    }
}
