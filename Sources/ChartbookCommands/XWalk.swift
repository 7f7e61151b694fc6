import ChartbookModel

/// The points one plot offers the explore keys, and the commands that select them or zoom
/// around them: point numbers on an index chart (`select N`), slots on a category axis
/// (`select x=NAME`), and the plot's drawn x values on a number, log or time axis (`select
/// x=VALUE`: the smallest above the selection, the largest below it). An ascending x column
/// is searched by halving, another in one pass (nothing is copied).
struct XWalk {
    let session: Session
    let plot: Plot
    let plotWidth: Int
    /// Bins a histogram as its chart bins it (`Executor.histogramTable`).
    var executor: Executor?

    init(session: Session, plot: Plot, plotWidth: Int) {
        self.session = session
        self.plot = plot
        self.plotWidth = plotWidth
    }

    private var kind: XScaleKind { session.xScaleKind }

    /// Whether the points are numbered: an index chart, or a category one whose categories
    /// have no names (a pie or radar of rows: `select N` picks the N-th as drawn).
    private var numbered: Bool {
        kind == .index || (kind == .category && session.xCategories.names.isEmpty)
    }

    /// A select move (← → Shift Home End) as a step.
    func select(_ move: ExploreMove, walked: Int) -> ExploreMove.Step {
        if session.chartType == .histogram {
            guard let command = binTarget(move) else {
                return ExploreMove.Step(note: endNote(move), walked: walked)
            }
            return ExploreMove.Step(command: command, walked: walked)
        }
        let command: Command? =
            numbered ? indexTarget(move) : kind == .category ? slotTarget(move) : valueTarget(move)
        guard let command else {
            return ExploreMove.Step(note: endNote(move), walked: walked)
        }
        return ExploreMove.Step(command: command, walked: walked)
    }

    private func endNote(_ move: ExploreMove) -> String {
        switch move {
        case .left, .leftFar, .first: "no point before this one"
        default: "no point after this one"
        }
    }

    /// Where a select move goes among `count` positions (points, bins, slots) from
    /// `current`: none selected, ← takes the last in view and → the first; Shift moves by
    /// `tenth` (a tenth of the positions unless given). Nil when it would not move.
    static func position(
        _ move: ExploreMove, from current: Int?, count: Int, inView: Range<Int>? = nil,
        tenth: Int? = nil
    ) -> Int? {
        guard count > 0 else { return nil }
        let view = inView ?? 0..<count
        let tenth = tenth ?? max(1, count / 10)
        let next: Int
        switch (move, current) {
        case (.first, _): next = 0
        case (.last, _): next = count - 1
        case (.left, nil), (.leftFar, nil): next = view.upperBound - 1
        case (_, nil): next = view.lowerBound
        case (.left, let i?): next = i - 1
        case (.right, let i?): next = i + 1
        case (.leftFar, let i?): next = i - tenth
        case (_, let i?): next = i + tenth
        }
        let clamped = min(max(next, 0), count - 1)
        return clamped == current ? nil : clamped
    }

    // MARK: Numbered points

    private func indexTarget(_ move: ExploreMove) -> Command? {
        let count = session.pointCount
        guard count > 0 else { return nil }
        let window = session.view.window(count: count, widthCells: plotWidth)
        let tenth = max(1, window.count / 10)
        let current: Int? =
            switch session.selection {
            case .index(let i): i
            case .last: count - 1
            // A category chart's `select N` keeps the slot as an x.
            case .x(let x) where x.isFinite: Int(saturating: x.rounded())
            default: nil
            }
        if move == .last {
            return current == count - 1 ? nil : .select(.last, at: TypedPlace(.generated))
        }
        return Self.position(move, from: current, count: count, inView: window, tenth: tenth)
            .map { .select(.index($0), at: TypedPlace(.generated)) }
    }

    // MARK: Histogram bins

    /// `select x=` at the centre of the bin before or after the selected one, as the chart
    /// bins the walked histogram (its `where=`, every histogram's values, `bins=`).
    private func binTarget(_ move: ExploreMove) -> Command? {
        guard let executor, let dataset = session.dataset(named: plot.series.dataset),
            let table = try? executor.histogramTable(plot, dataset, in: session, at: .generated),
            let from = table.column(named: "from")?.numbers,
            let to = table.column(named: "to")?.numbers, !from.isEmpty
        else { return nil }
        let count = from.count
        let current: Int? =
            if case .x(let x) = session.selection {
                from.indices.last { from[$0] <= x }.map { min($0, count - 1) }
            } else { nil }
        guard let next = Self.position(move, from: current, count: count) else { return nil }
        let centre = (from[next] + to[next]) / 2
        return .selectX(SessionScript.typed(SessionReport.xText(centre, in: session)))
    }

    // MARK: Category slots

    private func slotTarget(_ move: ExploreMove) -> Command? {
        let categories = session.xCategories
        let count = categories.names.count
        guard count > 0 else { return nil }
        let current: Int? =
            if case .x(let x) = session.selection, x.isFinite {
                min(max(Int(saturating: x.rounded()), 0), count - 1)
            } else { nil }
        guard let next = Self.position(move, from: current, count: count) else { return nil }
        return .selectX(SessionScript.typed(categories.names[next]))
    }

    // MARK: Values on a number, log or time axis

    /// The x interval in view: `view`'s, else the data's.
    private var window: ClosedRange<Double>? {
        session.view.xInterval ?? session.xExtent(on: kind)
    }

    private func valueTarget(_ move: ExploreMove) -> Command? {
        // The view, else the plot's own span (the data's extent is a pass over every plot).
        guard let points = XPoints(session: session, plot: plot),
            let window = session.view.xInterval ?? points.span
        else { return nil }
        let selected: Double? =
            if case .x(let x) = session.selection { points.nearest(to: x) } else { nil }
        let transform = ScaleTransform(kind)
        let tenth =
            (transform.forward(window.upperBound) - transform.forward(window.lowerBound)) / 10
        let next: Double?
        switch (move, selected) {
        case (.first, _): next = points.lowest(from: -.infinity, inclusive: true)
        case (.last, _): next = points.highest(from: .infinity, inclusive: true)
        case (.left, nil), (.leftFar, nil):
            next = points.highest(from: window.upperBound, inclusive: true)
        case (_, nil): next = points.lowest(from: window.lowerBound, inclusive: true)
        case (.left, let x?): next = points.highest(from: x, inclusive: false)
        case (.right, let x?): next = points.lowest(from: x, inclusive: false)
        case (.leftFar, let x?):
            next =
                points.highest(
                    from: transform.inverse(transform.forward(x) - tenth), inclusive: true)
                ?? points.lowest(from: -.infinity, inclusive: true)
        case (_, let x?):
            next =
                points.lowest(
                    from: transform.inverse(transform.forward(x) + tenth), inclusive: true)
                ?? points.highest(from: .infinity, inclusive: true)
        }
        guard let next, next != selected else { return nil }
        return .selectX(SessionScript.typed(SessionReport.xText(next, in: session)))
    }

    /// `select x=` at this plot's point nearest to the selection (Tab), nil when there is
    /// none to move to (no selection, or not on a value axis).
    func nearestSelection() -> Command? {
        guard case .x(let x) = session.selection, !numbered, kind != .category,
            session.chartType != .histogram,
            let points = XPoints(session: session, plot: plot),
            let nearest = points.nearest(to: x), nearest != x
        else { return nil }
        return .selectX(SessionScript.typed(SessionReport.xText(nearest, in: session)))
    }

    // MARK: Zoom

    /// `view A..B` of half or twice the view around the selection (else its middle); `view
    /// all` when twice holds every point.
    func zoom(in: Bool, walked: Int) -> ExploreMove.Step {
        guard session.chartType.hasXAxis else {
            return ExploreMove.Step(note: "+ and - zoom charts with an x axis", walked: walked)
        }
        // Categories without names (a chart of rows on a category axis) have no ends `view`
        // can name.
        guard kind == .index || !numbered else {
            return ExploreMove.Step(
                note: "+ and - zoom along named categories, numbers, times or points",
                walked: walked)
        }
        let command = kind == .index ? zoomPoints(in: `in`) : zoomInterval(in: `in`)
        guard let command else {
            return ExploreMove.Step(
                note: `in` ? "the view cannot be narrower" : "every point is in view",
                walked: walked)
        }
        return ExploreMove.Step(command: command, walked: walked)
    }

    private func zoomPoints(in: Bool) -> Command? {
        let count = session.pointCount
        let window = session.view.window(count: count, widthCells: plotWidth)
        let size = `in` ? window.count / 2 : window.count * 2
        if !`in` {
            guard window.count < count else { return nil }
            if size >= count { return Self.viewAll }
        }
        guard size >= 2, size < window.count || !`in` else { return nil }
        let centre: Int =
            switch session.selection {
            case .index(let i): i
            case .last: count - 1
            default: (window.lowerBound + window.upperBound) / 2
            }
        let first = min(max(centre - size / 2, 0), count - size)
        return SessionScript.points(first, size)
    }

    private func zoomInterval(in: Bool) -> Command? {
        guard var extent = session.xExtent(on: kind), var window else { return nil }
        if kind == .category {
            // The named slots, each a unit wide: `view` reads the ends by their names.
            let names = session.xCategories.names
            guard !names.isEmpty else { return nil }
            extent = -0.5...(Double(names.count) - 0.5)
            window = session.view.xInterval ?? extent
        }
        let transform = ScaleTransform(kind)
        let (lo, hi) = (transform.forward(window.lowerBound), transform.forward(window.upperBound))
        let (first, last) = (
            transform.forward(extent.lowerBound), transform.forward(extent.upperBound)
        )
        var centre = (lo + hi) / 2
        if case .x(let x) = session.selection, window.contains(x), transform.admits(x) {
            centre = transform.forward(x)
        }
        let half = (hi - lo) / 2 * (`in` ? 0.5 : 2)
        if !`in` {
            guard session.view.xInterval != nil else { return nil }
            if 2 * half >= last - first { return Self.viewAll }
        }
        // Kept inside the data (a window wider than the data starts where it starts).
        let a = max(min(centre - half, last - 2 * half), min(first, lo))
        let (lower, upper) = (transform.inverse(a), transform.inverse(a + 2 * half))
        guard lower.isFinite, upper.isFinite, lower < upper, transform.admits(lower) else {
            return nil
        }
        let (from, to) = SessionScript.viewEnds(lower...upper, in: session)
        guard from != to else { return nil }
        return .view(
            lower: SessionScript.typed(from), upper: SessionScript.typed(to),
            at: TypedPlace(.generated))
    }

    private static let viewAll = Command.view(lower: nil, upper: nil, at: TypedPlace(.generated))
}
