import Foundation
import Testing
import ChartbookModel
import ChartbookScene
@testable import ChartbookSVG

@Suite struct SVGTests {
    func session(_ values: [Double], kind: Plot.Kind = .line, labels: [String]? = nil) -> Session {
        var s = Session()
        s.datasets = [
            Dataset(
                name: "d", columns: [Column(name: "d", numbers: values)], labels: labels,
                source: .inline)
        ]
        s.plots = [
            Plot(
                id: "d", kind: kind, series: SeriesReference(dataset: "d", column: "d"),
                style: PlotStyle())
        ]
        return s
    }

    func render(_ s: Session, columns: Int = 40, rows: Int = 12) -> String {
        let scene = ChartLayout(columns: columns, rows: rows, dots: DotDensity(x: 8, y: 16)).scene(
            for: s)
        return SVGRenderer().render(scene, title: s.output.title, description: "test")
    }

    @Test func textFromDataIsEscapedAndSanitised() {
        var s = session([1, 2], labels: ["<script>alert(1)</script>", "a&b\u{1B}[31m"])
        s.output.title = "Tom & \"Jerry\" <3 \u{7}"
        let svg = render(s)
        #expect(!svg.contains("<script>"))
        #expect(svg.contains("&lt;scri"))  // slanted under its bar, cut at the image's edge
        #expect(svg.contains("<title>Tom &amp; \"Jerry\" &lt;3 \u{FFFD}</title>"))
        #expect(!svg.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(
            !svg.contains("xlink:href") && !svg.contains("<image")
                && !svg.contains("http://www.w3.org/1999/xlink"))
    }

    /// Issue 31: names the terminal cut or thinned are named whole in SVG, slanted under
    /// their bars, and the image grows by what the slant needs; names that fit stay level.
    @Test func categoryNamesTheTerminalCutAreSlantedWhole() {
        let names = [
            "Salmo salar", "Salmo trutta", "Streptococcus pyogenes", "Streptococcus pneumoniae",
            "Escherichia coli", "Bacillus subtilis",
        ]
        var s = session([10, 14, 7, 9, 12, 5], kind: .bar, labels: names)
        s.axes.xTitle = "species"
        let svg = render(s, columns: 60, rows: 14)
        #expect(svg.components(separatedBy: "rotate(-45").count - 1 == names.count)
        for name in names { #expect(svg.contains(">\(name)</text>")) }
        #expect(!svg.contains("height=\"240\""))  // 14 rows × 16 + margins, grown
        let title = svg.components(separatedBy: "\n").first { $0.hasSuffix(">species</text>") }
        let y = title.flatMap { $0.components(separatedBy: "y=\"").dropFirst().first }
            .flatMap { Double($0.prefix { $0 != "\"" }) }
        #expect((y ?? 0) > 14 * 16)  // the x title moved under the slanted names
        let short = render(session([1, 2, 3], kind: .bar, labels: ["a", "b", "c"]))
        #expect(!short.contains("rotate("))
    }

    @Test func numbersHaveBoundedPrecision() {
        #expect(SVGWriter.number(1.0) == "1")
        #expect(SVGWriter.number(1.234567) == "1.23")
        #expect(SVGWriter.number(-0.001) == "0")
        #expect(SVGWriter.number(-2.5) == "-2.5")
        #expect(SVGWriter.number(12.10) == "12.1")
        #expect(SVGWriter.number(.nan) == "0")
    }

    /// The whole document for a small chart, byte for byte: a change in ordering, number
    /// formatting or anything hashed differs here. (The goldens check larger charts the same
    /// way across processes, where hash seeds differ.)
    @Test func smallChartExactly() {
        #expect(render(session([1, 3, 2]), columns: 12, rows: 5) == Self.smallChart)
    }

    /// A three-point line at 12×5 cells: every element, attribute order and number format.
    /// Tick marks sit on the grid lines and the points (the same dot positions), and the
    /// picture has a margin of one cell all round.
    static let smallChart = #"""
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="112" height="96" viewBox="0 0 112 96" font-family="'DejaVu Sans Mono', 'Menlo', 'Consolas', 'Liberation Mono', monospace" font-size="13">
        <desc>test</desc>
        <rect width="100%" height="100%" fill="#16181d"/>
        <g transform="translate(8 8)">
        <line x1="24" y1="47.5" x2="96" y2="47.5" stroke="#6c6c6c" stroke-width="1" stroke-dasharray="1 3" stroke-linecap="round"/>
        <line x1="24" y1="24.5" x2="96" y2="24.5" stroke="#6c6c6c" stroke-width="1" stroke-dasharray="1 3" stroke-linecap="round"/>
        <line x1="24" y1="0.5" x2="96" y2="0.5" stroke="#6c6c6c" stroke-width="1" stroke-dasharray="1 3" stroke-linecap="round"/>
        <clipPath id="plot-area"><rect x="23.5" y="-2" width="73" height="52"/></clipPath>
        <path class="frame" d="M23.5 0V48M19.5 47.5H23.5M19.5 24.5H23.5M19.5 0.5H23.5M23.5 48.5H96M24.5 48.5V52.5M60.5 48.5V52.5M95.5 48.5V52.5" fill="none" stroke="#8a8f98" stroke-width="1"/>
        <g id="plot-d" fill="none" stroke="#4e79a7" stroke-width="2" stroke-linejoin="round" stroke-linecap="round" clip-path="url(#plot-area)">
        <path d="M24.5 35.5L60.5 12.5L95.5 24.5"/>
        </g>
        <text class="y-label" x="0" y="52.05" fill="#d7dae0" xml:space="preserve">0</text>
        <text class="y-label" x="0" y="29.05" fill="#d7dae0" xml:space="preserve">2</text>
        <text class="y-label" x="0" y="10.4" fill="#d7dae0" xml:space="preserve">4</text>
        <text class="x-label" x="24" y="76" fill="#d7dae0" xml:space="preserve">0</text>
        <text class="x-label" x="56" y="76" fill="#d7dae0" xml:space="preserve">1</text>
        <text class="x-label" x="88" y="76" fill="#d7dae0" xml:space="preserve">2</text>
        </g>
        </svg>

        """#

    @Test func sizeBoundedByCanvasNotByData() {
        var level = 0.0
        let values = (0..<200_000).map { i -> Double in
            level += sin(Double(i) * 1.7) + (i % 997 == 0 ? 40 : 0); return level
        }
        let svg = render(session(values), columns: 100, rows: 30)
        #expect(svg.utf8.count < 150_000)
        let small = render(session(Array(values.prefix(20_000))), columns: 100, rows: 30)
        #expect(abs(svg.utf8.count - small.utf8.count) < 60_000)
    }

    @Test func smoothLinesAreCubicBeziers() {
        var s = session([1, 5, 2, 8])
        s.plots[0].style.stroke.curve = .smooth
        let svg = render(s)
        let path = svg.components(separatedBy: "\n").first {
            $0.hasPrefix("<path d=\"M") && $0.contains("C")
        }
        #expect(path != nil)
        #expect(path?.components(separatedBy: "C").count == 4)  // three segments
    }

    @Test func fillsAndGradients() {
        var s = session([1, 5, 2, 8], kind: .area)
        s.plots[0].style.stroke.fill = .gradient
        s.plots[0].style.stroke.gradientType = .radial
        let svg = render(s)
        #expect(svg.contains("<radialGradient id=\"fill0\""))
        #expect(svg.contains("fill=\"url(#fill0)\""))
    }

    @Test func barsRoundedWithOutline() {
        var s = session([3, -2], kind: .bar)
        s.plots[0].style.bar.rounded = true
        s.plots[0].style.bar.outline = Color(hex: 0xff0000)
        let svg = render(s)
        #expect(svg.components(separatedBy: "Q").count == 5)  // two rounded corners per bar
        #expect(svg.contains("stroke=\"#ff0000\""))
    }

    @Test func dashStyles() {
        var s = session([1, 2, 3])
        s.markedLines = [MarkedLine(id: "r1", value: .constant(2), style: .dotted)]
        s.referenceLines.style = .dashed
        let svg = render(s)
        #expect(svg.contains("stroke-dasharray=\"6 4\""))
        #expect(svg.contains("stroke-dasharray=\"1 3\""))
    }

    @Test func emptyAndTinyScenes() {
        for (c, r) in [(1, 1), (2, 2), (5, 3)] {
            let svg = render(session([1, 2, 3]), columns: c, rows: r)
            #expect(svg.hasPrefix("<?xml") && svg.hasSuffix("</svg>\n"))
        }
    }
}
