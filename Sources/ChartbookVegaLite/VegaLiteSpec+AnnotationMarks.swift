import ChartbookModel

/// `add text` and `add arrow` in Vega-Lite (issue 29): a text mark at its point (aligned as
/// its anchor says), and an arrow as a rule from one point to the other with a triangle at
/// its point, turned by the scales' own mapping (an expression over `scale("x", …)` and
/// `scale("y", …)`, so it points along the rule at any size); an arrow's text at its tail.
extension VegaLiteSpec {
    func annotationLayers(on axis: PlotBinding.Axis) -> [JSON] {
        let kind = session.xScaleKind
        guard kind != .index else { return [] }
        let at = AnnotationDatums(kind: kind)
        return session.annotations.filter { $0.axis == axis }.flatMap { a -> [JSON] in
            switch a.kind {
            case .text(let p, let anchor):
                return a.text.map { [at.text($0, p, align: anchor.rawValue, color: a.color)] }
                    ?? []
            case .arrow(let from, let to):
                let color = a.color ?? session.output.themeColors.mark
                let text = a.text.map {
                    at.text($0, from, align: to.x >= from.x ? "right" : "left", color: color)
                }
                return at.arrow(from, to, color: color, style: a.style) + [text].compactMap { $0 }
            }
        }
    }
}

/// Where annotations' points stand on the chart's scales: a number, a time (milliseconds
/// since the epoch, a temporal datum) or a category by its name (the chart's x is ordinal).
struct AnnotationDatums {
    let time: Bool
    let category: Bool

    init(kind: XScaleKind) {
        time = kind == .time
        category = kind == .category
    }

    func x(_ p: Annotation.Point) -> JSON {
        category ? .string(p.xText) : .number(time ? p.x * 1000 : p.x)
    }

    /// The `x` and `y` channels of a point.
    func datum(_ p: Annotation.Point) -> [JSON.Member] {
        let type = category ? "ordinal" : time ? "temporal" : "quantitative"
        return [
            JSON.Member("x", .object(["datum": x(p), "type": .string(type)])),
            JSON.Member("y", .object(["datum": .number(p.y)])),
        ]
    }

    /// The point's x in pixels, as an expression: a category's band centre, a time in ms.
    func pixelX(_ p: Annotation.Point) -> String {
        if category { return "(scale('x', \(JSON.quoted(p.xText))) + bandwidth('x') / 2)" }
        let value = NumberText.shortest(time ? p.x * 1000 : p.x)
        return "scale('x', \(time ? "datetime(\(value))" : value))"
    }

    func text(_ t: String, _ p: Annotation.Point, align: String, color: Color?) -> JSON {
        var mark: [JSON.Member] = [
            JSON.Member("type", "text"), JSON.Member("align", .string(align)),
            JSON.Member("dx", .number(align == "left" ? 6 : align == "right" ? -6 : 0)),
        ]
        if let color { mark.append(JSON.Member("color", .string(color.hexOpaque))) }
        return .object([
            "data": VegaLiteSpec.oneRow, "mark": .object(mark),
            "encoding": .object(datum(p) + [JSON.Member("text", .object(["value": .string(t)]))]),
        ])
    }

    /// A rule from `from` to `to` and a filled triangle at `to`, pointing along the rule.
    func arrow(_ from: Annotation.Point, _ to: Annotation.Point, color: Color, style: RuleStyle)
        -> [JSON]
    {
        let angle =
            "atan2(scale('y', \(NumberText.shortest(to.y))) - scale('y', \(NumberText.shortest(from.y))), \(pixelX(to)) - \(pixelX(from))) * 180 / PI + 90"
        return [
            .object([
                "data": VegaLiteSpec.oneRow,
                "mark": .object([
                    "type": "rule", "color": .string(color.hexOpaque),
                    "strokeDash": VegaLiteSpec.dash(style), "strokeWidth": 1.5,
                ]),
                "encoding": .object(
                    datum(from) + [
                        JSON.Member("x2", .object(["datum": x(to)])),
                        JSON.Member("y2", .object(["datum": .number(to.y)])),
                    ]),
            ]),
            .object([
                "data": VegaLiteSpec.oneRow,
                "mark": .object([
                    "type": "point", "shape": "triangle-up", "filled": true, "size": 60,
                    "color": .string(color.hexOpaque), "opacity": 1,
                    "angle": .object(["expr": .string(angle)]),
                ]),
                "encoding": .object(datum(to)),
            ]),
        ]
    }
}
