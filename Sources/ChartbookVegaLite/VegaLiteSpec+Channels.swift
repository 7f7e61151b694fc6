import ChartbookModel

/// A dot plot's channels (`color=COLUMN`, `size=COLUMN`) as Vega-Lite encodings, each with
/// chartbook's scale written out (`ChannelScales`): the same domain and range, so Vega draws
/// every point in the colour and at the size chartbook draws it. Rows without a value in a
/// channel are filtered out, as chartbook leaves them out.
extension VegaLiteSpec {
    /// Whether a main plot colours its points by a column: the chart's colour scales are
    /// then each layer's own (a ramp and the plots' names cannot share one).
    var hasColorChannel: Bool { session.mainPlots.contains { $0.binding.encoding.color != nil } }

    /// `encoding` with the plot's channels in place of its constant colour and size, and
    /// the filters that keep the rows with a value in each; unchanged without channels.
    func withChannels(_ plot: Plot, _ encoding: [JSON.Member], _ mark: inout [JSON.Member])
        -> (encoding: [JSON.Member], filters: [JSON])
    {
        guard let scales = ChannelScales(plot: plot, in: session) else { return (encoding, []) }
        var encoding = encoding
        var filters = [JSON]()
        if let color = scales.color {
            encoding.removeAll { $0.key == "color" }
            mark.removeAll { $0.key == "color" }
            encoding.append(JSON.Member("color", colorChannel(color)))
            filters.append(valid(color.column, text: color.isCategorical))
        }
        if let shape = scales.shape {
            mark.removeAll { $0.key == "shape" }
            encoding.removeAll { $0.key == "shape" }
            let names: [JSON] = ["circle", "square", "diamond", "cross"]
            encoding.append(
                JSON.Member(
                    "shape",
                    .object([
                        "field": .string(shape.column), "type": "nominal",
                        "title": .string(shape.column),
                        "scale": .object([
                            "domain": .array(shape.names.map(JSON.string)),
                            "range": .array(
                                shape.names.indices.map { names[$0 % names.count] }),
                        ]),
                    ])))
            filters.append(valid(shape.column, text: true))
        }
        if let opacity = scales.opacity {
            mark.removeAll { $0.key == "opacity" }
            let ends: [JSON] =
                opacity.time
                ? [
                    .string(time(opacity.domain.lowerBound)),
                    .string(time(opacity.domain.upperBound)),
                ]
                : [.number(opacity.domain.lowerBound), .number(opacity.domain.upperBound)]
            encoding.append(
                JSON.Member(
                    "opacity",
                    .object([
                        "field": .string(opacity.column),
                        "type": opacity.time ? "temporal" : "quantitative",
                        "title": .string(opacity.column),
                        "scale": .object([
                            "domain": .array(ends),
                            "range": .array([
                                .number(OpacityScale.range.lowerBound),
                                .number(OpacityScale.range.upperBound),
                            ]),
                        ]),
                    ])))
            filters.append(valid(opacity.column, text: false))
        }
        if let size = scales.size {
            mark.removeAll { $0.key == "size" }
            // Vega's size is the area of the symbol's square, d²: linear in the value from
            // the smallest diameter (at 0) to the largest (at the largest value), as chartbook's.
            let smallest = 4 * SizeScale.areas.lowerBound / Double.pi
            let largest = 4 * SizeScale.areas.upperBound / Double.pi
            encoding.append(
                JSON.Member(
                    "size",
                    .object([
                        "field": .string(size.column), "type": "quantitative",
                        "scale": .object([
                            "domain": .array([0, .number(size.maximum)]),
                            "range": .array([.number(smallest), .number(largest)]),
                            "clamp": true,
                        ]),
                    ])))
            // The largest first, under the smaller ones, as chartbook draws them.
            encoding.append(
                JSON.Member(
                    "order", .object(["field": .string(size.column), "sort": "descending"])))
            filters.append(valid(size.column, text: false))
        }
        return (encoding, filters)
    }

    /// A colour channel with chartbook's scale: the texts' palette colours, or the ramp's
    /// stops over the values' extent (mixed in RGB, as chartbook mixes them).
    func colorChannel(_ scale: ColorScale) -> JSON {
        switch scale {
        case .categorical(let column, let names, let colors):
            return .object([
                "field": .string(column), "type": "nominal", "title": .string(column),
                "scale": .object([
                    "domain": .array(names.map(JSON.string)),
                    "range": .array(colors.map { .string($0.hexOpaque) }),
                ]),
            ])
        case .continuous(let column, let domain, let time):
            let ends: [JSON] =
                time
                ? [.string(self.time(domain.lowerBound)), .string(self.time(domain.upperBound))]
                : [.number(domain.lowerBound), .number(domain.upperBound)]
            return .object([
                "field": .string(column), "type": time ? "temporal" : "quantitative",
                "title": .string(column),
                "scale": .object([
                    "domain": .array(ends),
                    "range": .array(ColorRamp.viridis.map { .string($0.hexOpaque) }),
                    "interpolate": "rgb",
                ]),
            ])
        }
    }

    /// Keeps the rows with a value in `column` (text: not empty).
    func valid(_ column: String, text: Bool) -> JSON {
        let field = "datum[\(JSON.quoted(column))]"
        return .object([
            "filter": .string(
                text
                    ? "isValid(\(field)) && \(field) !== ''"
                    : "isValid(\(field)) && isFinite(\(field))")
        ])
    }

    static let jitterField = "_jitter"

    /// `jitter=W`: each row's offset (`Jitter`, over its row number) as a field; over
    /// categories an `xOffset` of it across the band (a band scale without padding, whose
    /// centres are where chartbook puts the categories), over numbers and times x plus the
    /// offset times the slot (`Session.slot(of:)`; times in milliseconds).
    func jitter(
        _ plot: Plot, _ dataset: Dataset, _ encoding: inout [JSON.Member],
        _ transforms: inout [JSON]
    ) {
        guard let width = plot.style.marker.jitter, width > 0 else { return }
        transforms.append(
            .object([
                "calculate": .string(Jitter.vegaExpression(rowField: Self.rowField, width: width)),
                "as": .string(Self.jitterField),
            ]))
        guard let index = encoding.firstIndex(where: { $0.key == "x" }),
            case .object(var x) = encoding[index].value
        else { return }
        if let slot = session.slot(of: plot), let column = session.xColumn(of: plot) {
            let field = "datum[\(JSON.quoted(column.name))]"
            let value = column.isTime ? "time(toDate(\(field)))" : field
            let scale = column.isTime ? 1000 * slot : slot
            transforms.append(
                .object([
                    "calculate": .string(
                        "\(value) + datum.\(Self.jitterField) * \(NumberText.shortest(scale))"),
                    "as": "_jitter_x",
                ]))
            x = x.map { $0.key == "field" ? JSON.Member("field", "_jitter_x") : $0 }
            if !x.contains(where: { $0.key == "title" }) {
                x.append(JSON.Member("title", .string(column.name)))
            }
        } else {
            x.append(
                JSON.Member(
                    "scale", .object(["type": "band", "paddingInner": 0, "paddingOuter": 0])))
            encoding.append(
                JSON.Member(
                    "xOffset",
                    .object([
                        "field": .string(Self.jitterField), "type": "quantitative",
                        "scale": .object(["domain": .array([-0.5, 0.5])]),
                    ])))
        }
        encoding[index] = JSON.Member("x", .object(x))
    }
}
