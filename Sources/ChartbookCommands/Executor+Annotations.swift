import ChartbookModel

/// `add text` and `add arrow` (issue 29): marks written onto the chart in data units.
extension Executor {
    /// Reads the spec's points by the chart's scales — x as a vertical line's (a number or a
    /// time; above 0 on a log x) or a category's name, y a number (above 0 on a log y axis)
    /// — and appends the annotation with the next id. Refused where an x would follow no
    /// value (no x axis, row numbers), the session unchanged.
    func addAnnotation(_ spec: AnnotationSpec, in s: inout Session, at range: SourceRange)
        throws(Diagnostic)
    {
        let axis = spec.axis ?? .left
        var points = [Annotation.Point]()
        for point in spec.points {
            // A category is followed by its name (its slot may move when the data changes).
            try checkFollowsX(
                point.x, in: s, what: "annotations (add \(spec.kind.rawValue))", key: "x",
                categories: true)
            let x = try xValue(point.x, in: s)
            points.append(
                Annotation.Point(
                    x: x, y: try yValue(point.y, on: axis, in: s), xText: point.x.value,
                    yText: point.y.value))
        }
        if spec.kind == .arrow, points.count == 2, points[0].x == points[1].x,
            points[0].y == points[1].y, let last = spec.points.last
        {
            throw Diagnostic(
                .invalidValue(
                    key: "to", value: "\(last.x.value) \(last.y.value)",
                    expected: "a point other than the arrow's start"),
                at: last.y.range)
        }
        guard s.annotations.count < limits.maxMarkedLines else {
            throw Diagnostic(.tooMany("annotations", limit: limits.maxMarkedLines), at: range)
        }
        let kind: Annotation.Kind
        switch spec.kind {
        case .text: kind = .text(points[0], anchor: spec.anchor ?? .left)
        case .arrow: kind = .arrow(from: points[0], to: points[1])
        }
        s.annotations.append(
            Annotation(
                id: "a\(s.nextAnnotationNumber)", kind: kind,
                text: spec.text.map(TextMetrics.sanitized), color: spec.color,
                style: spec.style ?? .solid, axis: axis))
        s.nextAnnotationNumber += 1
    }

    /// `set annotation ID …`: the text and options given replace the annotation's own; an
    /// anchor is a text's, a style an arrow's (refused on the other, nothing changed).
    func setAnnotation(_ id: Located<String>, _ change: AnnotationSpec, in s: inout Session)
        throws(Diagnostic)
    {
        guard let i = s.annotations.firstIndex(where: { $0.id == id.value }) else {
            throw Diagnostic(
                .unknown(.annotation, id.value, candidates: s.annotations.map(\.id)),
                at: id.range)
        }
        var a = s.annotations[i]
        if let text = change.text { a.text = TextMetrics.sanitized(text) }
        if let color = change.color { a.color = color }
        if let axis = change.axis { a.axis = axis }
        switch a.kind {
        case .text(let point, _):
            if change.style != nil {
                throw Diagnostic(
                    .invalidValue(
                        key: "style", value: change.style?.rawValue ?? "",
                        expected: "nothing: style= is an arrow's (\(a.id) is a text)"),
                    at: id.range)
            }
            if let anchor = change.anchor { a.kind = .text(point, anchor: anchor) }
        case .arrow:
            if change.anchor != nil {
                throw Diagnostic(
                    .invalidValue(
                        key: "anchor", value: change.anchor?.rawValue ?? "",
                        expected: "nothing: anchor= is a text's (\(a.id) is an arrow)"),
                    at: id.range)
            }
            if let style = change.style { a.style = style }
        }
        s.annotations[i] = a
    }

    /// A y value of an annotation: a number, above 0 on a log y scale.
    private func yValue(_ text: Located<String>, on axis: PlotBinding.Axis, in s: Session)
        throws(Diagnostic) -> Double
    {
        guard let value = ValueParser.number(text.value), value.isFinite else {
            throw Diagnostic(.expected(.annotationY, found: text.value), at: text.range)
        }
        guard ScaleTransform(s.axes.yScale).admits(value) else {
            let what = s.axes.yScale == .log ? "above 0 on a log y" : "0 or more on a sqrt y"
            throw Diagnostic(
                .invalidValue(key: "y", value: text.value, expected: "a value " + what),
                at: text.range)
        }
        return value
    }
}
