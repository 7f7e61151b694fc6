import ChartbookModel
import ChartbookScene
import ChartbookVegaLite
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// `facet=` (issue 29): small multiples — one panel per value (or a grid of two columns),
/// shared or free ranges, one legend, the same panels in every output.
@Suite struct FacetTests {
    static let file = """
        kind,site,x,y
        a,n,1,10
        b,n,2,20
        a,s,3,30
        c,s,4,400
        b,s,5,
        a,n,6,60

        """
    static let files = InMemoryFiles(["/work/f.csv": file])
    static let target = TerminalTarget(columns: 100, rows: 30, colorMode: .none)

    func scene(_ script: String) -> Scene {
        ChartRenderer.scene(for: sessionAfter(script, files: Self.files), on: Self.target)
    }

    /// Every row a faceted plot keeps is in exactly one panel, the one of its values; a
    /// plot without `facet=` keeps its rows in every panel. Checked on generated tables.
    @Test func panelsPartitionTheRows() throws {
        var generator = SystemRandomNumberGenerator()
        for trial in 0..<40 {
            let rows = Int.random(in: 1...60, using: &generator)
            let letters = ["p", "q", "r", ""]
            // (A first row that `where=v>3` keeps: a filter keeping no row is refused.)
            var text = "g,h,v,w\np,q,9,1\n"
            for _ in 0..<rows {
                let g = letters.randomElement(using: &generator) ?? ""
                let h = letters.prefix(2).randomElement(using: &generator) ?? ""
                text += "\(g),\(h),\(Int.random(in: 0...9, using: &generator)),1\n"
            }
            let grid = trial % 2 == 0
            let filter = trial % 3 == 0 ? " where=v>3" : ""
            let session = sessionAfter(
                "load t.csv as t\nadd plot dot t.v facet=\(grid ? "h~g" : "g")\(filter)\nadd plot line t.w",
                files: InMemoryFiles(["/work/t.csv": text]))
            let faceted = try #require(session.plots.first)
            let plain = try #require(session.plots.last)
            let table = try #require(session.dataset(named: "t"))
            let kept = session.rowsKept(by: faceted) ?? Array(repeating: true, count: table.count)
            var seen = Array(repeating: 0, count: table.count)
            // The partition the page draws from holds, per panel, exactly those rows.
            let partition = try #require(session.facetPartition()[faceted.id])
            #expect(partition.count == session.facetKeys.count)
            for (index, key) in session.facetKeys.enumerated() {
                let keep = try #require(session.rowsKept(by: faceted, in: key))
                #expect(partition[index] == keep.indices.filter { keep[$0] }, "trial \(trial)")
                for row in keep.indices where keep[row] {
                    seen[row] += 1
                    #expect(table.column(named: "g")?.text(at: row) == key.column)
                    if grid { #expect(table.column(named: "h")?.text(at: row) == key.row) }
                }
                #expect(session.rowsKept(by: plain, in: key) == nil)
            }
            #expect(seen == kept.map { $0 ? 1 : 0 }, "trial \(trial): \(text)")
        }
    }

    @Test func panelsInOrderOfFirstAppearanceTitledWithTheirValues() {
        let page = scene("load f.csv as f\nadd plot dot f.y x=x facet=kind")
        #expect(page.panels.count == 3)
        #expect(page.plotArea.isEmpty)
        let titles = page.panels.map { panel in
            panel.scene.texts.first { $0.role == .title }?.text
        }
        #expect(titles == ["kind = a", "kind = b", "kind = c"])
        // A grid: every row value with every column value, the row's first.
        let grid = scene("load f.csv as f\nadd plot dot f.y x=x facet=site~kind")
        #expect(grid.panels.count == 6)
        #expect(
            grid.panels.map { $0.scene.texts.first { $0.role == .title }?.text } == [
                "n · a", "n · b", "n · c", "s · a", "s · b", "s · c",
            ])
        #expect(Set(grid.panels.map(\.row)).count == 2 && Set(grid.panels.map(\.column)).count == 3)
    }

    @Test func sharedRangesByDefaultFreeOnRequest() {
        let shared = scene("load f.csv as f\nadd plot dot f.y x=x facet=kind")
        #expect(Set(shared.panels.map(\.scene.yRange)).count == 1)
        #expect(Set(shared.panels.compactMap(\.scene.xDomain)).count == 1)
        #expect(shared.panels.allSatisfy { $0.scene.yRange.upperBound >= 400 })
        let free = scene("load f.csv as f\nadd plot dot f.y x=x facet=kind\nset facetscales free")
        #expect(Set(free.panels.map(\.scene.yRange)).count == 3)
        #expect(Set(free.panels.compactMap(\.scene.xDomain)).count == 3)
        let freeY = scene(
            "load f.csv as f\nadd plot dot f.y x=x facet=kind\nset facetscales free-y")
        #expect(Set(freeY.panels.compactMap(\.scene.xDomain)).count == 1)
        #expect(Set(freeY.panels.map(\.scene.yRange)).count == 3)
    }

    /// One legend for the page; a `by=` group has its colour in every panel, also where
    /// the panel lacks the groups before it.
    @Test func oneLegendAndGroupsColouredAlike() {
        let page = scene("load f.csv as f\nadd plot dot f.y x=x by=kind facet=site")
        #expect(page.texts.filter { $0.role == .legend }.map(\.text).contains("c"))
        #expect(page.panels.allSatisfy { !$0.scene.texts.contains { $0.role == .legend } })
        let session = sessionAfter(
            "load f.csv as f\nadd plot dot f.y x=x by=kind facet=site", files: Self.files)
        let plot = session.plots[0]
        // Site s holds a, c, b; site n a and b: c is the third group everywhere.
        let south = page.panels[1].scene.layers.map(\.color)
        #expect(south.contains(plot.color(ofGroup: 2)))
        let north = page.panels[0].scene.layers.map(\.color)
        #expect(north == [plot.color(ofGroup: 0), plot.color(ofGroup: 1)])
    }

    /// A page too small for its panels says what it needs (a window may shrink), and a
    /// fixed size that cannot hold them is refused, the session unchanged.
    @Test func tooSmallAPageSaysTheSizeItNeeds() {
        let small = ChartRenderer.text(
            for: sessionAfter(
                "load f.csv as f\nadd plot dot f.y x=x facet=kind", files: Self.files),
            on: TerminalTarget(columns: 40, rows: 12, colorMode: .none))
        #expect(small.contains("3 panels need 50×17 cells"), "\(small)")
        #expect(small.contains("a larger window, or fewer (where=)"))
        let run = ScriptRun(
            "load f.csv as f\nset size 40x12\nadd plot dot f.y x=x facet=kind", files: Self.files)
        #expect(run.failed)
        #expect(
            run.diagnostics.contains("3 panels need at least 50x17 cells; the chart is 40x12"),
            "\(run.diagnostics)")
        #expect(run.session.plots.isEmpty)
    }

    @Test(arguments: [
        (
            "add plot dot f.y x=x facet=kind\nadd plot line f.y as z x=x facet=site",
            "plot 'z' has facet=site and plot 'y' facet=kind"
        ),
        ("add plot dot f.y x=x facet=nope", "unknown column 'nope'"),
        ("add plot dot f.y x=x facet=a~b~c", "invalid facet 'a~b~c'"),
    ])
    func refusedWithTheReason(_ script: String, _ said: String) {
        let run = ScriptRun("load f.csv as f\nset size 200x80\n" + script, files: Self.files)
        #expect(run.failed)
        #expect(run.diagnostics.contains(said), "\(run.diagnostics)")
    }

    /// A faceted plot's transforms are computed per panel: each panel draws what the same
    /// plot with its panel's `where=` draws alone (sums by x, bins resolved over all rows).
    @Test func transformsAreComputedPerPanel() throws {
        let text = """
            kind,x,y
            a,1,10
            b,1,20
            a,1,30
            b,2,5
            a,2,7
            a,3,1

            """
        let files = InMemoryFiles(["/work/t.csv": text])
        let page = sessionAfter(
            "load t.csv as t\nadd plot bar t.y x=x agg=sum facet=kind", files: files)
        let table = try #require(page.plots.first?.drawn?.table)
        #expect(table.column(named: "kind") != nil)
        for (index, kind) in ["a", "b"].enumerated() {
            let alone = sessionAfter(
                "load t.csv as t\nadd plot bar t.y x=x agg=sum where=kind=\(kind)", files: files)
            let own = try #require(alone.plots.first?.drawn)
            let rows = try #require(page.facetPartition()[page.plots[0].id])[index]
            #expect(
                rows.map { table.column(named: "y")?.numbers?[$0] } == own.table.column(named: "y")?
                    .numbers ?? [])
            #expect(
                rows.map { table.column(named: "x")?.numbers?[$0] } == own.table.column(named: "x")?
                    .numbers ?? [])
        }
        let scene = ChartRenderer.scene(for: page, on: Self.target)
        guard case .bars(let a)? = scene.panels[0].scene.layers.first?.marks,
            case .bars(let b)? = scene.panels[1].scene.layers.first?.marks
        else {
            Issue.record("no bars")
            return
        }
        #expect(a.count == 3 && b.count == 2)
    }

    @Test func tooManyPanelsRefusedWithAHint() {
        let rows = (0..<40).map { "k\($0),\($0)" }.joined(separator: "\n")
        let run = ScriptRun(
            "load m.csv as m\nadd plot dot m.v facet=k",
            files: InMemoryFiles(["/work/m.csv": "k,v\n" + rows + "\n"]))
        #expect(run.diagnostics.contains("makes 40 panels; a page holds at most 36"))
        #expect(run.diagnostics.contains("facet by a column with fewer values"))
        #expect(run.session.plots.isEmpty)
    }

    @Test func savedScriptsKeepTheFacetAndItsScales() {
        let session = sessionAfter(
            "load f.csv as f\nadd plot dot f.y x=x facet=site~kind\nset facetscales free-x",
            files: Self.files)
        let text = SessionScript.text(for: session, scriptDirectory: "/work")
        #expect(text.contains("facet=site~kind"))
        #expect(text.contains("set facetscales free-x"))
        #expect(sessionAfter(text, files: Self.files).plots == session.plots)
        // facet=none takes it off.
        let off = sessionAfter(
            "load f.csv as f\nadd plot dot f.y x=x facet=kind\nset plot y facet=none",
            files: Self.files)
        #expect(off.facet == nil)
    }

    /// Vega-Lite: a `concat` of the same panels, in the same order and number a row, each
    /// faceted layer keeping its panel's rows; the scales resolved as `set facetscales` says.
    @Test func vegaLiteConcatenatesThePanels() throws {
        let session = sessionAfter(
            "load f.csv as f\nadd plot dot f.y x=x facet=kind\nset facetscales free-y",
            files: Self.files)
        var spec = VegaLiteSpec(session: session)
        spec.facetColumns = 2
        let json = spec.json
        guard case .array(let panels)? = json["concat"] else {
            Issue.record("no concat")
            return
        }
        #expect(panels.count == 3)
        #expect(json["columns"] == .number(2))
        #expect(json["resolve"]?["scale"]?["x"] == .string("shared"))
        #expect(json["resolve"]?["scale"]?["y"] == .string("independent"))
        #expect(panels.map { $0["title"] } == ["kind = a", "kind = b", "kind = c"])
        guard case .array(let layers)? = panels[1]["layer"],
            case .array(let transforms)? = layers.first?["transform"]
        else {
            Issue.record("no layer transforms")
            return
        }
        #expect(transforms.contains(.object(["filter": .object(["field": "kind", "equal": "b"])])))
    }
}
