import Testing
import ChartbookCommands
import ChartbookModel
import ChartbookScene
@testable import ChartbookKit

/// Issue 11, "also wrong today": fixed ahead of the new kinds.
@Suite struct BarAndSparklineFixesTests {

    /// The ascii canvas drew bar bodies with `█`.
    @Test func asciiBarsArePureASCII() {
        var s = sessionAfter("data a = 1 -2 3; add plot bar a")
        s.output.canvas = .ascii
        let text = ChartRenderer.text(
            for: s, on: TerminalTarget(columns: 40, rows: 10, colorMode: .none))
        #expect(text.unicodeScalars.allSatisfy { $0.isASCII })
        #expect(text.contains("#"))
    }

    /// zero=on widened a sparkline's range to zero instead of drawing the line when in range.
    @Test func sparklineZeroDoesNotWidenTheRange() {
        let s = sessionAfter("data cpu = 40 42 41 45 39 50; add plot sparkline cpu zero=on")
        let scene = ChartLayout(columns: 50, rows: 4, dots: DotDensity(x: 2, y: 4)).scene(for: s)
        #expect(scene.sparklines.first?.yRange == 39...50)
        #expect(scene.sparklines.first?.rules.isEmpty == true)
    }

    /// A sparkline-only session filled the window with blank rows.
    @Test func sparklineDashboardIsAsTallAsItsStrips() {
        let s = sessionAfter(
            "data a = 1 2 3; data b = 3 2 1; add plot sparkline a; add plot sparkline b height=2")
        let size = ChartRenderer.size(
            of: s, on: TerminalTarget(columns: 60, rows: 30, colorMode: .none))
        #expect(size.rows == 3)
    }
}

@Suite struct TouchingBarsTests {
    /// width=1 looked like the default in the terminal: now the bars fill their slots.
    @Test func fullWidthBarsTouch() {
        let session = sessionAfter("data a = 3 3 3 3 3 3 3; add plot bar a width=1")
        let grid = ChartRenderer.grid(
            for: session, on: TerminalTarget(columns: 40, rows: 8, colorMode: .none))
        let bottom = grid.lines[grid.lines.count - 3]  // the row above the axis
        let body = bottom.drop { $0 != "█" }.reversed().drop { $0 != "█" }
        #expect(!body.isEmpty && body.allSatisfy { $0 == "█" }, "\(bottom)")
    }
}

@Suite struct VectorBarsTests {
    /// SVG drew 94 of 120 monthly bars (one per cell column); it draws each bar at least a
    /// pixel wide where it is, and from the zero line exactly.
    @Test func everyBarIsDrawnFromZero() {
        let session = sessionAfter("gen m walk 120 seed=3; add plot bar m")
        let target = TerminalTarget(columns: 100, rows: 20, colorMode: .none)
        let svg = SVGExporter.svg(for: session, on: target)
        let group = svg.components(separatedBy: "<g id=\"plot-m\"").last ?? ""
        let bars = group.components(separatedBy: "</g>").first ?? ""
        // (The walk starts at 0: that bar has no height to draw.)
        #expect(bars.components(separatedBy: "<rect").count - 1 == 119)
        // The terminal still keeps one bar per cell column.
        let scene = ChartRenderer.scene(for: session, on: target)
        guard case .bars(let cells) = scene.layers.first?.marks else {
            Issue.record("no bars")
            return
        }
        #expect(cells.count < 120)
    }
}

@Suite struct GroupedBarsTests {
    /// Several bar plots overdrew each other in one slot (and read as a wrong stacked chart):
    /// they now stand side by side, never overlapping, in the terminal and in SVG.
    @Test(arguments: [false, true])
    func barPlotsShareTheirSlots(vector: Bool) {
        let session = sessionAfter(
            "data a = 5 6 7 8; data b = 3 4 5 6; add plot bar a; add plot bar b")
        var layout = ChartLayout(
            columns: 60, rows: 12, dots: DotDensity(x: vector ? 8 : 2, y: vector ? 16 : 4))
        layout.vectorBars = vector
        let scene = layout.scene(for: session)
        guard case .bars(let a) = scene.layers[0].marks, case .bars(let b) = scene.layers[1].marks
        else {
            Issue.record("no bars")
            return
        }
        #expect(a.count == 4 && b.count == 4)
        for (x, y) in zip(a, b) {
            #expect(
                x.x1 <= y.x0 + 1e-9,
                "bars of one slot overlap: \(x.x0)..\(x.x1) and \(y.x0)..\(y.x1)")
        }
    }
}

@Suite struct EvenBarsTests {
    /// Gaps alternated 1 and 2 cells and some neighbouring bars fused.
    @Test(arguments: [40, 57, 60, 83])
    func everyBarHasTheSameWidthAndGap(columns: Int) {
        let session = sessionAfter("data a = 5 5 5 5 5 5 5 5 5 5 5 5; add plot bar a")
        let grid = ChartRenderer.grid(
            for: session, on: TerminalTarget(columns: columns, rows: 10, colorMode: .none))
        let row = Array(grid.lines[grid.lines.count - 4])
        var runs = [(Character, Int)]()
        for c in row {
            if let last = runs.last, (last.0 == "█") == (c == "█") {
                runs[runs.count - 1].1 += 1
            } else {
                runs.append((c, 1))
            }
        }
        let bars = runs.filter { $0.0 == "█" }.map(\.1)
        let inner = runs.dropFirst().dropLast().filter { $0.0 != "█" }.map(\.1)
        #expect(bars.count == 12, "\(String(row))")
        #expect(Set(bars).count == 1 && Set(inner).count <= 1, "\(String(row))")
    }
}

/// Issue 31: stacked parts narrower than a cell kept neither their place on the parts below
/// nor their pattern: they were drawn from zero, behind the first part.
@Suite struct NarrowStackedBarsTests {
    @Test func narrowStackedPartsStandOnThePartsBelow() {
        let a = (0..<90).map { _ in "5" }.joined(separator: " ")
        let b = (0..<90).map { _ in "2" }.joined(separator: " ")
        let session = sessionAfter(
            "data a = \(a)\ndata b = \(b)\nadd plot stacked a\nadd plot stacked b")
        let scene = ChartRenderer.scene(
            for: session, on: TerminalTarget(columns: 50, rows: 12, colorMode: .none))
        guard let layer = scene.layers.first(where: { $0.plotID == "b" }),
            case .bars(let bars) = layer.marks
        else {
            Issue.record("no bars for b")
            return
        }
        #expect(!bars.isEmpty)
        #expect(bars.allSatisfy { $0.floating })
        #expect(layer.pattern != nil)
    }
}
