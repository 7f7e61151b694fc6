import ChartbookData
import ChartbookModel
import ChartbookScene
import ChartbookVegaLite
import Foundation
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// The rest of the grammar's channels (issue 50): `opacity=` (a constant, or a column of
/// numbers from faint to solid), `text=` (the text channel: `labels=COLUMN`), `detail=` (groups
/// drawn alike) and `color=COLUMN` on lines (a line per value, as `by=`) — the same in the
/// scene and the Vega-Lite spec, saved and refused as every option.
@Suite struct GroupingChannelTests {

    /// Two hosts' values over four times, long format.
    static let hosts =
        "t,host,v\n1,a,10\n1,b,20\n2,a,12\n2,b,18\n3,a,15\n3,b,22\n4,a,11\n4,b,25\n"

    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        ScriptedSession.run(
            script, files: ["/work/p.csv": ChannelTests.file, "/work/h.csv": hosts], &notebook)
    }

    static func spec(_ session: Session) throws -> [String: Any] {
        let text = VegaLiteExporter.spec(for: session, on: ChannelTests.target, urls: false)
        return try #require(
            try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func opacityFromAColumnRunsFromFaintToSolid() throws {
        var notebook = Notebook()
        #expect(Self.run("load p.csv as p\nadd plot dot p.y x=x opacity=year", &notebook) == "")
        let markers = ChannelTests.markers(notebook.session)
        #expect(markers.count == 12)
        // Years 1991…2002: 0.25 at the first, 1 at the last, linear between.
        for (marker, row) in zip(markers, ChannelTests.rows) {
            let expected = 0.25 + 0.75 * Double(row.year - 1991) / 11
            #expect(abs(marker.color.alpha - expected) < 1e-12)
        }
        let scene = ChartRenderer.scene(for: notebook.session, on: ChannelTests.target)
        let key = scene.texts.filter {
            $0.row == scene.texts.first { $0.text.hasPrefix("opacity") }?.row
        }
        #expect(key.first?.text.hasPrefix("opacity year  1991") == true)
        #expect(key.last?.text == " 2002")
        #expect(
            key.filter { $0.role == .colorKey }.map { $0.color?.alpha } == [
                0.25, 0.4375, 0.625, 0.8125, 1,
            ])
        // Vega-Lite: the same domain and range, written out.
        let layer = try #require(
            (try Self.spec(notebook.session)["layer"] as? [[String: Any]])?.first)
        let opacity = try #require(
            (layer["encoding"] as? [String: Any])?["opacity"] as? [String: Any])
        let scale = try #require(opacity["scale"] as? [String: Any])
        #expect(scale["domain"] as? [Double] == [1991, 2002])
        #expect(scale["range"] as? [Double] == [0.25, 1])
    }

    @Test func aConstantOpacityFadesEveryPointOnEverySurface() throws {
        var notebook = Notebook()
        #expect(Self.run("load p.csv as p\nadd plot dot p.y x=x opacity=0.4", &notebook) == "")
        let scene = ChartRenderer.scene(for: notebook.session, on: ChannelTests.target)
        #expect(scene.layers.first?.color.alpha == 0.4)
        let svg = SVGExporter.svg(for: notebook.session, on: ChannelTests.target)
        #expect(svg.contains("opacity=\"0.4\""))
        let layer = try #require(
            (try Self.spec(notebook.session)["layer"] as? [[String: Any]])?.first)
        #expect((layer["mark"] as? [String: Any])?["opacity"] as? Double == 0.4)
        // A column given after the constant takes its place, and back.
        #expect(Self.run("set plot y opacity=pop", &notebook) == "")
        #expect(notebook.session.plots.first?.binding.encoding.opacity == "pop")
        #expect(Self.run("set plot y opacity=1", &notebook) == "")
        #expect(notebook.session.plots.first?.binding.encoding.opacity == nil)
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("opacity=1"))
    }

    @Test func textIsTheLabelsColumnByItsGrammarName() {
        var typed = Notebook(), labelled = Notebook()
        #expect(Self.run("load p.csv as p\nadd plot line p.y x=x text=region", &typed) == "")
        #expect(Self.run("load p.csv as p\nadd plot line p.y x=x labels=region", &labelled) == "")
        #expect(typed.session.plots == labelled.session.plots)
        let saved = SessionScript.text(for: typed.session, scriptDirectory: "/work")
        #expect(saved.contains("labels=region"))
    }

    @Test func detailDrawsGroupsAlikeWithOneLegendEntry() throws {
        var notebook = Notebook()
        #expect(Self.run("load h.csv as h\nadd plot line h.v x=t detail=host", &notebook) == "")
        let plot = try #require(notebook.session.plots.first)
        #expect(plot.binding.by == "host" && plot.binding.detail)
        let scene = ChartRenderer.scene(for: notebook.session, on: ChannelTests.target)
        // Two lines, one colour, solid both.
        #expect(scene.layers.count == 2)
        #expect(Set(scene.layers.map(\.color)).count == 1)
        let legend = scene.texts.filter { $0.role == .legend }.map(\.text)
        #expect(legend == ["━", "v"] || legend.filter { $0 == "v" }.count == 1)
        #expect(!legend.contains("a") && !legend.contains("b"))
        // Selecting names each group's value.
        #expect(Self.run("select x=2", &notebook) == "")
        let readout = ChartRenderer.scene(for: notebook.session, on: ChannelTests.target).texts
            .filter { $0.role == .readout }.map(\.text).joined()
        #expect(readout.contains("a 12") && readout.contains("b 18"), "\(readout)")
        // Vega-Lite: a detail channel, no colour field.
        let layer = try #require(
            (try Self.spec(notebook.session)["layer"] as? [[String: Any]])?.first)
        let encoding = try #require(layer["encoding"] as? [String: Any])
        #expect((encoding["detail"] as? [String: Any])?["field"] as? String == "host")
        #expect(encoding["color"] == nil && encoding["strokeDash"] == nil)
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("detail=host") && !saved.contains("by=host"))
        var replayed = Notebook()
        #expect(Self.run(saved, &replayed) == "")
        #expect(replayed.session.plots == notebook.session.plots)
    }

    @Test(arguments: ["line h.v x=t", "area h.v x=t", "bar h.v x=t", "histogram h.v", "box h.v"])
    func aColourFromAColumnIsByThatColumn(plot: String) {
        var coloured = Notebook(), grouped = Notebook()
        #expect(Self.run("load h.csv as h\nadd plot \(plot) color=host", &coloured) == "")
        #expect(Self.run("load h.csv as h\nadd plot \(plot) by=host", &grouped) == "")
        #expect(coloured.session.plots == grouped.session.plots)
        #expect(coloured.session.plots.first?.binding.by == "host")
        let target = ChannelTests.target
        #expect(
            ChartRenderer.text(for: coloured.session, on: target)
                == ChartRenderer.text(for: grouped.session, on: target))
    }

    @Test func refusedWithTheReasonAndNothingChanges() {
        var notebook = Notebook()
        #expect(
            Self.run("load h.csv as h\nload p.csv as p\nadd plot line h.v x=t", &notebook) == "")
        let before = notebook.session
        for (line, expected) in [
            ("add plot line h.v as w x=t color=host by=t", "one column does"),
            ("add plot line h.v as w x=t detail=host by=t", "one column does"),
            ("add plot line h.v as w x=t color=hots", "did you mean 'host'?"),
            ("add plot line h.v as w x=t color=#12345", "invalid color '#12345'"),
            ("add plot dot p.y as w x=x opacity=region", "a column of numbers"),
            ("add plot dot p.y as w x=x opacity=1.5", "opacity"),
            ("add plot dot p.y as w x=x opacity=year agg=mean", "reads each row"),
            ("add plot bar p.y as w x=x detail=region", "unknown option 'detail'"),
        ] {
            let diagnostic = Self.run(line, &notebook)
            #expect(diagnostic.contains(expected), "\(line): \(diagnostic)")
            #expect(notebook.session == before)
        }
    }

    /// −0 and 0 read as one text ("0", as `where=g=0` keeps both): one group of `by=` (and
    /// one key of every grouping), not two groups named alike of which one lost its rows.
    @Test func minusZeroAndZeroAreOneGroup() throws {
        var notebook = Notebook()
        let script = "load z.csv as z\nadd plot line z.v x=t by=g"
        let text = ScriptedSession.run(
            script, files: ["/work/z.csv": "t,g,v\n1,-0,1\n2,0,2\n3,1,3\n4,-0,4\n5,0,5\n"],
            &notebook)
        #expect(text == "")
        let scene = ChartRenderer.scene(for: notebook.session, on: ChannelTests.target)
        let points = scene.layers.map { layer -> Int in
            guard case .polyline(let runs) = layer.marks else { return -1 }
            return runs.map(\.count).reduce(0, +)
        }
        #expect(points == [4, 1], "\(points)")
    }
}
