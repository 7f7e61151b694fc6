/// What x is for the chart: the one place that decides it, for the executor (checking
/// plots, reading `view`/`select` values) and the layout (drawing).
extension Session {
    /// The x column `plot` draws against: its own `x=`, else its dataset's `x=` from `load`
    /// (a box plot: its `by=`); nil when x is the point index.
    public func xColumn(of plot: Plot) -> Column? {
        // A box plot's x is its groups.
        if plot.kind == .box {
            return plot.binding.by.flatMap {
                table(of: plot)?.column(named: $0)
            }
        }
        guard let dataset = table(of: plot),
            let name = plot.binding.x ?? dataset.xColumn
        else { return nil }
        return dataset.column(named: name)
    }

    /// The plots on the main chart (not sparklines), in drawing order.
    public var mainPlots: [Plot] { plots.filter { $0.kind != .sparkline } }

    /// The chart's x scale: `set xscale`, else what the first main plot's x column holds
    /// (times: time; numbers: linear; text: category), else the index.
    public var xScaleKind: XScaleKind {
        // Histograms are drawn over their values, box plots over their groups.
        switch chartType {
        case .histogram: return .linear
        case .box, .horizontal, .pie, .radar: return .category
        default: break
        }
        if let chosen = axes.xScale { return chosen }
        guard let first = mainPlots.first else { return .index }
        return Self.detectedScale(of: xColumn(of: first))
    }

    /// The scale a column asks for: time, linear, category; nil (no column) is the index.
    public static func detectedScale(of column: Column?) -> XScaleKind {
        guard let column else { return .index }
        if column.isTime { return .time }
        return column.isNumeric ? .linear : .category
    }

    /// Why `plot` cannot be drawn on an x scale of `kind`, or nil when it can.
    public func xMismatch(of plot: Plot, on kind: XScaleKind) -> String? {
        guard plot.kind.chart == .cartesian else { return nil }
        let column = xColumn(of: plot)
        switch kind {
        case .index, .category: return nil
        case .linear, .log, .sqrt, .symlog, .time:
            guard let column else { return "its x is the point index" }
            guard column.isNumeric else { return "its x column '\(column.name)' is text" }
            // Numbers read as seconds since the epoch, or times as plain numbers, would be a
            // guess: a time axis takes times only, a number axis numbers only.
            if kind == .time, !column.isTime {
                return "its x column '\(column.name)' holds numbers, not times"
            }
            if kind != .time, column.isTime {
                return "its x column '\(column.name)' holds times"
            }
            return nil
        }
    }

    /// The x values of `plot` on a scale of `kind`, one per row: numbers and times as they
    /// are, categories as slot numbers in `categories` (built up in order of first
    /// appearance), the index as 0, 1, 2 …
    public func xValues(of plot: Plot, on kind: XScaleKind, categories: inout XCategories)
        -> [Double]
    {
        let count = table(of: plot)?.count ?? 0
        guard kind != .index, let column = xColumn(of: plot) else {
            return (0..<count).map(Double.init)
        }
        if kind == .category {
            return (0..<column.count).map { categories.slot(of: column.text(at: $0)) }
        }
        return column.numbers ?? Array(repeating: .nan, count: column.count)
    }

    /// Every category of the main plots' x columns, in order of first appearance — or of
    /// the first main plot's `sort=` (`sortedCategories`).
    /// Empty unless the x scale is a category scale (no other scale reads them, and naming
    /// every row of a long time column was seconds of work per `view` or `select`).
    public var xCategories: XCategories {
        let met = xCategoriesAsMet
        return sortedCategories(met) ?? met
    }

    /// The categories in order of first appearance (before any `sort=`).
    public var xCategoriesAsMet: XCategories {
        var categories = XCategories()
        guard xScaleKind == .category else { return categories }
        for plot in mainPlots { _ = xValues(of: plot, on: .category, categories: &categories) }
        return categories
    }

    /// The categories in the order the first main plot's `sort=` asks (`sort=descending`
    /// on vertical bars: by its values, rows of a category adding up), every category of
    /// `firstSeen` placed; nil when no plot asks one.
    public func sortedCategories(_ firstSeen: XCategories) -> XCategories? {
        guard
            let plot = mainPlots.first(where: {
                $0.kind.spec.traits.contains(.sortsCategories) && $0.kind.chart == .cartesian
                    && ($0.style.categories.sort ?? .data) != .data
            }),
            let sort = plot.style.categories.sort, let column = xColumn(of: plot),
            let values = values(of: plot)
        else { return nil }
        var totals = [Double](repeating: .nan, count: firstSeen.names.count)
        for row in 0..<min(column.count, values.count) where values[row].isFinite {
            guard let slot = firstSeen.existingSlot(of: column.text(at: row)) else { continue }
            totals[slot] = totals[slot].isNaN ? values[row] : totals[slot] + values[row]
        }
        guard let order = sort.order(of: firstSeen.names, totals: totals) else { return nil }
        var sorted = XCategories()
        for index in order { _ = sorted.slot(of: firstSeen.names[index]) }
        return sorted
    }
}

/// The distinct values of a category axis, each with its slot (0, 1, 2 … in order of first
/// appearance).
public struct XCategories: Equatable, Sendable {
    public private(set) var names: [String] = []
    private var slots: [String: Int] = [:]

    public init() {}

    /// The slot of `name`, adding it when new. Empty cells have no slot (NaN).
    public mutating func slot(of name: String) -> Double {
        guard !name.isEmpty else { return .nan }
        if let slot = slots[name] { return Double(slot) }
        slots[name] = names.count
        names.append(name)
        return Double(names.count - 1)
    }

    /// The slot of an existing name.
    public func existingSlot(of name: String) -> Int? { slots[name] }
}

extension Session {
    /// The x interval the main plots' data covers on a scale of `kind` (log: positive
    /// values only); nil when there is none. Index: 0 … the last point.
    public func xExtent(on kind: XScaleKind) -> ClosedRange<Double>? {
        if kind == .index { return pointCount > 0 ? 0...Double(pointCount - 1) : nil }
        var categories = XCategories()
        var lo = Double.infinity, hi = -Double.infinity
        if chartType == .histogram {
            // A histogram's x is its values.
            for plot in mainPlots {
                guard let (a, b) = Statistics.extent(of: (values(of: plot) ?? [])[...])
                else { continue }
                lo = min(lo, a)
                hi = max(hi, b)
            }
            return lo <= hi ? lo...hi : nil
        }
        for plot in mainPlots {
            // An ascending x column's ends are its first and last numbers (its first above 0
            // on a log scale): no pass over 10⁸ rows on every scroll.
            if kind != .category, let column = xColumn(of: plot), column.ascends,
                let numbers = column.numbers, let last = numbers.last
            {
                let first =
                    kind == .log ? numbers.first(where: { $0 > 0 }) ?? .nan : numbers[0]
                if first.isFinite, kind != .log || last > 0 {
                    lo = min(lo, first)
                    hi = max(hi, last)
                }
                continue
            }
            for x in xValues(of: plot, on: kind, categories: &categories)
            where x.isFinite && (kind != .log || x > 0) {
                lo = min(lo, x)
                hi = max(hi, x)
            }
        }
        return lo <= hi ? lo...hi : nil
    }
}

extension Session {
    /// Drops a `select x=` and a `view A..B` when the x scale is no longer `previous`: an x
    /// value means something else on another scale (a number is not a category).
    public mutating func forgetXPlaces(unless previous: XScaleKind) {
        guard xScaleKind != previous else { return }
        if case .x = selection { selection = nil }
        view.xInterval = nil
    }
}
