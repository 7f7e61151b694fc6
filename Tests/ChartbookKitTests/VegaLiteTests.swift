import Testing
import ChartbookCommands
import ChartbookModel
import ChartbookVegaLite
@testable import ChartbookKit

/// Issue 12, Vega-Lite export: the session as a spec (Scripts/vegalite-check renders these
/// with vl-convert; these tests pin the structure and the escaping).
@Suite struct VegaLiteTests {
    static let fileText = "date,price,symbol\n2024-01-01,10,A\n2024-01-02,12,B\n2024-01-03,,A\n"
    static let files = InMemoryFiles(["/work/t.csv": fileText])

    func spec(_ script: String, files: InMemoryFiles = files) -> JSON {
        VegaLiteSpec(session: sessionAfter(script, files: files)).json
    }

    func layers(_ spec: JSON) -> [JSON] {
        guard case .array(let layers)? = spec["layer"] else { return [] }
        return layers
    }

    /// Issue 30: Vega-Lite merges the layers' colour scales into one, so a plot's id and
    /// another plot's `by=` groups share one domain, with chartbook's colours (a grey plot
    /// beside a by= plot coloured its groups grey).
    @Test func plotsAndGroupsShareOneColourScale() throws {
        let json = spec(
            "load t.csv as t x=date\nadd plot line t.price as p color=gray\nadd plot dot t.price by=symbol"
        )
        let scales = layers(json).compactMap { $0["encoding"]?["color"]?["scale"] }
        #expect(scales.count == 2)
        #expect(scales.allSatisfy { $0 == scales[0] })
        #expect(scales.first?["domain"] == .array(["p", "A", "B"]))
        let session = sessionAfter(
            "load t.csv as t x=date\nadd plot line t.price as p color=gray\nadd plot dot t.price by=symbol",
            files: Self.files)
        let dots = try #require(session.plots.last)
        #expect(
            scales.first?["range"]
                == .array([
                    .string(session.plots[0].resolvedColor.hexOpaque),
                    .string(dots.color(ofGroup: 0).hexOpaque),
                    .string(dots.color(ofGroup: 1).hexOpaque),
                ]))
    }

    /// Vega has no percentile aggregate: a plot's `agg=p95` goes as its computed rows (the
    /// numbers chartbook drew), and the description says why; `agg=q3` stays Vega's own.
    @Test func aPercentileGoesAsItsComputedRows() throws {
        let json = spec("load t.csv as t x=date\nadd plot line t.price agg=p95 bin=day")
        let description = json["description"]
        #expect(
            description
                == .string(
                    "chartbook session. Not in this spec (no Vega-Lite equivalent): plot 'price': its agg=p95 (Vega has no percentile aggregate) computed by chartbook (its rows are inlined)"
                ))
        #expect(json["datasets"]?["price_drawn"] != nil)
        let q3 = spec("load t.csv as t x=date\nadd plot line t.price agg=q3 bin=day")
        #expect(q3["datasets"]?["price_drawn"] == nil)
        #expect(q3["description"] == .string("chartbook session"))
    }

    /// A selection on a plot with transforms rings the row of the table it draws, given as
    /// that row: the pipeline's row numbers are the input's (an aggregate keeps each key's
    /// first), so a row number rang nothing (agg=mean) or another row (agg=p95, inlined).
    @Test func aSelectionOnComputedRowsRingsTheRowDrawn() throws {
        for agg in ["mean", "p95"] {
            let json = spec(
                "load t.csv as t x=date\nadd plot line t.price agg=\(agg) bin=day by=symbol\nselect x=2024-01-02"
            )
            let rings = layers(json).filter { $0["mark"]?["type"] == "point" }
            // Each group's row nearest the x (ties the earlier), as chartbook's readout.
            let rows = rings.map { $0["data"]?["values"] }
            let row = { (date: String, symbol: String, price: Double) -> JSON? in
                .array([
                    .object([
                        "date": .string(date), "symbol": .string(symbol), "price": .number(price),
                        "rows": 1,
                    ])
                ])
            }
            #expect(
                rows == [
                    row("2024-01-01T00:00:00Z", "A", 10), row("2024-01-02T00:00:00Z", "B", 12),
                ],
                "\(agg): \(rows)")
            #expect(rings.allSatisfy { $0["transform"] == nil })
        }
    }

    /// Stacked and grouped bars and trends by= groups take chartbook's colours in its order
    /// too (they had Vega-Lite's scheme, sorted), also for computed tables.
    @Test func barsAndTrendsByGroupTakeChartbooksColours() throws {
        for script in [
            "load t.csv as t x=date\nadd plot stacked t.price by=symbol",
            "load t.csv as t x=date\nadd plot grouped t.price x=symbol by=symbol agg=mean",
            "load u.csv as t x=date\nadd plot trend t.price by=symbol",
        ] {
            // (A trend needs points to fit: three a group.)
            let files = InMemoryFiles([
                "/work/t.csv": VegaLiteTests.fileText,
                "/work/u.csv":
                    "date,price,symbol\n2024-01-01,1,A\n2024-01-02,2,B\n2024-01-03,3,A\n"
                    + "2024-01-04,5,B\n2024-01-05,4,A\n2024-01-06,7,B\n",
            ])
            let scales = layers(spec(script, files: files)).compactMap {
                $0["encoding"]?["color"]?["scale"]
            }
            #expect(scales.first?["domain"] == .array(["A", "B"]), "\(script)")
            let plot = try #require(sessionAfter(script, files: files).plots.first)
            #expect(
                scales.first?["range"]
                    == .array([
                        .string(plot.color(ofGroup: 0).hexOpaque),
                        .string(plot.color(ofGroup: 1).hexOpaque),
                    ]),
                "\(script)")
        }
    }

    /// The y axis spans chartbook's range (its SVG's), not Vega-Lite's own nice one.
    @Test func yDomainIsChartbooks() throws {
        let session = sessionAfter(
            "load t.csv as t x=date\nadd plot line t.price", files: Self.files)
        let target = TerminalTarget(columns: 80, rows: 24, colorMode: .none)
        let text = VegaLiteExporter.spec(for: session, on: target, urls: false)
        let range = SVGExporter.layout(for: session, on: target, size: nil).0.scene(for: session)
            .yRange
        #expect(
            text.contains(
                "\"domain\": [\(NumberText.shortest(range.lowerBound)), \(NumberText.shortest(range.upperBound))]"
            ), "\(text.prefix(2000))")
        #expect(text.contains("\"nice\": false"))
    }

    /// Issue 30: the axes carry chartbook's ticks and texts (values, and each one's label by
    /// value), times as the milliseconds of the spec's wall clock; a density heatmap is
    /// chartbook's grid, its counts adding up to the points.
    @Test func axesAndHeatmapAreChartbooks() throws {
        let target = TerminalTarget(columns: 80, rows: 24, colorMode: .none)
        let session = sessionAfter(
            "load t.csv as t x=date\nadd plot line t.price", files: Self.files)
        let scene = SVGExporter.layout(for: session, on: target, size: nil).0.scene(for: session)
        let drawn = VegaLiteExporter.drawn(scene, session)
        let y = try #require(drawn.yAxis)
        #expect(y.domain == scene.yRange)
        #expect(y.ticks.map(\.label) == scene.frame.yTicks.map(\.label))
        let x = try #require(drawn.xAxis)
        #expect(x.ticks.map(\.label) == scene.frame.xTicks.map(\.label) && !x.ticks.isEmpty)
        var spec = VegaLiteSpec(session: session)
        spec.drawn = drawn
        let encoding = try #require(layers(spec.json).first?["encoding"])
        let first = try #require(x.ticks.first)
        #expect(
            encoding["x"]?["axis"]?["values"]?.text().hasPrefix(
                "[\(NumberText.shortest(first.value * 1000))") == true)
        guard case .string(let labels)? = encoding["y"]?["axis"]?["labelExpr"] else {
            Issue.record("no labelExpr")
            return
        }
        for tick in y.ticks {
            #expect(
                labels.contains(
                    "datum.value == \(NumberText.shortest(tick.value)) ? \"\(tick.label)\""))
        }

        // 500 points: x 0..499, y a sawtooth.
        let rows = (0..<500).map { "\($0),\(($0 * 37) % 101)" }.joined(separator: "\n")
        let heat = sessionAfter(
            "load h.csv as h x=x\nadd plot heatmap h.y",
            files: InMemoryFiles(["/work/h.csv": "x,y\n" + rows + "\n"]))
        let heatScene = SVGExporter.layout(for: heat, on: target, size: nil).0.scene(for: heat)
        let grid = try #require(VegaLiteExporter.drawn(heatScene, heat).heatmap)
        #expect(grid.cells.reduce(0) { $0 + $1.count } == 500)
        #expect(grid.columns == heatScene.plotArea.width && grid.rows == heatScene.plotArea.height)
    }

    /// Issue 30: a selected x rings each by= group's row (the readout names one value per
    /// group), in the group's colour — not one row of the first group.
    @Test func aSelectionRingsEveryGroup() throws {
        let script = "load t.csv as t x=date\nadd plot line t.price by=symbol\nselect x=2024-01-02"
        let rings = layers(spec(script)).filter { $0["mark"]?["filled"] == .bool(false) }
        // A: rows 0 and 2 are a day either side (the earlier wins); B: row 1.
        #expect(
            rings.map { $0["transform"]?.text() ?? "" }.map { $0.contains("\"equal\": 0") }
                == [true, false], "\(rings)")
        #expect(rings.last?["transform"]?.text().contains("\"equal\": 1") == true)
        let plot = try #require(sessionAfter(script, files: Self.files).plots.first)
        #expect(
            rings.map { $0["mark"]?["color"] }
                == [
                    .string(plot.color(ofGroup: 0).hexOpaque),
                    .string(plot.color(ofGroup: 1).hexOpaque),
                ])
    }

    func markType(_ layer: JSON) -> String? {
        if case .string(let type)? = layer["mark"]?["type"] { return type }
        return nil
    }

    @Test func stringsAreEscapedForJSONAndHTML() {
        #expect(JSON.quoted("a\"b\\c") == #""a\"b\\c""#)
        #expect(JSON.quoted("</script>") == #""<\/script>""#)
        #expect(JSON.quoted("x\ny\u{1}\u{2028}") == #""x\ny\u0001\u2028""#)
        #expect(
            JSON.object(["b": 1, "a": .number(.nan), "c": nil]).text() == #"{"b": 1, "a": null}"#)
    }

    @Test func aTimeSeriesByGroupIsALineLayerOverTemporalX() {
        let s = spec("load t.csv x=date; add plot line t.price by=symbol; set yscale log")
        #expect(s["$schema"] == "https://vega.github.io/schema/vega-lite/v5.json")
        let layer = layers(s)[0]
        #expect(markType(layer) == "line")
        #expect(layer["encoding"]?["x"]?["type"] == "temporal")
        #expect(layer["encoding"]?["color"]?["field"] == "symbol")
        #expect(layer["encoding"]?["y"]?["scale"]?["type"] == "log")
        // Rows inline, times as ISO 8601, missing cells as null.
        guard case .array(let rows)? = s["datasets"]?["t"] else {
            Issue.record("no inline rows")
            return
        }
        #expect(rows.count == 3)
        #expect(rows[0]["date"] == "2024-01-01T00:00:00Z")
        #expect(layer["encoding"]?["x"]?["scale"]?["type"] == "utc")
        #expect(rows[2]["price"] == .null)
    }

    /// Issue 30: a numeric x spans the data as chartbook's does (not from zero), and whole
    /// numbers are written without separators (1898, not 1,898); fractions keep the default.
    @Test func numericXSpansTheDataAndWholeNumbersReadPlain() {
        let files = InMemoryFiles([
            "/work/y.csv": "year,v,f\n1890,3,0.5\n1898,5,1.25\n1905,4,2\n"
        ])
        let years = layers(spec("load y.csv; add plot line y.v x=year", files: files))[0]
        #expect(years["encoding"]?["x"]?["scale"]?["zero"] == .bool(false))
        #expect(years["encoding"]?["x"]?["axis"]?["format"] == "d")
        let fractions = layers(spec("load y.csv; add plot dot y.v x=f", files: files))[0]
        #expect(fractions["encoding"]?["x"]?["axis"] == nil)
        #expect(fractions["encoding"]?["x"]?["scale"]?["zero"] == .bool(false))
    }

    /// Issue 30: `by=` groups keep chartbook's colours and dashes, in its order (first
    /// appearance, not sorted), one legend; a `where=` leaves its groups out.
    @Test func groupsKeepChartbooksColoursAndOrder() {
        let files = InMemoryFiles([
            "/work/g.csv": "x,v,k\n1,3,b\n2,5,a\n3,4,c\n4,2,a\n"
        ])
        let s = spec("load g.csv; add plot line g.v x=x by=k", files: files)
        let plot = sessionAfter("load g.csv; add plot line g.v x=x by=k", files: files).plots[0]
        let color = layers(s)[0]["encoding"]?["color"]?["scale"]
        #expect(color?["domain"] == .array(["b", "a", "c"]))
        #expect(
            color?["range"]
                == .array((0..<3).map { .string(plot.color(ofGroup: $0).hexOpaque) }))
        #expect(
            layers(s)[0]["encoding"]?["strokeDash"]?["scale"]?["domain"] == .array(["b", "a", "c"]))
        let kept = spec("load g.csv; add plot line g.v x=x by=k where=v>2", files: files)
        #expect(
            layers(kept)[0]["encoding"]?["color"]?["scale"]?["domain"] == .array(["b", "a", "c"]))
        let fewer = spec("load g.csv; add plot line g.v x=x by=k where=v>3", files: files)
        #expect(layers(fewer)[0]["encoding"]?["color"]?["scale"]?["domain"] == .array(["a", "c"]))
    }

    /// Issue 30: axes are titled by what they show — the plot's column, a histogram's counts —
    /// never by a field made for the spec (`_value`, `_count`, `_series`).
    @Test func axisTitlesAreColumnsNotMadeFields() {
        let files = InMemoryFiles(["/work/s.csv": "m,a,b\nJan,3,1\nFeb,5,2\n"])
        let grouped = layers(
            spec("load s.csv; add plot grouped s.a x=m; add plot grouped s.b x=m", files: files))[0]
        #expect(grouped["encoding"]?["y"]?["title"] == "a")
        #expect(grouped["encoding"]?["color"]?["title"] == .null)
        let histogram = layers(spec("load s.csv; add plot histogram s.a", files: files))
        #expect(histogram.contains { $0["encoding"]?["y"]?["title"] == "count" })
        let titled = layers(
            spec("load s.csv; add plot histogram s.a; set ylabel \"n\"", files: files))
        #expect(titled.contains { $0["encoding"]?["y"]?["title"] == "n" })
    }

    /// Issue 30: a marked line's label carries its value, as chartbook writes it.
    @Test func referenceLineLabelsCarryTheirValue() {
        let files = InMemoryFiles(["/work/s.csv": "m,a\nJan,3\nFeb,5\n"])
        let texts = layers(
            spec(
                "load s.csv; add plot line s.a x=m; add refline 4.5 \"target\"; add refline mean s.a",
                files: files)
        ).compactMap { layer -> JSON? in
            markType(layer) == "text" ? layer["encoding"]?["text"]?["value"] : nil
        }
        #expect(texts == ["target 4.5", "mean 4"])
    }

    /// Issue 30: a histogram's value labels stand over the middle of their bins.
    @Test func histogramLabelsAreCentredOnTheirBins() {
        let files = InMemoryFiles(["/work/s.csv": "a\n1\n2\n2\n3\n5\n"])
        let text = layers(spec("load s.csv; add plot histogram s.a labels=on", files: files))
            .first { markType($0) == "text" }
        #expect(text?["encoding"]?["x"]?["field"] == "_bin_middle")
        #expect(text?["encoding"]?["x2"] == nil)
    }

    /// Issue 30: bars on a time x are as wide as chartbook draws them (their share of the
    /// smallest step, through the x scale), not slivers.
    @Test func barsOnATimeXTakeTheirSlot() {
        let bars = layers(spec("load t.csv x=date; add plot stacked t.price"))
            .first { markType($0) == "bar" }
        guard case .string(let width)? = bars?["mark"]?["width"]?["expr"] else {
            Issue.record("no width")
            return
        }
        // One day (86 400 000 ms) from the first date, times the bars' share.
        #expect(
            width.contains("datetime(1704067200000)") && width.contains("datetime(1704153600000)"))
        #expect(width.hasSuffix("* 0.8)"), "\(width)")
        // And the axis reaches half a day beyond the first and last bars, as chartbook's.
        let x = bars?["encoding"]?["x"]?["scale"]
        #expect(x?["nice"] == .bool(false))
        guard case .array(let domain)? = x?["domain"], domain.count == 2,
            case .string(let first) = domain[0], case .string(let last) = domain[1]
        else {
            Issue.record("no domain")
            return
        }
        #expect(first.hasPrefix("2023-12-31T12:00") && last.hasPrefix("2024-01-03T12:00"))
    }

    /// Times are the session's wall clock, on a UTC scale: the picture does not move with
    /// the viewer's zone.
    @Test func timesAreTheSessionsWallClock() {
        let s = spec("set timezone +02:00; load t.csv x=date; add plot line t.price")
        guard case .array(let rows)? = s["datasets"]?["t"] else { return }
        #expect(rows[0]["date"] == "2024-01-01T00:00:00Z")
        let utc = spec("load t.csv x=date; add plot line t.price; set timezone +02:00")
        guard case .array(let shifted)? = utc["datasets"]?["t"] else { return }
        #expect(shifted[0]["date"] == "2024-01-01T02:00:00Z")
    }

    @Test func everyKindHasItsMarkOrIsNamedAsLeftOut() {
        let cases: [(String, [String])] = [
            ("add plot dot t.price x=date", ["point"]),
            ("add plot bar t.price x=date labels=on", ["bar", "text"]),
            ("add plot histogram t.price", ["bar"]),
            ("add plot box t.price by=symbol", ["boxplot"]),
            ("add plot hbar t.price x=symbol", ["bar"]),
            ("add plot donut t.price x=symbol", ["arc", "text"]),
            ("add plot heatmap t.price x=symbol y=symbol", ["rect"]),
        ]
        for (command, marks) in cases {
            let s = spec("load t.csv; " + command)
            #expect(layers(s).compactMap(markType) == marks, "\(command)")
        }
        let radar = spec("load t.csv; add plot radar t.price x=symbol")
        #expect(layers(radar).isEmpty)
        if case .string(let text)? = radar["description"] {
            #expect(text.contains("radar plot 'price'"))
        } else {
            Issue.record("no description")
        }
    }

    @Test func filtersReferenceLinesAndTheSelection() {
        let s = spec(
            "load t.csv x=date; add plot line t.price where=symbol=A; add refline 11 \"goal\"; select x=2024-01-02"
        )
        let all = layers(s)
        #expect(all.compactMap(markType) == ["line", "rule", "text", "point"])
        guard case .array(let transforms)? = all[0]["transform"] else {
            Issue.record("no transforms")
            return
        }
        #expect(transforms.last?["filter"]?["oneOf"] == .array(["A"]))
        #expect(all[1]["encoding"]?["y"]?["datum"] == 11)
        guard case .array(let selected)? = all[3]["transform"] else { return }
        #expect(selected.last?["filter"]?["equal"] == 1)
    }

    /// Written once the command commits, like every file; a big dataset is refused unless
    /// it can go by reference.
    @Test func saveVegaLiteWritesAfterTheCommitAndRefusesHugeInlineData() {
        let files = InMemoryFiles(["/work/t.csv": "v\n1\n2\n3\n4\n"])
        var executor = Executor(files: files)
        executor.limits.maxInlineRows = 3
        var notebook = Notebook()
        var diagnostics = ""
        _ = ScriptRunner(executor: executor, keepGoing: true).run(
            ScriptSource(
                name: "t",
                text:
                    "load t.csv; add plot line t.v; save vegalite a.vl.json; save vegalite b.vl.json url=on"
            ), in: &notebook
        ) { if case .diagnostic(let d) = $0 { diagnostics += d } }
        #expect(files.files["/work/a.vl.json"] == nil)
        #expect(diagnostics.contains("dataset 't' has 4 rows; an export writes at most 3 inline"))
        #expect(diagnostics.contains("add url=on"))
        let b = files.files["/work/b.vl.json"].map { String(decoding: $0, as: UTF8.self) }
        #expect(b?.contains("\"url\": \"/work/t.csv\"") == true)
    }
}
