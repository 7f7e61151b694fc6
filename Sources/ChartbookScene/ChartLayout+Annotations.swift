import ChartbookModel
import Foundation

/// Texts and arrows written onto the chart (`add text`, `add arrow`, issue 29), in data units:
/// placed by the chart's own x and y mappings, over the data, inside the plot area — a text
/// whose point is outside the view is not drawn (the view clips it, as it clips data), one
/// that would run past the area's edge is moved in, and one that would cover another text
/// (the legend, a label, an annotation laid before) tries the rows above and below, else it
/// is left out. An arrow is cut at the area's edges; its head is drawn where its point is
/// inside.
extension ChartLayout {
    /// What `annotations` lays out.
    struct AnnotationParts {
        var arrows = [Scene.Arrow]()
        var texts = [Scene.Text]()
    }

    func annotations(_ c: ChartContext, _ f: Frame, used: [Scene.Text]) -> AnnotationParts {
        // Numbers, times and categories: the executor refuses annotations on row numbers.
        guard let plan = f.x.plan, !c.session.annotations.isEmpty else {
            return AnnotationParts()
        }
        var parts = AnnotationParts()
        var placer = TextPlacer(area: f.area, used: used)
        let size = (x: f.area.width * dots.x, y: f.area.height * dots.y)
        // A point's dot position, nil where it is not finite on the chart's scales.
        func dot(_ p: Annotation.Point, _ axis: PlotBinding.Axis) -> (x: Double, y: Double)? {
            let x = Self.annotationX(p, plan)
            let y = ScaleTransform(c.session.axes.yScale).placed(p.y)
            guard x.isFinite, y.isFinite, let affine = f.x.mapping.affine else { return nil }
            return (affine.offset + affine.scale * x, f.y(axis).position(y))
        }
        func inside(_ d: (x: Double, y: Double)) -> Bool {
            d.x > -0.5 && d.x < Double(size.x) - 0.5 && d.y > -0.5 && d.y < Double(size.y) - 0.5
        }
        for a in c.session.annotations {
            switch a.kind {
            case .text(let p, let anchor):
                guard let d = dot(p, a.axis), inside(d), let text = a.text else { continue }
                if let placed = placer.place(text, at: cell(d), anchor: anchor, color: a.color) {
                    parts.texts.append(placed)
                }
            case .arrow(let from, let to):
                guard let a0 = dot(from, a.axis), let b0 = dot(to, a.axis),
                    let (s, e) = Self.clip(a0, b0, width: size.x, height: size.y)
                else { continue }
                let color = a.color ?? c.session.output.themeColors.mark
                parts.arrows.append(
                    Scene.Arrow(
                        from: DotPoint(x: XMapping.round(s.x), y: XMapping.round(s.y)),
                        to: DotPoint(x: XMapping.round(e.x), y: XMapping.round(e.y)),
                        head: inside(b0), color: color, style: a.style))
                // The text stands at the tail, on the side away from the head.
                if let text = a.text, inside(a0),
                    let placed = placer.place(
                        text, at: cell(a0), anchor: b0.x >= a0.x ? .right : .left, color: color)
                {
                    parts.texts.append(placed)
                }
            }
        }
        return parts

        func cell(_ d: (x: Double, y: Double)) -> (column: Int, row: Int) {
            (
                f.area.column + XMapping.round(d.x) / dots.x,
                f.area.row + XMapping.round(d.y) / dots.y
            )
        }
    }

    /// The y values (log10 on a log scale) of the annotations' points on `axis` whose x is
    /// in view: an automatic range widens to show them, as it does for marked lines.
    func annotationValues(_ session: Session, axis: PlotBinding.Axis, x: XSide) -> [Double] {
        guard let plan = x.plan else { return [] }
        return session.annotations.filter { $0.axis == axis }.flatMap(\.points).compactMap { p in
            let px = Self.annotationX(p, plan)
            let py = ScaleTransform(session.axes.yScale).placed(p.y)
            return px.isFinite && py.isFinite && plan.domain.contains(px) ? py : nil
        }
    }

    /// A point's x as the axis places it: through a log, sqrt or symlog x's transform, a category's slot by its name
    /// (NaN where no category has it now), else the value.
    static func annotationX(_ p: Annotation.Point, _ plan: XAxisPlan) -> Double {
        switch plan.scale {
        case .log, .sqrt, .symlog: plan.scale.transform.placed(p.x)
        case .category: plan.categories.existingSlot(of: p.xText).map(Double.init) ?? .nan
        default: p.x
        }
    }

    /// The part of the segment from `a` to `b` (dot positions) inside the plot area
    /// (Liang–Barsky); nil when none is.
    static func clip(
        _ a: (x: Double, y: Double), _ b: (x: Double, y: Double), width: Int, height: Int
    ) -> ((x: Double, y: Double), (x: Double, y: Double))? {
        let dx = b.x - a.x, dy = b.y - a.y
        var t0 = 0.0, t1 = 1.0
        let edges = [
            (-dx, a.x), (dx, Double(width - 1) - a.x), (-dy, a.y), (dy, Double(height - 1) - a.y),
        ]
        for (p, q) in edges {
            if p == 0 {
                if q < 0 { return nil }
                continue
            }
            let r = q / p
            if p < 0 { t0 = max(t0, r) } else { t1 = min(t1, r) }
            if t0 > t1 { return nil }
        }
        return ((a.x + t0 * dx, a.y + t0 * dy), (a.x + t1 * dx, a.y + t1 * dy))
    }

    /// Places annotation texts in the plot area: in the point's row, then the rows above and
    /// below it, beside the point as its anchor says and moved in from the area's edges,
    /// where no other text is.
    struct TextPlacer {
        let area: Scene.CellRect
        var taken: [Int: [Range<Int>]] = [:]

        init(area: Scene.CellRect, used: [Scene.Text]) {
            self.area = area
            for text in used {
                taken[text.row, default: []].append(
                    text.column..<(text.column + TextMetrics.width(of: text.text)))
            }
        }

        /// `text` by the cell `at`, or nil where every place is taken (or the area too narrow).
        mutating func place(
            _ text: String, at point: (column: Int, row: Int), anchor: Annotation.Anchor,
            color: Color?
        ) -> Scene.Text? {
            let width = TextMetrics.width(of: text)
            guard width > 0, width <= area.width else { return nil }
            let wanted =
                switch anchor {
                case .left: point.column + 1
                case .right: point.column - width
                case .center: point.column - width / 2
                }
            let start = min(max(wanted, area.column), area.column + area.width - width)
            let span = start..<(start + width)
            for row in [point.row, point.row - 1, point.row + 1]
            where row >= area.row && row < area.row + area.height {
                guard !(taken[row] ?? []).contains(where: { $0.overlaps(span) }) else { continue }
                taken[row, default: []].append(span)
                return Scene.Text(
                    role: .annotation, row: row, column: start, text: text, color: color)
            }
            return nil
        }
    }
}
