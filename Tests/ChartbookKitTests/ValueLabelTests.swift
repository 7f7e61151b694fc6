import Testing
import ChartbookCommands
import ChartbookData
import ChartbookModel
import ChartbookScene
@testable import ChartbookKit

/// Issue 11, value labels: placed so they never overlap each other, a bar they do not belong
/// to, or the edges of the plot area; the ones that cannot fit are left out.
@Suite struct ValueLabelTests {
    /// Random bars (plain, grouped, stacked, with negatives), dots and histograms at random
    /// sizes: every label is inside the area, on cells no other label takes nor touches, and a label
    /// outside its bar is on no bar's cells.
    @Test func labelsNeverOverlap() {
        var random = RandomSource(seed: 11)
        let kinds = ["bar", "stacked", "dot", "grouped", "histogram", "line"]
        var placed = 0
        for round in 0..<120 {
            let count = 2 + Int(random.next() % 30)
            let values = { (0..<count).map { _ in String(Int(random.next() % 200) - 60) } }
            let a = values().joined(separator: " "), b = values().joined(separator: " ")
            let kind = kinds[round % kinds.count]
            let labels = ["on", "percent"][Int(random.next() % 2)]
            let s = sessionAfter(
                """
                data a = \(a); data b = \(b)
                add plot \(kind) a labels=\(labels); add plot \(kind) b labels=\(labels)
                """)
            let columns = 20 + Int(random.next() % 100), rows = 8 + Int(random.next() % 30)
            let scene = ChartLayout(columns: columns, rows: rows, dots: DotDensity(x: 2, y: 4))
                .scene(for: s)
            placed += check(scene, "\(kind) \(columns)x\(rows)")
        }
        #expect(placed > 500, "labels placed: \(placed)")
    }

    /// Returns how many labels the scene has, recording any that break the rules.
    func check(_ scene: Scene, _ context: String) -> Int {
        let area = scene.plotArea
        var taken = Set<[Int]>()
        var barCells = Set<[Int]>()
        for layer in scene.layers {
            guard case .bars(let bars) = layer.marks else { continue }
            for bar in bars {
                let columns = Int(bar.x0.rounded(.down))..<Int(bar.x1.rounded(.up))
                let rows =
                    Int(
                        min(bar.top, bar.base).rounded(.down))..<Int(
                        max(bar.top, bar.base).rounded(.up))
                for column in columns { for row in rows { barCells.insert([column, row]) } }
            }
        }
        let labels = scene.texts.filter { $0.role == .valueLabel }
        for label in labels {
            let width = TextMetrics.width(of: label.text)
            let row = label.row - area.row
            #expect(row >= 0 && row < area.height, "\(context): \(label.text) off the area")
            #expect(
                label.column >= area.column && label.column + width <= area.column + area.width,
                "\(context): \(label.text) past the area's side")
            let first = label.column - area.column
            // A blank cell between labels on a row.
            #expect(!taken.contains([first - 1, row]), "\(context): labels touch")
            #expect(!taken.contains([first + width, row]), "\(context): labels touch")
            for column in first..<(first + width) {
                #expect(taken.insert([column, row]).inserted, "\(context): overlap")
                if label.background == nil {
                    #expect(!barCells.contains([column, row]), "\(context): on a bar")
                }
            }
        }
        return labels.count
    }

    /// Where there is no room above a bar, its value goes just inside its end, on its colour.
    @Test func aFullHeightBarIsLabelledInside() {
        let s = sessionAfter("data a = 10 4; add plot bar a labels=on; set range 0..10")
        let scene = ChartLayout(columns: 40, rows: 12, dots: DotDensity(x: 2, y: 4))
            .scene(for: s)
        let labels = scene.texts.filter { $0.role == .valueLabel }
        #expect(labels.map(\.text).sorted() == ["10", "4"])
        let top = labels.first { $0.text == "10" }
        // The first row the bar fills whole (the top row holds its partial end).
        #expect(top?.background != nil && top?.row == scene.plotArea.row + 1)
        #expect(labels.first { $0.text == "4" }?.background == nil)
    }
}
