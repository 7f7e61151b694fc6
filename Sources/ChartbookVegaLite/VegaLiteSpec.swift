import ChartbookModel

/// The session as a Vega-Lite v5 specification — what the user meant (datasets, plots,
/// reference lines, axes, the selection), read from the session, not from chartbook's
/// layout. A kind or option with no Vega-Lite equivalent is left out and named in the
/// spec's `description`, never drawn wrongly.
public struct VegaLiteSpec: Sendable {
    public var session: Session
    /// File-backed datasets as a `url` to their file instead of inline values.
    public var urls: Bool
    /// The plot's size in pixels.
    public var width: Int
    public var height: Int
    /// A faceted session's panels a row (`facet=`), as the chart lays them out; nil: as
    /// many as fit `width`.
    public var facetColumns: Int?
    /// A page of panels: panels a row as the chart lays them out; and for each faceted
    /// panel (by index), its facets a row.
    public var panelColumns: Int?
    public var panelFacetColumns: [Int: Int?] = [:]
    /// What chartbook's layout drew of the chart (its SVG of the session): its axes, a
    /// heatmap's grid, each facet's; for the spec to draw the same. Empty: Vega-Lite's own.
    public var drawn = Drawn()
    /// A page's panels' (`add panel`), by index.
    public var panelsDrawn: [Drawn] = []
    /// The panel of a faceted page this spec draws (its faceted plots keep its rows).
    var panel: Facet.Key?
    /// Put before the names of its computed tables: a page's panels each have their own.
    var drawnPrefix = ""

    static let schema = "https://vega.github.io/schema/vega-lite/v5.json"

    public init(session: Session, urls: Bool = false, width: Int = 640, height: Int = 320) {
        self.session = session
        self.urls = urls
        self.width = width
        self.height = height
    }

    /// The specification as indented JSON text.
    public var text: String { json.text() + "\n" }

    public var json: JSON {
        var notes = [String]()
        let body = self.body(notes: &notes)
        // Sparklines are chartbook's own strips and margins: said, not left out silently.
        notes += session.plots.filter { $0.kind == .sparkline }.map { "sparkline '\($0.id)'" }
        return .object(
            [
                JSON.Member("$schema", .string(Self.schema)),
                JSON.Member("description", .string(description(Array(Set(notes)).sorted()))),
                JSON.Member("datasets", datasets ?? .null),
            ].filter { $0.value != .null } + body + themeMembers)
    }

    /// Vega-Lite's legend `orient` for `set legend` (nil: its own place, right of the chart).
    var legendOrient: JSON? {
        switch session.output.legendPosition {
        case .top: nil
        case .bottom: "bottom"
        case .inside: "top-right"
        case .topLeft: "top-left"
        case .bottomLeft: "bottom-left"
        case .bottomRight: "bottom-right"
        case .left: "left"
        case .right: "right"
        }
    }

    /// The theme's colours (`set theme`), as chartbook's SVG draws them: the background, and
    /// the axes', legends' and titles' text, lines and grid; and the legend's place.
    var themeMembers: [JSON.Member] {
        let theme = session.output.themeColors
        let text = JSON.string(theme.text.hexOpaque), frame = JSON.string(theme.frame.hexOpaque)
        // `set theme fontsize=PX`: every label and title that size (else Vega's own).
        let font = session.output.fontSize.map { JSON.number(Double($0)) }
        return [
            JSON.Member("background", .string(theme.background.hexOpaque)),
            JSON.Member(
                "config",
                .object([
                    "axis": .object([
                        "domainColor": frame, "tickColor": frame, "labelColor": text,
                        "titleColor": text, "gridColor": .string(theme.grid.hexOpaque),
                        "labelFontSize": font, "titleFontSize": font,
                    ]),
                    "legend": .object([
                        "labelColor": text, "titleColor": text,
                        // `set legend bottom|inside`; on top Vega keeps its own place (the
                        // right).
                        "orient": legendOrient,
                        "labelFontSize": font, "titleFontSize": font,
                    ]),
                    "title": .object(["color": text, "fontSize": font]),
                    "header": .object([
                        "labelColor": text, "titleColor": text, "labelFontSize": font,
                        "titleFontSize": font,
                    ]),
                    "view": .object(["stroke": .null]),
                ])),
        ]
    }

    /// What the spec draws: a page of panels, a faceted chart's panels, or one chart.
    func body(notes: inout [String]) -> [JSON.Member] {
        if session.panels.count > 1 { return panelPage(notes: &notes) }
        if panel == nil, session.facet != nil, !session.mainPlots.isEmpty {
            return facetPage(notes: &notes)
        }
        return chart(notes: &notes)
    }

    /// One chart's members: title, size, layers and how their scales resolve.
    func chart(notes: inout [String]) -> [JSON.Member] {
        // Plots on the right axis share a scale of their own: the left layers and the right
        // ones are two nested layers whose y scales are resolved independently (resolving
        // every layer independently would give each plot a scale of its own).
        var sides: [PlotBinding.Axis: [JSON]] = [:]
        for group in plotGroups() {
            let axis = group.first?.binding.axis ?? .left
            sides[axis, default: []] += self.layers(for: group, notes: &notes)
        }
        for axis in PlotBinding.Axis.allCases {
            sides[axis, default: []] +=
                markedLineLayers(on: axis) + annotationLayers(on: axis) + selectionLayers(on: axis)
                + lastPointLayers(on: axis)
        }
        sides[.left, default: []] += verticalLineLayers()
        // Each axis beside the left one (right, left2, right2) a nested layer of its own.
        let others = PlotBinding.Axis.allCases.dropFirst().filter { !(sides[$0] ?? []).isEmpty }
        let rightAxis = !others.isEmpty
        let layers =
            rightAxis
            ? [JSON.object(["layer": .array(sides[.left] ?? [])])]
                + others.map { JSON.object(["layer": .array(sides[$0] ?? [])]) }
            : sides[.left] ?? []
        return [
            JSON.Member("title", session.output.title.map(JSON.string) ?? .null),
            JSON.Member("width", .number(Double(width))),
            JSON.Member("height", .number(Double(height))),
            JSON.Member("layer", .array(layers)),
            JSON.Member("resolve", resolution(rightAxis: rightAxis)),
        ].filter { $0.value != .null }
    }

    /// The scales the layers keep their own: the right axis's y, and colour where a plot
    /// colours its points by a column (`hasColorChannel`).
    func resolution(rightAxis: Bool) -> JSON {
        var scales = [JSON.Member]()
        if rightAxis { scales.append(JSON.Member("y", "independent")) }
        if hasColorChannel { scales.append(JSON.Member("color", "independent")) }
        return scales.isEmpty ? .null : .object(["scale": .object(scales)])
    }

    /// What the spec is, and what it leaves out.
    func description(_ notes: [String]) -> String {
        var text = "chartbook session"
        if let title = session.output.title { text += ": " + title }
        if !notes.isEmpty {
            text += ". Not in this spec (no Vega-Lite equivalent): " + notes.joined(separator: "; ")
        }
        return text
    }

    // MARK: Data

    /// Whether a dataset is written inline (not as a `url`).
    func inline(_ dataset: Dataset) -> Bool { !dataset.exportedByReference(urls: urls) }

    /// Inline datasets by name: one object per row, every column, times as ISO 8601 text,
    /// missing cells as null, the x labels as `_label`.
    var datasets: JSON? {
        let inlined = session.datasetsInUse.filter(inline)
        // A page of panels: every panel's computed tables (plot ids may repeat across them).
        let drawn =
            session.panels.count > 1
            ? session.panels.indices.flatMap { panelSpec($0).drawnTables } : drawnTables
        guard !inlined.isEmpty || !drawn.isEmpty else { return nil }
        return .object(inlined.map { JSON.Member($0.name, .array(rows(of: $0))) } + drawn)
    }

    /// The tables its plots' transforms made that the spec carries as rows.
    var drawnTables: [JSON.Member] {
        session.mainPlots.filter(inlinesDrawnRows).compactMap { plot in
            plot.drawn.map { JSON.Member(drawnName(plot), .array(rows(of: $0.table))) }
        }
    }

    func rows(of dataset: Dataset) -> [JSON] {
        (0..<dataset.count).map { row($0, of: dataset) }
    }

    /// Row `row` of `dataset` as an object: its label (`_label`), then every column.
    func row(_ row: Int, of dataset: Dataset) -> JSON {
        var members = [JSON.Member]()
        if let labels = dataset.labels, row < labels.count {
            members.append(JSON.Member(Self.labelField, .string(labels[row])))
        }
        for column in dataset.columns {
            members.append(JSON.Member(column.name, cell(column, row)))
        }
        return .object(members)
    }

    func cell(_ column: Column, _ row: Int) -> JSON {
        switch column.values {
        case .numbers(let values):
            guard row < values.count, values[row].isFinite else { return .null }
            return column.isTime ? .string(time(values[row])) : .number(values[row])
        case .text(let values):
            return row < values.count ? .string(values[row]) : .null
        // The executor reads a dataset's every column before it is exported.
        case .unread: return .null
        }
    }

    /// A time as the session shows it (wall clock in its zone), written as full ISO 8601 in
    /// UTC — the one form every JavaScript engine parses alike — for a `utc` scale, so
    /// Vega-Lite shows the same wall clock whatever the viewer's zone.
    func time(_ seconds: Double) -> String {
        let wall = TimeText.iso(seconds, offset: session.timeZone.offset(atUTC: seconds))
        let parts = wall.split(separator: " ")
        guard parts.count == 2 else { return wall + "T00:00:00Z" }
        let clock = parts[1].count == 5 ? parts[1] + ":00" : parts[1]
        return "\(parts[0])T\(clock)Z"
    }

    /// The field inline datasets hold their x labels in.
    static let labelField = "_label"
    /// The row number (0-based) every layer computes, for index x and the selection.
    static let rowField = "_row"

    /// A layer's data: the named inline dataset or the file; then its row numbers, the
    /// plot's `where=` filter and any transforms of its own.
    func data(_ dataset: Dataset) -> JSON {
        if !inline(dataset), case .file(let path, _) = dataset.source {
            return .object(["url": .string(path), "format": .object(["type": "csv"])])
        }
        return .object(["name": .string(dataset.name)])
    }

    func transforms(for plot: Plot) -> [JSON] {
        var list: [JSON] = [
            .object([
                "window": .array([.object(["op": "row_number", "as": .string(Self.rowField)])])
            ]),
            .object([
                "calculate": .string("datum.\(Self.rowField) - 1"), "as": .string(Self.rowField),
            ]),
        ]
        // A plot drawn from its computed rows (inlined) has had its filter and transforms
        // (a faceted one's rows carry their panel's values).
        if inlinesDrawnRows(plot) { return list + panelFilters(for: plot) }
        if let filter = plot.binding.filter { list.append(.object(["filter": predicate(filter)])) }
        list += panelFilters(for: plot)
        return list + compilation(for: plot).steps
    }

    /// A `where=` as a Vega-Lite field predicate.
    func predicate(_ filter: RowFilter) -> JSON {
        let field = JSON.string(filter.column)
        let bound = filter.bound.map(JSON.number) ?? filter.values.first.map(JSON.string) ?? .null
        switch filter.op {
        case .equal:
            return .object(["field": field, "oneOf": .array(filter.values.map(literal))])
        case .notEqual:
            return .object([
                "not": .object(["field": field, "oneOf": .array(filter.values.map(literal))])
            ])
        case .less: return .object(["field": field, "lt": bound])
        case .lessOrEqual: return .object(["field": field, "lte": bound])
        case .greater: return .object(["field": field, "gt": bound])
        case .greaterOrEqual: return .object(["field": field, "gte": bound])
        }
    }

    /// A cell as typed in `where=`: a number when it reads as one.
    func literal(_ text: String) -> JSON {
        Double(text).map(JSON.number) ?? .string(text)
    }
}
