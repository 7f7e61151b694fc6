import Foundation
import ChartbookModel

/// `view`, `scroll` and `select`: on a real x scale (numbers, times, categories) the window
/// is an x interval in data units (`View.xInterval`); on an index chart, a window of points.
extension Executor {
    /// The window, scrolling and selection.
    func applyViewing(_ command: Command, to s: inout Session, at range: SourceRange)
        throws(Diagnostic) -> [Effect]
    {
        switch command {
        case .selectX(let text): try selectX(text, in: &s)
        case .select(.index(let i), let place) where s.xScaleKind != .index:
            try selectRow(i, at: place.range, in: &s)
        case .select(let selection, let place): try select(selection, at: place.range, in: &s)
        case .setSpacing(let spacing): s.view.spacing = spacing
        case .scroll where !s.chartType.hasXAxis,
            .view(.some, .some, _) where !s.chartType.hasXAxis:
            throw Diagnostic(
                .notForChart(command: "scroll and view", chart: s.chartType.noun), at: range)
        case .scroll(let amount) where s.xScaleKind != .index:
            try scrollInterval(amount, in: &s)
        case .scroll(let amount): try scrollPoints(amount, in: &s)
        case .view(nil, _, _), .view(_, nil, _):
            s.view.xInterval = nil
            s.view.spacing = .auto
            s.view.anchor = s.view.direction == .rtl ? .end(0) : .start(0)
        case .view(.some(let lower), .some(let upper), _) where s.xScaleKind != .index:
            try viewInterval(lower, upper, in: &s)
        case .view(.some(let lower), .some(let upper), let place):
            try viewPoints(lower, upper, at: place.range, in: &s)
        case .setDirection(let direction):
            s.view.direction = direction
            s.view.anchor = direction == .rtl ? .end(0) : .start(0)
        case .setPadding(let sides):
            for (side, cells) in sides { s.view[padding: side] = cells }
        default: break
        }
        return [.render]
    }

    /// `select N|last|none` on an index chart: point N must exist; a point outside the window
    /// scrolls into view.
    func select(_ selection: Selection?, at range: SourceRange, in s: inout Session)
        throws(Diagnostic)
    {
        if case .index(let i) = selection {
            let count = s.pointCount
            guard !s.plots.isEmpty else { throw Diagnostic(.noPlots, at: range) }
            guard i < count else { throw Diagnostic(.indexOutOfRange(i, count: count), at: range) }
        } else if selection == .last, s.plots.isEmpty {
            throw Diagnostic(.noPlots, at: range)
        }
        s.selection = selection
        guard case .index(let i) = selection else { return }
        let count = s.pointCount, width = plotWidth(s)
        let window = s.view.window(count: count, widthCells: width)
        if !window.contains(i) {
            let first = i < window.lowerBound ? i : i - window.count + 1
            s.view.anchor = s.view.anchor(showingFrom: first, count: count, widthCells: width)
        }
    }

    /// `scroll` on an index chart: by points, a page or a fraction of the window.
    func scrollPoints(_ amount: ScrollAmount, in s: inout Session) throws(Diagnostic) {
        let count = s.pointCount, width = plotWidth(s)
        let window = s.view.window(count: count, widthCells: width)
        let first: Int
        switch amount {
        case .start:
            s.view.anchor = .start(0)
            return
        case .end:
            s.view.anchor = .end(0)
            return
        case .pages(let n): first = window.lowerBound + window.count * n
        case .points(let n): first = window.lowerBound + n
        case .percent(let p):
            first = window.lowerBound + Int(saturating: (Double(window.count) * p / 100).rounded())
        case .distance(let text):
            throw Diagnostic(
                .notAnXValue(text.value, scale: "index", expected: "+N points or +N%"),
                at: text.range)
        }
        s.view.anchor = s.view.anchor(showingFrom: first, count: count, widthCells: width)
    }

    /// `view A..B` on an index chart: points A through B fill the width.
    func viewPoints(
        _ lower: Located<String>, _ upper: Located<String>, at range: SourceRange,
        in s: inout Session
    ) throws(Diagnostic) {
        guard let first = Int(lower.value), let last = Int(upper.value), first >= 0, last > first
        else {
            throw Diagnostic(
                .invalidValue(
                    key: "view", value: "\(lower.value)..\(upper.value)",
                    expected: "points A..B with 0 <= A < B"), at: range)
        }
        let count = s.pointCount
        guard last < count else {
            throw Diagnostic(.indexOutOfRange(last, count: count), at: range)
        }
        s.view.spacing = .points(last - first + 1)
        s.view.anchor = s.view.anchor(showingFrom: first, count: count, widthCells: plotWidth(s))
    }

    func xReader(_ s: Session) -> XValueReader {
        XValueReader(scale: s.xScaleKind, timeZone: s.timeZone, categories: s.xCategories)
    }

    /// `view A..B` on a real x scale.
    func viewInterval(
        _ lower: Located<String>, _ upper: Located<String>, in s: inout Session
    ) throws(Diagnostic) {
        let reader = xReader(s)
        var a = try reader.value(lower), b = try reader.value(upper)
        if s.xScaleKind == .category { a -= 0.5; b += 0.5 }
        let admitted = s.xScaleKind.admitted
        guard a < b, admitted == nil || s.xScaleKind.transform.admits(a) else {
            throw Diagnostic(
                .invalidValue(
                    key: "view", value: "\(lower.value)..\(upper.value)",
                    expected: admitted.map { "A before B, each \($0)" } ?? "A before B"),
                at: lower.range)
        }
        s.view.xInterval = a...b
    }

    /// `scroll` on a real x scale: the interval moves and stops at the data's ends.
    func scrollInterval(_ amount: ScrollAmount, in s: inout Session) throws(Diagnostic) {
        let kind = s.xScaleKind
        guard var extent = s.xExtent(on: kind) else { return }
        if kind == .category {
            extent = (extent.lowerBound - 0.5)...(extent.upperBound + 0.5)
        }
        let transform = ScaleTransform(kind)
        let forward = transform.forward, back = transform.inverse
        let window = s.view.xInterval ?? extent
        var lo = forward(window.lowerBound), hi = forward(window.upperBound)
        let first = forward(extent.lowerBound), last = forward(extent.upperBound)
        let width = hi - lo
        var shift = 0.0
        switch amount {
        case .start: shift = first - lo
        case .end: shift = last - hi
        case .pages(let n): shift = width * Double(n)
        case .percent(let p): shift = width * p / 100
        case .points(let n): shift = Double(n)
        case .distance(let text):
            switch try xReader(s).distance(text) {
            case .units(let units): shift = units
            case .months(let months):
                // Calendar months from the window's start; the width stays.
                let start = window.lowerBound
                shift =
                    CivilCalendar.adding(
                        months: months, to: start, offset: s.timeZone.offset(atUTC: start))
                    - start
            }
        }
        // Stop at the ends (a window wider than the data shows it from its start).
        shift = min(shift, last - hi)
        shift = max(shift, first - lo)
        lo += shift
        hi += shift
        // A window that would not be an interval of the axis (found by the layout fuzzer: a
        // window on a log axis holding 0) stays as it was.
        let (a, b) = (back(lo), back(hi))
        guard a.isFinite, b.isFinite, a < b, transform.admits(a) else { return }
        s.view.xInterval = a...b
    }

    /// `select x=VALUE`, scrolling the window to it when it is outside.
    func selectX(_ text: Located<String>, in s: inout Session) throws(Diagnostic) {
        guard !s.plots.isEmpty else { throw Diagnostic(.noPlots, at: text.range) }
        let value = try xReader(s).value(text)
        if let admitted = s.xScaleKind.admitted, !s.xScaleKind.transform.admits(value) {
            throw Diagnostic(
                .invalidValue(key: "x", value: text.value, expected: admitted), at: text.range)
        }
        s.selection = .x(value)
        reveal(value, in: &s)
    }

    /// `select N` on a real x scale: the Nth row of the first plot, by its x.
    func selectRow(_ index: Int, at range: SourceRange, in s: inout Session) throws(Diagnostic) {
        guard let plot = s.mainPlots.first else { throw Diagnostic(.noPlots, at: range) }
        // A remote dataset holds a drawing's rows, not every row: row N is not among them.
        if let dataset = s.dataset(named: plot.series.dataset), dataset.remote != nil {
            throw Diagnostic(
                .remoteNeedsLocal(
                    dataset: dataset.name,
                    needs: "a row by its number (select x=VALUE selects by x)"),
                at: range)
        }
        var categories = s.xCategories
        let xs = s.xValues(of: plot, on: s.xScaleKind, categories: &categories)
        guard index < xs.count else {
            throw Diagnostic(.indexOutOfRange(index, count: xs.count), at: range)
        }
        s.selection = .x(xs[index])
        reveal(xs[index], in: &s)
    }

    /// Moves a window that does not show `value` so that it is in the middle.
    /// The window keeps its width (on a log axis its ratio, in decades) and stays inside the
    /// data when it is narrower than the data: selecting the last point does not show half a
    /// window past the end.
    private func reveal(_ value: Double, in s: inout Session) {
        guard let window = s.view.xInterval, !window.contains(value), value.isFinite else {
            return
        }
        let kind = s.xScaleKind
        let transform = ScaleTransform(kind)
        guard transform.admits(value), transform.admits(window.lowerBound) else { return }
        let half: Double =
            (transform.forward(window.upperBound) - transform.forward(window.lowerBound)) / 2
        var lo = transform.forward(value) - half
        if var extent = s.xExtent(on: kind) {
            if kind == .category {
                extent = (extent.lowerBound - 0.5)...(extent.upperBound + 0.5)
            }
            let first = transform.forward(extent.lowerBound)
            let last = transform.forward(extent.upperBound)
            if 2 * half < last - first { lo = min(max(lo, first), last - 2 * half) }
        }
        let (a, b) = (transform.inverse(lo), transform.inverse(lo + 2 * half))
        if a.isFinite, b.isFinite, a < b, transform.admits(a) { s.view.xInterval = a...b }
    }
}
