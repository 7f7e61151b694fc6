import ChartbookModel
import Foundation

/// A real x axis (numbers, times, categories, log) laid out: the interval shown, in data
/// units after the scale's transform, and its ticks with their labels. The index axis keeps
/// `XLabelPlacer`.
struct XAxisPlan {
    var scale: XScaleKind
    /// The x interval across the plot area.
    var domain: ClosedRange<Double>
    /// The interval all data covers (for the position line and scrolling).
    var extent: ClosedRange<Double>
    var categories: XCategories
    /// Seconds east of UTC that time ticks and labels are shown at.
    var offset: Int
    /// Whether every x is a whole number (years, counts): a linear axis then ticks whole
    /// numbers only, never `2020.5`. Judged on series of up to `wholeNumberLimit` points
    /// (a longer one counts as not: the scan would cost every drawing).
    var wholeNumbers = false
    /// `set xticks every …` and `set xformat`.
    var guide = AxisGuide.x

    static let wholeNumberLimit = 100_000

    /// The plan for `series` on `scale`: the view's interval, else all data (categories:
    /// half a slot beyond the first and last; bars: half their step beyond the ends).
    static func make(
        scale: XScaleKind, series: [SeriesResolver.Series], categories: XCategories,
        view: View, timeZone: TimeZoneSetting, including shared: ClosedRange<Double>? = nil
    ) -> XAxisPlan {
        // A faceted page's panels share the x extent of all their data.
        var lo = shared?.lowerBound ?? .infinity, hi = shared?.upperBound ?? -.infinity
        var barStep = Double.infinity
        var whole = scale == .linear
        for s in series {
            guard let xs = s.xs else { continue }
            if whole {
                whole =
                    xs.count <= wholeNumberLimit
                    && xs.allSatisfy { !$0.isFinite || $0 == $0.rounded() }
            }
            if s.xsAscend, let first = xs.first, let last = xs.last {
                lo = min(lo, first)
                hi = max(hi, last)
            } else {
                for x in xs where x.isFinite {
                    lo = min(lo, x)
                    hi = max(hi, x)
                }
            }
            if s.plot.standsInSlots {
                barStep = min(barStep, Statistics.smallestStep(xs, sorted: s.sorted))
            }
        }
        if scale == .category {
            lo = -0.5
            hi = Double(max(categories.names.count, 1)) - 0.5
        } else if lo > hi {
            (lo, hi) = (0, 1)
        } else if lo == hi {
            let pad = scale == .time ? 43_200.0 : max(abs(lo) * 0.1, 0.5)
            (lo, hi) = (lo - pad, hi + pad)
        }
        let dataExtent = lo...hi
        if barStep.isFinite && scale != .category {
            (lo, hi) = (lo - barStep / 2, hi + barStep / 2)
        } else if scale == .linear, let step = NiceTicks.step(for: lo...hi, maxCount: 10) {
            // Numbers end on round values, as Vega-Lite's `nice` domain does.
            (lo, hi) = (
                step.times((lo / step.value).rounded(.down)),
                step.times((hi / step.value).rounded(.up))
            )
        }
        var domain = lo...hi
        if let interval = view.xInterval {
            let a = ScaleTransform(scale).forward(interval.lowerBound)
            let b = ScaleTransform(scale).forward(interval.upperBound)
            if a.isFinite, b.isFinite, a < b { domain = a...b }
        }
        let middle = domain.lowerBound / 2 + domain.upperBound / 2
        return XAxisPlan(
            scale: scale, domain: domain, extent: scale == .category ? lo...hi : dataExtent,
            categories: categories,
            offset: scale == .time ? timeZone.offset(atUTC: middle) : 0, wholeNumbers: whole)
    }

    /// Tick candidates with at most `maxCount` ticks: value (transformed units) and label —
    /// the user's step when there is one (every k-th of its ticks, k as small as keeps
    /// `maxCount`), else round values; labelled by the user's format when it fits the scale.
    func ticks(maxCount: Int) -> [(value: Double, label: String)] {
        // `set xticks count N`: at most N round ticks.
        var limit = maxCount
        if case .count(let n)? = guide.step { limit = min(maxCount, n) }
        return ticks(maxCount: limit, stepped: steppedTicks().map(labelled))
    }

    /// The same from `stepped`, the user's step's ticks already labelled (found once for
    /// all the counts `placedLabels` tries).
    func ticks(maxCount: Int, stepped: [(value: Double, label: String)]?)
        -> [(value: Double, label: String)]
    {
        guard let all = stepped else { return labelled(automaticTicks(maxCount: maxCount)) }
        // (Every k-th, k = ⌈count / maxCount⌉, without overflow for `Int.max`: every tick.)
        let m = max(maxCount, 1)
        let k = all.count <= m ? 1 : (all.count - 1) / m + 1
        return all.enumerated().filter { $0.offset % k == 0 }.map(\.element)
    }

    /// `ticks` labelled by the user's format when it fits the scale (a time pattern on a
    /// time axis, a number pattern on numbers); as they are otherwise.
    func labelled(_ ticks: [(value: Double, label: String)]) -> [(value: Double, label: String)] {
        guard let pattern = guide.format else { return ticks }
        switch (pattern.kind, scale) {
        case (.time, .time):
            return ticks.map { ($0.value, pattern.time($0.value, offset: offset)) }
        case (.number, .linear), (.number, .log), (.number, .sqrt), (.number, .symlog):
            return ticks.map {
                (
                    $0.value,
                    TextMetrics.sanitized(pattern.number(ScaleTransform(scale).shown($0.value)))
                )
            }
        default: return ticks
        }
    }

    /// The most ticks `set xticks every` draws before thinning; a step that would give more
    /// is passed over (automatic ticks).
    static let maxSteppedTicks = 2000

    /// Every tick of the user's step in the domain: multiples of N on numbers, every N
    /// decades on a log scale, every N-th category, calendar boundaries on times; nil
    /// without a step, for a step the scale does not take (a calendar step on numbers, a
    /// number on times), or for more than `maxSteppedTicks`.
    func steppedTicks() -> [(value: Double, label: String)]? {
        switch (guide.step, scale) {
        case (.every(let step)?, .linear):
            let first = (domain.lowerBound / step).rounded(.up)
            let last = (domain.upperBound / step).rounded(.down)
            guard first.isFinite, last.isFinite, last - first < Double(Self.maxSteppedTicks)
            else { return nil }
            let values = stride(from: first, through: last, by: 1).map { YRange.clean($0 * step) }
            return Array(zip(values, LabelFormatter().labels(for: values)))
        case (.every(let step)?, .log):
            let n = max(1, Int(saturating: step.rounded()))
            let decades = stride(
                from: domain.lowerBound.rounded(.up), through: domain.upperBound, by: 1
            ).filter { Int(saturating: $0) % n == 0 }
            return decades.map {
                ($0, LabelFormatter().labels(for: [ScaleTransform.log.shown($0)])[0])
            }
        case (.every(let step)?, .sqrt), (.every(let step)?, .symlog):
            // Multiples of N in data units, placed through the transform.
            let t = ScaleTransform(scale)
            let (lo, hi) = (t.inverse(domain.lowerBound), t.inverse(domain.upperBound))
            let first = (lo / step).rounded(.up), last = (hi / step).rounded(.down)
            guard first.isFinite, last.isFinite, last - first < Double(Self.maxSteppedTicks)
            else { return nil }
            let values = stride(from: first, through: last, by: 1).map { YRange.clean($0 * step) }
                .filter(t.admits)
            return Array(zip(values.map(t.forward), LabelFormatter().labels(for: values)))
        case (.values(let values)?, _):
            // `set xticks at …`: each value in view, placed through the scale's transform,
            // labelled as the scale reads it back (a date, a name, a number).
            let t = ScaleTransform(scale)
            return values.filter(t.admits).compactMap {
                value -> (value: Double, label: String)? in
                let placed = t.forward(value)
                guard domain.contains(placed) else { return nil }
                let label: String
                switch scale {
                case .time: label = TimeText.iso(value, offset: offset)
                case .category:
                    let slot = Int(saturating: value.rounded())
                    guard categories.names.indices.contains(slot) else { return nil }
                    label = TextMetrics.sanitized(categories.names[slot])
                default: label = LabelFormatter().labels(for: [value])[0]
                }
                return (placed, label)
            }
        case (.every(let step)?, .category):
            let n = max(1, Int(saturating: step.rounded()))
            let names = categories.names
            let first = max(0, Int(saturating: domain.lowerBound.rounded(.up)))
            let last = min(names.count - 1, Int(saturating: domain.upperBound.rounded(.down)))
            guard first <= last else { return [] }
            return stride(from: first, through: last, by: 1).filter { $0 % n == 0 }.map {
                (Double($0), TextMetrics.sanitized(names[$0]))
            }
        case (.calendar(let unit, let count)?, .time):
            let interval = CalendarTicks.Interval(unit: unit, count: count)
            let times = CalendarTicks.tickTimes(
                in: domain, interval: interval, offset: offset, limit: Self.maxSteppedTicks + 1)
            guard times.count <= Self.maxSteppedTicks else { return nil }
            return times.map {
                ($0, CalendarTicks.label(at: $0, interval: interval, offset: offset))
            }
        default: return nil
        }
    }

    /// Round ticks, at most `maxCount`.
    func automaticTicks(maxCount: Int) -> [(value: Double, label: String)] {
        switch scale {
        case .time:
            return CalendarTicks.ticks(in: domain, maxCount: maxCount, offset: offset).map {
                ($0.seconds, $0.label)
            }
        case .category:
            let names = categories.names
            let first = max(0, Int(saturating: domain.lowerBound.rounded(.up)))
            let last = min(names.count - 1, Int(saturating: domain.upperBound.rounded(.down)))
            guard first <= last else { return [] }
            var step = 1
            while (last - first) / step + 1 > maxCount {
                step = XLabelPlacer.nextStep(after: step, multipleOf: 1)
            }
            return stride(from: first, through: last, by: step).map {
                (Double($0), TextMetrics.sanitized(names[$0]))
            }
        case .log:
            let plan = YAxisPlan.logPlan(
                YAxisPlan.Request(
                    extent: nil,
                    mode: .fixed(
                        lower: ScaleTransform.log.inverse(domain.lowerBound),
                        upper: ScaleTransform.log.inverse(domain.upperBound)),
                    lines: ReferenceLines(), rows: maxCount * 3, transform: .log))
            let labels = plan.ticks.map {
                LabelFormatter().labels(for: [ScaleTransform.log.shown($0)])[0]
            }
            return Array(zip(plan.ticks, labels))
        case .sqrt, .symlog:
            // Planned in data units (round values; symlog: 0 and the decades) and placed
            // through the transform, as the y axis of the same scale.
            let t = ScaleTransform(scale)
            let plan = YAxisPlan.transformedPlan(
                YAxisPlan.Request(
                    extent: (domain.lowerBound, domain.upperBound),
                    mode: .fixed(
                        lower: t.inverse(domain.lowerBound), upper: t.inverse(domain.upperBound)),
                    lines: ReferenceLines(), rows: maxCount * 3, transform: t))
            let inside = plan.ticks.filter { domain.contains($0) }
            return Array(zip(inside, LabelFormatter().labels(for: inside.map(t.inverse))))
        case .linear, .index:
            var values = NiceTicks.ticks(in: domain, maxCount: maxCount)
            let whole = values.filter { $0 == $0.rounded() }
            if wholeNumbers, !whole.isEmpty { values = whole }
            return Array(zip(values, LabelFormatter().labels(for: values)))
        }
    }

    /// Labels that fit `mapping`'s width with a space between them: the densest tick set
    /// whose labels do not overlap (never one label dropped from an even sequence).
    func placedLabels(mapping: XMapping, areaColumn: Int, chartColumns: Int)
        -> [XLabelPlacer.Placed]
    {
        var maxCount = max(1, mapping.widthCells / 3)
        // `set xticks count N`: at most N round ticks.
        if case .count(let n)? = guide.step { maxCount = min(maxCount, n) }
        if scale == .category, let placed = truncatedCategories(mapping, areaColumn, chartColumns) {
            return placed
        }
        let stepped = steppedTicks().map(labelled)
        while maxCount >= 1 {
            let candidates = ticks(maxCount: maxCount, stepped: stepped)
            if let placed = place(candidates, mapping, areaColumn, chartColumns) { return placed }
            maxCount = min(maxCount - 1, max(candidates.count - 1, 0))
        }
        return []
    }

    /// Every category, its name cut to its slot (`Elderber…`) when the slots are wide enough
    /// to say something (four cells or more) but not to hold every name whole.
    private func truncatedCategories(_ mapping: XMapping, _ areaColumn: Int, _ chartColumns: Int)
        -> [XLabelPlacer.Placed]?
    {
        let all = ticks(maxCount: Int.max)
        if let whole = place(all, mapping, areaColumn, chartColumns) { return whole }
        let slot = mapping.dotsPerUnit / Double(mapping.dotsPerCell)
        // Cut names keep three characters and the ellipsis at least.
        let width = Int(saturating: slot.rounded(.down)) - 1
        guard width >= 4 else { return nil }
        let names = TextMetrics.distinctlyTruncated(all.map(\.label), toWidth: width)
        let cut = zip(all, names).map { ($0.value, $1) }
        return place(cut, mapping, areaColumn, chartColumns)
    }

    private func place(
        _ ticks: [(value: Double, label: String)], _ mapping: XMapping, _ areaColumn: Int,
        _ chartColumns: Int
    ) -> [XLabelPlacer.Placed]? {
        var placed = [XLabelPlacer.Placed]()
        var nextFree = 0
        for tick in ticks {
            // A long name is shortened, never dropped (XLabelPlacer.longestLabel).
            let label = TextMetrics.truncated(
                tick.label, toWidth: min(XLabelPlacer.longestLabel, chartColumns))
            let width = TextMetrics.width(of: label)
            guard width <= chartColumns else { return nil }
            let dot = mapping.dot(value: tick.value)
            guard dot >= 0, dot < mapping.widthCells * mapping.dotsPerCell else { continue }
            let tickColumn = areaColumn + dot / mapping.dotsPerCell
            let column = min(max(tickColumn - (width - 1) / 2, 0), chartColumns - width)
            if column < nextFree { return nil }
            placed.append(
                XLabelPlacer.Placed(
                    column: column, tickColumn: tickColumn, text: label, tickDot: dot,
                    value: tick.value))
            // Two spaces between numbers and times (a run of them must read as separate
            // values); one between category names, which are words.
            nextFree = column + width + (scale == .category ? 1 : 2)
        }
        return placed
    }

    /// An x value in data units (transformed units in: 10ᵘ on a log scale).
    func shownValue(_ value: Double) -> Double { ScaleTransform(scale).shown(value) }

    /// An x value as the position line and readout show it (transformed units in).
    func text(_ value: Double, timeZone: TimeZoneSetting) -> String {
        let shown = ScaleTransform(scale).shown(value)
        return XValueText.text(shown, scale: scale, timeZone: timeZone, categories: categories)
    }
}
