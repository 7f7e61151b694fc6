import ChartbookModel
import ChartbookData
import ChartbookScene
import ChartbookTerminal

public func smoke() -> String {
    var s = Session()
    s.datasets.append(DataGenerator.dataset(named: "w", generator: Generator(kind: .walk, count: 200, seed: 1)))
    s.datasets.append(Dataset(name: "m", columns: [Column(name: "v", numbers: [3, -1, 4, 1, -5, 9, 2, 6])], labels: ["Jan","Feb","Mar","Apr","May","Jun","Jul","Aug"], source: .inline))
    s.plots.append(Plot(id: "value", kind: .line, series: SeriesReference(dataset: "w", column: "value"), style: PlotStyle()))
    s.markedLines.append(MarkedLine(id: "r1", value: .constant(0), label: "zero"))
    s.selection = .index(10)
    s.output.title = "Random walk"
    let layout = ChartLayout(columns: 70, rows: 18, dots: DotDensity(x: 2, y: 4))
    var out = ANSIWriter(mode: .none).write(TerminalRenderer(canvas: .braille).render(layout.scene(for: s)))
    var b = Session()
    b.datasets = s.datasets
    b.plots.append(Plot(id: "v", kind: .bar, series: SeriesReference(dataset: "m", column: "v"), style: PlotStyle()))
    b.plots.append(Plot(id: "v2", kind: .line, series: SeriesReference(dataset: "m", column: "v"), style: PlotStyle(lineStyle: .smooth), paletteSlot: 1))
    out += ANSIWriter(mode: .none).write(TerminalRenderer(canvas: .braille).render(layout.scene(for: b)))
    return out
}
