import ChartbookModel
import ChartbookScene
import ChartbookVegaLite
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// A page of several charts (issue 29): `add panel`, `panel N`, `remove panel`, `set layout`
/// — each panel its own plots, axes, view and title over the shared datasets.
@Suite struct PanelTests {
    static let file = """
        t,v,g
        2024-01-01,1,a
        2024-01-02,3,b
        2024-01-03,2,a
        2024-01-04,5,b

        """
    static let files = InMemoryFiles(["/work/d.csv": file])
    static let target = TerminalTarget(columns: 100, rows: 30, colorMode: .none)
    static let page = """
        load d.csv as d
        add plot line d.v
        set title "line"
        add panel
        add plot histogram d.v
        set title "spread"
        add panel
        add plot bar d.v x=g agg=sum
        """

    @Test func eachPanelIsAChartOfItsOwn() throws {
        let s = sessionAfter(Self.page, files: Self.files)
        #expect(s.panels.count == 3 && s.currentPanel == 2)
        // The current panel's chart is the session's own; its slot an empty placeholder.
        #expect(s.panels[2] == ChartPanel())
        #expect(s.plots.map(\.kind) == [.bar])
        #expect(s.panel(0).plots.map(\.kind) == [.line])
        #expect(s.panel(1).output.title == "spread")
        // The other panels' computed tables are made too.
        #expect(s.panel(2).plots.first?.drawn != nil)
        let scene = ChartRenderer.scene(for: s, on: Self.target)
        #expect(scene.panels.count == 3)
        let titles = scene.panels.map { $0.scene.texts.first { $0.role == .title }?.text }
        #expect(titles == ["line", "spread", nil])
        // `panel 1` makes the first current; the rest keep their charts.
        let back = sessionAfter(Self.page + "\npanel 1\nset title \"first\"", files: Self.files)
        #expect(back.currentPanel == 0 && back.plots.map(\.kind) == [.line])
        #expect(back.panel(0).output.title == "first" && back.panel(2).plots.map(\.kind) == [.bar])
    }

    /// Issue 54: at 80×22 a faceted chart beside another had no room for its own panels
    /// (it said how big it must be); the page stacks the two so the facets fit.
    @Test func aFacetedPanelGetsRoomForItsFacets() {
        let script =
            "load d.csv as d\nadd plot line d.v facet=g\nadd panel\nadd plot bar d.v x=g agg=sum"
        let files = InMemoryFiles([
            "/work/d.csv": Self.file + "2024-01-05,4,c\n2024-01-06,2,c\n"
        ])
        let page = ChartRenderer.scene(
            for: sessionAfter(script, files: files),
            on: TerminalTarget(columns: 80, rows: 22, colorMode: .none))
        #expect(page.panels.count == 2 && Set(page.panels.map(\.column)) == [0])
        let faceted = page.panels.first?.scene
        #expect(faceted?.panels.count == 3)
        #expect(faceted?.texts.contains { $0.text.contains("panels need") } == false)
    }

    @Test func layoutPlacesThePanels() {
        let across = ChartRenderer.scene(
            for: sessionAfter(Self.page + "\nset layout 3x1", files: Self.files), on: Self.target)
        #expect(Set(across.panels.map(\.row)).count == 1)
        let down = ChartRenderer.scene(
            for: sessionAfter(Self.page + "\nset layout 1x3", files: Self.files), on: Self.target)
        #expect(Set(down.panels.map(\.column)).count == 1)
        #expect(down.panels.map(\.row) == down.panels.map(\.row).sorted())
    }

    @Test func removingAPanelMakesTheOneBeforeItCurrent() {
        let two = sessionAfter(Self.page + "\nremove panel 2", files: Self.files)
        #expect(two.panels.count == 2 && two.currentPanel == 0)
        #expect(two.plots.map(\.kind) == [.line] && two.panel(1).plots.map(\.kind) == [.bar])
        // One left: a chart of its own again, no panels.
        let one = sessionAfter(Self.page + "\nremove panel 2\nremove panel", files: Self.files)
        #expect(one.panels.isEmpty && one.plots.map(\.kind) == [.bar])
    }

    @Test(arguments: [
        ("panel 4", "panel 4 does not exist: the page has 3"),
        ("set layout 2x1", "the layout 2x1 holds 2 panels; the page has 3"),
        ("drop d", "is used by"),
        ("set size 40x12", "3 panels need at least 50x16 cells; the chart is 40x12"),
    ])
    func refusedWithTheReason(_ command: String, _ said: String) {
        let before = sessionAfter(Self.page, files: Self.files)
        let run = ScriptRun(Self.page + "\n" + command, files: Self.files)
        #expect(run.failed)
        #expect(run.diagnostics.contains(said), "\(run.diagnostics)")
        #expect(run.session == before)
    }

    @Test func dropForcedTakesItsPlotsOffEveryPanel() {
        let s = sessionAfter(Self.page + "\ndrop d force", files: Self.files)
        #expect(s.plotsOfEveryPanel.isEmpty && s.datasets.isEmpty)
    }

    @Test func savedScriptsRebuildThePage() {
        let s = sessionAfter(Self.page + "\nset layout 1x3\npanel 2", files: Self.files)
        let text = SessionScript.text(for: s, scriptDirectory: "/work")
        #expect(text.components(separatedBy: "\nadd panel\n").count == 3)
        #expect(text.contains("set layout 1x3\npanel 2\n"))
        let replayed = sessionAfter(text, files: Self.files)
        #expect(replayed == s)
    }

    /// Vega-Lite: a `concat` of the panels, each its own spec, their computed tables named
    /// apart (plot ids may repeat across panels).
    @Test func vegaLiteConcatenatesThePanels() {
        let s = sessionAfter(
            Self.page
                + "\nadd panel\nadd plot line d.v x=t rolling=2d\nadd panel\nadd plot line d.v x=t rolling=2d",
            files: Self.files)
        let json = VegaLiteSpec(session: s).json
        guard case .array(let panels)? = json["concat"],
            case .object(let tables)? = json["datasets"]
        else {
            Issue.record("no concat or datasets")
            return
        }
        #expect(panels.count == 5)
        #expect(panels.map { $0["title"] } == ["line", "spread", nil, nil, nil])
        let names = tables.map(\.key)
        #expect(names.contains("panel4_v_drawn") && names.contains("panel5_v_drawn"))
        #expect(Set(names).count == names.count)
    }

    /// `scroll` pages by the current panel's width.
    @Test func scrollingPagesByTheCurrentPanelsWidth() {
        let s = sessionAfter(Self.page + "\npanel 1", files: Self.files)
        let scene = ChartRenderer.scene(for: s, on: Self.target)
        #expect(
            ChartRenderer.plotWidth(of: s, on: Self.target)
                == scene.panels[0].scene.plotArea.width)
    }

    /// `set link x`: `view`, `scroll` and `select x=` change every panel on the current
    /// panel's kind of x axis; without it, the current panel only.
    @Test func linkedPanelsViewAndSelectTogether() {
        let two = """
            load d.csv as d
            add plot line d.v x=t
            add panel
            add plot line d.v x=t where=g=a
            add panel
            add plot histogram d.v
            """
        let view = "\nview 2024-01-02..2024-01-03\nselect x=2024-01-02"
        let alone = sessionAfter(two + "\npanel 2" + view, files: Self.files)
        #expect(alone.view.xInterval != nil && alone.panel(0).view.xInterval == nil)
        let linked = sessionAfter(two + "\npanel 2\nset link x" + view, files: Self.files)
        #expect(linked.view.xInterval != nil)
        #expect(linked.panel(0).view.xInterval == linked.view.xInterval)
        #expect(linked.panel(0).selection == linked.selection)
        // The histogram's x is its values, not times: not linked.
        #expect(linked.panel(2).view.xInterval == nil && linked.panel(2).selection == nil)
        #expect(SessionScript.text(for: linked, scriptDirectory: "/work").contains("set link x\n"))
    }
}
