import Testing
import ChartbookModel
@testable import ChartbookScene
import ChartbookData
@testable import ChartbookTerminal

@Suite struct DotRasterTests {
    @Test func brailleCornersAndFull() {
        let r = DotRaster(canvas: .braille)
        #expect(r.glyph(0b0000_0001) == "⠁")  // top-left
        #expect(r.glyph(0b0000_0010) == "⠈")  // top-right
        #expect(r.glyph(0b0100_0000) == "⡀")  // bottom-left
        #expect(r.glyph(0b1000_0000) == "⢀")  // bottom-right
        #expect(r.glyph(0xff) == "⣿")
        #expect(r.glyph(0) == "⠀")
    }

    @Test func blockAndAscii() {
        #expect(DotRaster(canvas: .block).glyph(0b1001) == "▚")
        #expect(DotRaster(canvas: .block).glyph(0b1111) == "█")
        #expect(DotRaster(canvas: .ascii).glyph(0b01) == "'")
        #expect(DotRaster(canvas: .ascii).glyph(0b11) == ":")
    }

    @Test func linesHaveNoGaps() {
        var dots = [DotPoint]()
        TerminalRenderer.line(from: DotPoint(x: 0, y: 0), to: DotPoint(x: 3, y: 20), near: (10, 40))
        {
            dots.append(DotPoint(x: $0, y: $1))
        }
        #expect(Set(dots.map(\.y)) == Set(0...20))
        for (a, b) in zip(dots, dots.dropFirst()) {
            #expect(abs(a.x - b.x) <= 1 && abs(a.y - b.y) <= 1)
        }
    }

    /// A segment far beyond the area (a view far from the data: it took minutes, found by
    /// libFuzzer) is cut at the area's size beyond each edge; one near it is drawn whole.
    @Test func farSegmentsAreCutNearTheArea() {
        var count = 0
        TerminalRenderer.line(
            from: DotPoint(x: -2_000_000_000, y: 5), to: DotPoint(x: 2_000_000_000, y: 6),
            near: (100, 40)
        ) { x, _ in
            count += 1
            #expect((-100...200).contains(x))
        }
        #expect(count == 301)
        var near = [DotPoint]()
        TerminalRenderer.line(
            from: DotPoint(x: -50, y: 0), to: DotPoint(x: 150, y: 70), near: (100, 40)
        ) {
            near.append(DotPoint(x: $0, y: $1))
        }
        #expect(near.first == DotPoint(x: -50, y: 0) && near.last == DotPoint(x: 150, y: 70))
        var none = 0
        TerminalRenderer.line(
            from: DotPoint(x: 900, y: 0), to: DotPoint(x: 5_000, y: 9), near: (100, 40)
        ) {
            _, _ in none += 1
        }
        #expect(none == 0)
    }
}

@Suite struct CellGridTests {
    @Test func wideCharactersKeepRowWidth() {
        var g = CellGrid(width: 6, height: 1)
        g.put("日本語", column: 1, row: 0)
        #expect(g.lines == [" 日本 "])
        g.set(2, 0, "x", style: .plain)  // overwrite the right half of 日
        #expect(g.lines == ["  x本 "])
        #expect(TextMetrics.width(of: g.lines[0]) == 6)
    }

    @Test func controlCharactersNeverReachTheGrid() {
        var g = CellGrid(width: 10, height: 1)
        g.put("a\u{1B}[2Jb", column: 0, row: 0)
        #expect(!g.lines[0].contains("\u{1B}"))
    }
}

@Suite struct ANSIWriterTests {
    func grid() -> CellGrid {
        var g = CellGrid(width: 6, height: 1)
        let red = CellStyle(foreground: Color(hex: 0xff0000))
        g.put("ab", column: 0, row: 0, style: red)
        g.put("cd", column: 3, row: 0, style: red)  // the blank between must not break the run
        return g
    }

    @Test func fewestEscapes() {
        #expect(
            ANSIWriter(mode: .truecolor).write(grid()) == "\u{1B}[38;2;255;0;0mab cd \u{1B}[0m\n")
        #expect(ANSIWriter(mode: .ansi256).write(grid()) == "\u{1B}[38;5;196mab cd \u{1B}[0m\n")
        #expect(ANSIWriter(mode: .ansi16).write(grid()) == "\u{1B}[91mab cd \u{1B}[0m\n")
        #expect(ANSIWriter(mode: .none).write(grid()) == "ab cd \n")
    }

    @Test func attributeChangesUseTheShorterForm() {
        let w = ANSIWriter(mode: .ansi16)
        let bold = CellStyle(foreground: Color(hex: 0x4e79a7), bold: true)
        #expect(w.transition(from: .plain, to: bold) == "\u{1B}[1;94m")
        #expect(
            w.transition(from: bold, to: CellStyle(foreground: Color(hex: 0x4e79a7)))
                == "\u{1B}[22m")
        #expect(w.transition(from: bold, to: .plain) == "\u{1B}[m")
    }

    @Test func mutedColoursStayChromaticIn16Colours() {
        #expect(ColorQuantizer.index16(Color(hex: 0x4e79a7)) == 12)  // blue
        #expect(
            ColorQuantizer.index16(Color(hex: 0xf28e2b)) == 11
                || ColorQuantizer.index16(Color(hex: 0xf28e2b)) == 3)
        #expect(ColorQuantizer.index16(Color(hex: 0x6c6c6c)) == 8)
        #expect(ColorQuantizer.index256(Color(hex: 0x808080)) == 244)
        // A heatmap's ramp stays coloured in 256 colours: no step lands on the grey ramp
        // (232…255), where its dark purples and blues went (issue 54).
        for step in 0...100 {
            let color = ColorRamp.color(Double(step) / 100)
            #expect(ColorQuantizer.index256(color) < 232, "\(color)")
        }
    }
}

/// Drawing the reduced runs sets exactly the dots drawing every point would: random series
/// with spikes and gaps, many per column.
@Suite struct ReductionEquivalenceTests {
    func rasterise(_ runs: [[DotPoint]]) -> Set<DotPoint> {
        var dots = Set<DotPoint>()
        for run in runs {
            guard var previous = run.first else { continue }
            dots.insert(previous)
            for p in run.dropFirst() {
                TerminalRenderer.line(from: previous, to: p, near: (1000, 1000)) {
                    dots.insert(DotPoint(x: $0, y: $1))
                }
                previous = p
            }
        }
        return dots
    }

    @Test func reducedEqualsFull() {
        var random = RandomSource(seed: 7)
        for trial in 0..<60 {
            let count = 1 + Int(random.next() % (trial % 3 == 0 ? 8_000 : 1500))
            let width = 1 + Int(random.next() % 120)
            let height = 1 + Int(random.next() % 80)
            let mapping = XMapping(
                count: count, widthCells: width, dotsPerCell: 2, slotted: trial % 2 == 0)
            let y = YMapping(range: -3...3, heightDots: height * 4)
            var level = 0.0
            var values = [Double]()
            for _ in 0..<count {
                level += random.nextGaussian() * 0.3
                let r = random.nextUnit()
                values.append(
                    r < 0.02 ? .nan : (r < 0.04 ? level * 50 : (r < 0.045 ? .infinity : level)))
            }
            var reducer = LineReducer()
            var full = [[DotPoint]]()
            var run = [DotPoint]()
            for (i, v) in values.enumerated() {
                if v.isFinite {
                    let p = DotPoint(x: mapping.dot(i), y: y.dot(v))
                    reducer.add(x: p.x, y: p.y)
                    run.append(p)
                } else {
                    reducer.breakRun()
                    if !run.isEmpty { full.append(run); run = [] }
                }
            }
            if !run.isEmpty { full.append(run) }
            let reduced = reducer.finish()
            #expect(
                rasterise(reduced) == rasterise(full),
                "trial \(trial): count \(count) width \(width)")
            // The layout's own pass (block-wise per dot column) draws the same dots too.
            let layout = ChartLayout(columns: width, rows: height, dots: DotDensity(x: 2, y: 4))
            let laidOut = layout.straightRuns(values, 0..<count, x: mapping, y: y)
            let (a, b) = (rasterise(laidOut), rasterise(full))
            #expect(
                a == b,
                "layout, trial \(trial): count \(count) width \(width): only layout \(a.subtracting(b).sorted { ($0.x, $0.y) < ($1.x, $1.y) }.prefix(6)), only full \(b.subtracting(a).sorted { ($0.x, $0.y) < ($1.x, $1.y) }.prefix(6))"
            )
            #expect(
                reduced.reduce(0) { $0 + $1.count } <= 4 * mapping.widthCells * 2 + 4
                    * reduced.count)
        }
    }

    /// The same on a real x scale: uneven sorted x values (numbers, or seconds of a time
    /// axis) through the layout's pass over sorted x, against every point drawn.
    @Test func reducedEqualsFullOnRealX() {
        var random = RandomSource(seed: 11)
        for trial in 0..<60 {
            let count = 1 + Int(random.next() % (trial % 3 == 0 ? 8_000 : 1500))
            let width = 1 + Int(random.next() % 120)
            let height = 1 + Int(random.next() % 80)
            // Times: seconds from 2004, steps from a second to a few days, repeats allowed.
            var x = trial % 2 == 0 ? 1_072_915_200.0 : -50.0
            var xs = [Double](), values = [Double]()
            var level = 0.0
            for _ in 0..<count {
                x +=
                    random.nextUnit() < 0.1 ? 0 : random.nextUnit() * (trial % 2 == 0 ? 300_000 : 3)
                xs.append(x)
                level += random.nextGaussian() * 0.3
                values.append(random.nextUnit() < 0.02 ? .nan : level)
            }
            guard let lo = xs.first, let hi = xs.last, hi > lo else { continue }
            let mapping = XMapping(domain: lo...hi, widthCells: width, dotsPerCell: 2)
            let y = YMapping(range: -3...3, heightDots: height * 4)
            var full = [[DotPoint]]()
            var run = [DotPoint]()
            for (i, v) in values.enumerated() {
                if v.isFinite {
                    run.append(DotPoint(x: mapping.dot(value: xs[i]), y: y.dot(v)))
                } else if !run.isEmpty {
                    full.append(run); run = []
                }
            }
            if !run.isEmpty { full.append(run) }
            let layout = ChartLayout(columns: width, rows: height, dots: DotDensity(x: 2, y: 4))
            let laidOut = layout.sortedRuns(xs, values, 0..<count, x: mapping, y: y)
            #expect(rasterise(laidOut) == rasterise(full), "trial \(trial): count \(count)")
            #expect(laidOut.reduce(0) { $0 + $1.count } <= 4 * width * 2 + 4 * laidOut.count)
        }
    }
}
