import ChartbookModel

extension ExportFormat {
    /// Every format `save` writes, in the order help lists them.
    public static let all: [ExportFormat] = [svg, png, pdf, vegaLite, html, csv, script]

    static let svg = ExportFormat(
        name: "svg", pathName: "an SVG file path",
        synopsis: "save svg PATH [size=WIDTHxHEIGHT]",
        summary:
            "Write the chart as SVG (atomically). Default size: the chart's cells at 8x16 pixels (more with set theme fontsize=); size= in pixels lays it out again.",
        example: "save svg out/revenue.svg size=1200x600", group: .output, operands: [],
        options: [OptionSpec("size", .size)],
        check: { request throws(Diagnostic) in _ = try svgSize(request) },
        output: { request, context throws(Diagnostic) in
            .chart(context.session, .svg(size: try svgSize(request)))
        })

    static let png = ExportFormat(
        name: "png", pathName: "a PNG file path",
        synopsis: "save png PATH [size=WIDTHxHEIGHT] [scale=N]",
        summary:
            "Write the chart as a PNG image (atomically): the SVG drawn by librsvg and cairo, as rsvg-convert draws it; scale= (1 to 4, default 1) pixels per SVG pixel for sharper images.",
        example: "save png out/revenue.png scale=2", group: .output, operands: [],
        options: [OptionSpec("size", .size), OptionSpec("scale", .number(1...4))],
        check: { request throws(Diagnostic) in
            _ = try svgSize(request)
            _ = try pngScale(request)
        },
        output: { request, context throws(Diagnostic) in
            .chart(context.session, .png(size: try svgSize(request), scale: try pngScale(request)))
        })

    static let pdf = ExportFormat(
        name: "pdf", pathName: "a PDF file path",
        synopsis: "save pdf PATH [size=WIDTHxHEIGHT]",
        summary:
            "Write the chart as a one-page PDF (atomically): the SVG drawn by librsvg and cairo, text and lines as vectors, 96 SVG pixels to the inch.",
        example: "save pdf out/revenue.pdf", group: .output, operands: [],
        options: [OptionSpec("size", .size)],
        check: { request throws(Diagnostic) in _ = try svgSize(request) },
        output: { request, context throws(Diagnostic) in
            .chart(context.session, .pdf(size: try svgSize(request)))
        })

    /// `scale=N` of a PNG: pixels per SVG pixel, 1 to 4.
    static func pngScale(_ request: ExportRequest) throws(Diagnostic) -> Double {
        guard let token = option("scale", in: request) else { return 1 }
        guard let value = ValueParser.number(token.text), value >= 1, value <= 4 else {
            throw Diagnostic(
                .invalidValue(key: "scale", value: token.text, expected: "a number from 1 to 4"),
                at: token.range)
        }
        return value
    }

    /// `size=WxH` in pixels, if given.
    static func svgSize(_ request: ExportRequest) throws(Diagnostic) -> PixelSize? {
        guard let token = option("size", in: request) else { return nil }
        let (w, h) = try ValueParser.size(token, key: "size", limit: 20_000)
        return PixelSize(width: w, height: h)
    }

    static let vegaLite = ExportFormat(
        name: "vegalite", pathName: "a Vega-Lite (.vl.json) file path",
        synopsis: "save vegalite PATH [url=on]",
        summary:
            "Write the session as a Vega-Lite v5 spec: the same chart in the standard grammar (datasets inline, or loaded files by url=on; kinds with no Vega-Lite mark are named in its description).",
        example: "save vegalite out/revenue.vl.json", group: .output, operands: [],
        options: [OptionSpec("url", .keyword(["on", "off"]))],
        check: { request throws(Diagnostic) in _ = try urls(request) },
        output: { request, context throws(Diagnostic) in
            let urls = try urls(request)
            let s = context.session
            let limit = context.executor.limits.maxInlineRows
            if let large = s.datasetsInUse.first(where: {
                !$0.exportedByReference(urls: urls) && $0.count > limit
            }) {
                throw Diagnostic(
                    .tooLargeToInline(name: large.name, rows: large.count, limit: limit),
                    at: request.path.range)
            }
            // Inline rows hold every column.
            let inline = s.datasetsInUse.filter { !$0.exportedByReference(urls: urls) }
            let exported = try context.executor.readAllColumns(
                of: inline.map(\.name), in: s, at: request.path.range)
            return .chart(exported, .vegaLite(urls: urls))
        })

    /// `url=on`: loaded files by reference.
    static func urls(_ request: ExportRequest) throws(Diagnostic) -> Bool {
        guard let token = option("url", in: request) else { return false }
        return try ValueParser.boolean(token, key: "url")
    }

    static let html = ExportFormat(
        name: "html", pathName: "an HTML file path",
        synopsis: "save html PATH",
        summary:
            "Write the session's making as one self-contained HTML page: every step with the comments above it in its script, the command, and the chart it made (light and dark).",
        example: "save html out/notes.html", group: .output, operands: [], options: [],
        check: { _ in },
        output: { _, context in
            // The page reads the notebook (its steps), not only the session.
            .notebook(context.notebook.entries, title: context.session.output.title)
        })

    static let csv = ExportFormat(
        name: "csv", pathName: "a CSV file path",
        synopsis: "save csv PATH [NAME]",
        summary:
            "Write a dataset as CSV (atomically): the named one, else the first plot's. Times as ISO 8601, missing values empty, labels as a 'label' column.",
        example: "save csv out/sales.csv sales", group: .output,
        operands: [.optional(.dataset)], options: [],
        check: { _ in },
        output: { request, context throws(Diagnostic) in
            let executor = context.executor, range = request.path.range
            let named = try executor.csvDataset(
                request.operands.first, in: context.session, at: range)
            if named.remote != nil {
                // Refused now, before anything is written, if the engine cannot give it all.
                _ = try executor.engineTable(
                    of: named, for: "its text columns", coded: true, at: range)
                return .engineRows(named, shownPath: request.path.value)
            }
            let dataset = try executor.readAllColumns(of: named, at: range)
            let written =
                "wrote \(TextMetrics.sanitized(request.path.value)) (\(dataset.count) rows of \(TextMetrics.sanitized(dataset.name)))\n"
            return .document(DatasetTable.csv(dataset), written: written)
        })

    static let script = ExportFormat(
        name: "script", pathName: "a script path",
        synopsis: "save script PATH",
        summary:
            "Write the shortest script that rebuilds the session (datasets from their sources, settings, plots, view, selection).",
        example: "save script revenue.cb", group: .session, operands: [], options: [],
        check: { _ in },
        output: { request, context in
            let text = SessionScript.text(
                for: context.session,
                scriptDirectory: ScriptSource.directory(containing: context.path))
            return .document(text, written: "saved \(TextMetrics.sanitized(request.path.value))\n")
        })
}
