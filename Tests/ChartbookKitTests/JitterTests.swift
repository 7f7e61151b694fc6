import ChartbookModel
import ChartbookScene
import ChartbookVegaLite
import Foundation
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// `jitter=W` on dot plots (issue 50): each row moved by (frac((r + 1)·φ⁻¹) − ½)·W slots,
/// written out here; the scene's dots are there, the axis reaches half a slot beyond the
/// ends, Vega-Lite computes the same offsets, and a script replays to the same chart.
@Suite struct JitterTests {
    /// Twelve rows on four x values (three each), a category column beside.
    static let file =
        "x,v,c\n"
        + (0..<12).map { "\($0 % 4 * 10),\(Double($0) * 1.5),\(["a", "b", "c"][$0 % 3])" }
        .joined(separator: "\n") + "\n"

    static func run(_ script: String, _ notebook: inout Notebook) -> String {
        ScriptedSession.run(script, files: ["/work/d.csv": file], &notebook)
    }

    @Test func offsetsAreTheGoldenRatioSequence() {
        let phi = (5.0.squareRoot() - 1) / 2
        for row in 0..<1000 {
            let t = Double(row + 1) * phi
            let expected = (t - floor(t) - 0.5) * 0.8
            #expect(abs(Jitter.offset(row: row, width: 0.8) - expected) < 1e-12)
            #expect(abs(Jitter.offset(row: row, width: 0.8)) < 0.4)
        }
        // Spread evenly: each tenth of the slot holds about a tenth of 1000 rows.
        var counts = [Int](repeating: 0, count: 10)
        for row in 0..<1000 { counts[Int((Jitter.offset(row: row, width: 1) + 0.5) * 10)] += 1 }
        #expect(counts.allSatisfy { (95...105).contains($0) })
    }

    @Test func dotsStandWhereTheFormulaPutsThem() throws {
        var plain = Notebook(), jittered = Notebook()
        #expect(Self.run("load d.csv as d\nadd plot dot d.v x=x", &plain) == "")
        #expect(Self.run("load d.csv as d\nadd plot dot d.v x=x jitter=0.5", &jittered) == "")
        let target = TerminalTarget(columns: 100, rows: 30, colorMode: .none)
        let a = ChartRenderer.scene(for: plain.session, on: target)
        let b = ChartRenderer.scene(for: jittered.session, on: target)
        guard case .markers(let still, _)? = a.layers.first?.marks,
            case .markers(let moved, _)? = b.layers.first?.marks
        else {
            Issue.record("no markers")
            return
        }
        #expect(still.count == 12 && moved.count == 12)
        // The axis reaches half a slot (5) beyond 0 and 30 with jitter: the same dots land
        // on other columns; each moved by its row's offset of one slot (10 units).
        let domain = try #require(b.xDomain), affine = try #require(b.xAffine)
        #expect(domain.lowerBound <= -5 + 1e-9 && domain.upperBound >= 35 - 1e-9)
        #expect(try #require(a.xDomain).lowerBound > -5)
        for (row, dot) in moved.enumerated() {
            let x = Double(row % 4 * 10) + Jitter.offset(row: row, width: 0.5) * 10
            #expect(abs(Double(dot.x) - (affine.offset + affine.scale * x)) <= 1.01, "row \(row)")
        }
    }

    @Test func savedReplayedAndExported() throws {
        var notebook = Notebook()
        #expect(Self.run("load d.csv as d\nadd plot dot d.v as p x=c jitter=0.7", &notebook) == "")
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("jitter=0.7"))
        var replayed = Notebook()
        #expect(Self.run(saved, &replayed) == "")
        #expect(replayed.session.plots == notebook.session.plots)
        let layer = try #require(vegaLiteLayers(notebook.session).first)
        #expect(layer["encoding"]?["xOffset"]?["field"] == "_jitter")
        #expect(layer.text().contains(Jitter.vegaExpression(rowField: "_row", width: 0.7)))
        #expect(Self.run("set plot p jitter=off", &notebook) == "")
        #expect(notebook.session.plots.first?.style.marker.jitter == 0)
        #expect(Self.run("set plot p jitter=2", &notebook).contains("at most 1"))
    }
}
