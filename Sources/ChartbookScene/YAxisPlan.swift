import ChartbookModel
import Foundation

/// One y axis laid out: its range and where its ticks are, in data units after the scale's
/// transform (log10 on a log scale), with their labels.
///
/// With the default reference lines (`auto`) the ticks are round values — 1, 2 or 5 × 10ⁿ
/// apart, as many as the rows hold, never two on one row — and an automatic range ends on
/// them. A fixed range keeps its ends and is ticked at the round values inside it. On a log
/// scale the ticks are the powers of ten (with 2 and 5 between them when the range spans
/// under two decades) and an automatic range ends on powers of ten.
struct YAxisPlan: Equatable {
    var range: ClosedRange<Double>
    var ticks: [Double]
    var labels: [String]
    /// Whether grid lines are drawn at the ticks (false: labels only, as when every
    /// absolute reference line lies outside the range).
    var gridLines: Bool

    /// The inputs: the data's extent (nil: none), the range setting, the reference lines,
    /// the room, and the scale.
    struct Request {
        var extent: (Double, Double)?
        var mode: Axes.RangeMode
        var lines: ReferenceLines
        var rows: Int
        /// The scale's transform: the extent is in its units.
        var transform: ScaleTransform
        var log: Bool { transform == .log }
        /// The axis holds counts only (`Plot.drawsCounts`): round ticks are whole numbers.
        var wholeNumbers = false
        /// `set yticks every N` and `set yformat`.
        var guide = AxisGuide.y

        /// The most ticks the rows hold; with `set yticks count N` at most N (2 or more).
        var maxTicks: Int {
            let fit = YAxisPlan.maxTicks(rows: rows)
            if case .count(let n)? = guide.step { return max(2, min(fit, n)) }
            return fit
        }
    }

    static func make(_ r: Request) -> YAxisPlan {
        let formatter = LabelFormatter(
            format: r.lines.format, decimals: r.lines.decimals, units: r.lines.units)
        var plan: YAxisPlan
        if r.log {
            plan = logPlan(r)
        } else if r.transform != .identity {
            plan = transformedPlan(r)
        } else {
            switch r.lines.positions {
            case .auto:
                if case .every(let step)? = r.guide.step, let stepped = stepPlan(r, step) {
                    plan = stepped
                } else {
                    plan = roundPlan(r)
                }
            case .relative(let fractions): plan = relativePlan(r, fractions)
            case .absolute(let values): plan = absolutePlan(r, values)
            }
        }
        plan.ticks = ends(plan.ticks, in: plan.range, lines: r.lines)
        let shown = plan.ticks.map(r.transform.shown)
        // Decades (log, symlog) read each in their own unit (1, 10, 100, 1K, 10K), not as
        // shares of one.
        plan.labels =
            (r.log || r.transform == .symlog
            ? shown.map { formatter.labels(for: [$0])[0] } : formatter.labels(for: shown))
            .map(TextMetrics.sanitized)
        if let pattern = r.guide.format, pattern.kind == .number {
            plan.labels = shown.map { TextMetrics.sanitized(pattern.number($0)) }
        }
        if r.lines.intermediate == .lines, plan.labels.count > 2 {
            // The lines between the lowest and the highest stay; their labels go (an empty
            // label is not drawn), so the axis still reads at both ends.
            for i in plan.labels.indices.dropFirst().dropLast() { plan.labels[i] = "" }
        }
        return plan
    }

    /// A sqrt or symlog axis: the plan of the values themselves (round ticks, or the
    /// reference lines' positions, in data units), each tick and the range's ends then taken
    /// to the scale's units — ticks at round values, spaced as the scale spaces them.
    static func transformedPlan(_ r: Request) -> YAxisPlan {
        var data = r
        data.transform = .identity
        data.extent = r.extent.map { (r.transform.inverse($0.0), r.transform.inverse($0.1)) }
        var plan: YAxisPlan
        switch r.lines.positions {
        case .auto where r.transform == .symlog && r.guide.step == nil:
            return symlogPlan(r, data: data.extent ?? (0, 1))
        case .auto:
            if case .every(let step)? = r.guide.step, let stepped = stepPlan(data, step) {
                plan = stepped
            } else {
                plan = roundPlan(data)
            }
        case .relative(let fractions): plan = relativePlan(data, fractions)
        case .absolute(let values): plan = absolutePlan(data, values)
        }
        // A sqrt scale starts at zero at the lowest (a range set below it is cut there).
        let lower = r.transform.forward(
            r.transform.admits(plan.range.lowerBound) ? plan.range.lowerBound : 0)
        let upper = r.transform.forward(max(plan.range.upperBound, 0))
        plan.range = fixedRange(lower, upper)
        plan.ticks = plan.ticks.filter(r.transform.admits).map(r.transform.forward)
        return plan
    }

    /// A symlog axis ticked at 0 and the decades either side (±1, ±10, ±100 …) — the
    /// outermost first where not all fit the rows; an automatic range ends on the decades
    /// just beyond the data (a fixed one keeps its ends).
    static func symlogPlan(_ r: Request, data: (Double, Double)) -> YAxisPlan {
        func decade(_ v: Double) -> Double {
            v == 0
                ? 0
                : (v < 0 ? -1 : 1)
                    * DecimalMagnitude.power(
                        max(0, DecimalMagnitude.logarithm(abs(v)).rounded(.up)))
        }
        var (lo, hi) = (decade(min(data.0, 0)), decade(max(data.1, 0)))
        if case .fixed(let lower, let upper) = r.mode {
            (lo, hi) = (lower ?? lo, upper ?? hi)
        }
        if lo >= hi { hi = lo + 1 }
        let t = ScaleTransform.symlog
        let top = Int(saturating: DecimalMagnitude.logarithm(max(abs(lo), abs(hi), 1)).rounded(.up))
        // Zero, then the decades from the outermost in, each side in turn, while they fit.
        let powers = (0...max(top, 0)).reversed().map { DecimalMagnitude.power(Double($0)) }
        let sides = [powers.filter { $0 <= hi }, powers.map { -$0 }.filter { $0 >= lo }]
        var inside = lo <= 0 && hi >= 0 ? [0.0] : []
        let maxCount = max(r.maxTicks, 2)
        for k in 0..<powers.count {
            for side in sides where k < side.count && inside.count < maxCount {
                inside.append(side[k])
            }
        }
        inside.sort()
        return YAxisPlan(
            range: fixedRange(t.forward(lo), t.forward(hi)), ticks: inside.map(t.forward),
            labels: [], gridLines: true)
    }

    /// The most ticks `set yticks every N` draws; a step that would give more falls back to
    /// the automatic ticks.
    static let maxSteppedTicks = 1000

    /// `set yticks every N`: ticks at every multiple of `step` inside the range; an
    /// automatic range ends on multiples of it. nil when that would be more than
    /// `maxSteppedTicks` ticks.
    static func stepPlan(_ r: Request, _ step: Double) -> YAxisPlan? {
        var range: ClosedRange<Double>
        if case .fixed(let lower?, let upper?) = r.mode {
            range = fixedRange(lower, upper)
        } else {
            let (lo, hi) = YRange.widenedIfFlat(r.extent?.0 ?? 0, r.extent?.1 ?? 1)
            let a = (lo / step).rounded(.down), b = (hi / step).rounded(.up)
            range = (a * step)...(max(b, a + 1) * step)
            if case .fixed(let lower, let upper) = r.mode {
                range = fixedRange(lower ?? range.lowerBound, upper ?? range.upperBound)
            }
        }
        let first = (range.lowerBound / step).rounded(.up)
        let last = (range.upperBound / step).rounded(.down)
        guard first.isFinite, last.isFinite, last - first < Double(maxSteppedTicks) else {
            return nil
        }
        let ticks = stride(from: first, through: last, by: 1).map { YRange.clean($0 * step) }
        return YAxisPlan(range: range, ticks: ticks, labels: [], gridLines: true)
    }

    /// The most ticks for `rows` rows: about one every three rows, so labels never crowd.
    static func maxTicks(rows: Int) -> Int { max(2, min(11, rows / 3 + 1)) }

    /// Round ticks; the automatic range ends on them.
    static func roundPlan(_ r: Request) -> YAxisPlan {
        let maxCount = r.maxTicks
        if case .fixed(let lower, let upper) = r.mode, let lower, let upper {
            let range = fixedRange(lower, upper)
            return YAxisPlan(
                range: range, ticks: NiceTicks.ticks(in: range, maxCount: maxCount), labels: [],
                gridLines: true)
        }
        let (lo, hi) = YRange.widenedIfFlat(r.extent?.0 ?? 0, r.extent?.1 ?? 1)
        let (range, ticks) = niceRange(lo, hi, maxCount: maxCount, whole: r.wholeNumbers)
        var plan = YAxisPlan(range: range, ticks: ticks, labels: [], gridLines: true)
        if case .fixed(let lower, let upper) = r.mode {
            // One end open: fitted to the data, ticked inside.
            plan.range = fixedRange(lower ?? range.lowerBound, upper ?? range.upperBound)
            plan.ticks = NiceTicks.ticks(in: plan.range, maxCount: maxCount)
        }
        return plan
    }

    /// The range around `lo...hi` and its ticks: the densest 1-2-5 step with at most
    /// `maxCount` ticks inside the data (an end may add one), the range ending on the
    /// nearest half steps outside the data (issue 31: ending on whole steps drew −1.6…35.6
    /// on −10…40; on half steps it is −5…40, ticked 0 10 20 30 40). The densest step also
    /// gives the tightest range. An end that is a half step is not labelled; where that
    /// would leave a single label (a short chart), the range ends on whole steps.
    /// With `whole`, steps under 1 are passed over (counts are ticked 0 1 2, not 0 0.5 1).
    static func niceRange(_ lo: Double, _ hi: Double, maxCount: Int, whole: Bool = false) -> (
        ClosedRange<Double>, [Double]
    ) {
        var count = maxCount
        while count >= 2 {
            guard let step = NiceTicks.step(for: lo...hi, maxCount: count) else { break }
            if whole && step.value < 1 {
                count -= 1
                continue
            }
            // Half-step ends; whole-step ends when those would leave fewer than two labels.
            for end in [halfStep(of: step), step] {
                let lower = end.times((lo / end.value).rounded(.down))
                let upper = end.times((hi / end.value).rounded(.up))
                guard lower.isFinite, upper.isFinite, lower < upper else { continue }
                let ticks = NiceTicks.ticks(in: lower...upper, step: step)
                if ticks.count >= 2 && ticks.count <= maxCount + 1 {
                    return (lower...upper, ticks)
                }
            }
            count -= 1
        }
        let nice = YRange.nice(lo, hi, intervals: 1)
        return (nice, [nice.lowerBound, nice.upperBound])
    }

    /// Half of a 1-2-5 step, itself written as mantissa × 10ⁿ (so its multiples are exact):
    /// 1 → 0.5, 2 → 1, 5 → 2.5 (as 25 × 10ⁿ⁻¹).
    static func halfStep(of step: NiceTicks.Step) -> NiceTicks.Step {
        switch step.mantissa {
        case 2: return NiceTicks.Step(mantissa: 1, exponent: step.exponent)
        case 5: return NiceTicks.Step(mantissa: 25, exponent: step.exponent - 1)
        default: return NiceTicks.Step(mantissa: step.mantissa * 5, exponent: step.exponent - 1)
        }
    }

    static func fixedRange(_ lower: Double, _ upper: Double) -> ClosedRange<Double> {
        if lower < upper { return lower...upper }
        let (a, b) = YRange.widenedIfFlat(min(lower, upper), max(lower, upper))
        return a...b
    }

    /// `set reflines relative …`: the range in as many equal round steps as the fractions
    /// describe, lines at the fractions.
    static func relativePlan(_ r: Request, _ fractions: [Double]) -> YAxisPlan {
        let (lo, hi) = r.extent ?? (0, 1)
        var range = YRange.nice(lo, hi, intervals: YRange.intervals(forRelative: fractions))
        if case .fixed(let lower, let upper) = r.mode {
            range = fixedRange(lower ?? range.lowerBound, upper ?? range.upperBound)
        }
        let span = range.upperBound - range.lowerBound
        let ticks = fractions.sorted().map { f in
            YRange.clean(
                span.isFinite
                    ? range.lowerBound + f * span
                    : range.lowerBound * (1 - f) + range.upperBound * f)
        }
        return YAxisPlan(range: range, ticks: ticks, labels: [], gridLines: true)
    }

    /// `set reflines absolute …`: lines at the values inside the range; when none is, the
    /// round ticks are labelled without lines so the axis can still be read.
    static func absolutePlan(_ r: Request, _ values: [Double]) -> YAxisPlan {
        var plan = roundPlan(r)
        let range = plan.range
        let span = range.upperBound - range.lowerBound
        let inside = values.sorted().filter {
            $0 >= range.lowerBound - span * 1e-9 && $0 <= range.upperBound + span * 1e-9
        }
        if !inside.isEmpty { plan.ticks = inside } else { plan.gridLines = false }
        return plan
    }

    /// Powers of ten (and 2, 5 between them over short spans), in log10 units.
    static func logPlan(_ r: Request) -> YAxisPlan {
        var range: ClosedRange<Double>
        if case .fixed(let lower, let upper) = r.mode, let lower, let upper, lower > 0, upper > 0 {
            range = fixedRange(ScaleTransform.log.forward(lower), ScaleTransform.log.forward(upper))
        } else {
            let (lo, hi) = r.extent ?? (0, 1)
            let a = lo.rounded(.down), b = max(hi.rounded(.up), a + 1)
            range = a...b
        }
        let maxCount = r.maxTicks
        let decades = stride(
            from: range.lowerBound.rounded(.up), through: range.upperBound, by: 1
        ).map { $0 }
        var ticks = decades
        if decades.count < 3 {
            let low = Int(saturating: range.lowerBound.rounded(.down))
            let high = Int(saturating: range.upperBound.rounded(.up))
            ticks = (low...max(low, high)).flatMap { k in
                [1.0, 2, 5].map { Double(k) + ScaleTransform.log.forward($0) }
            }.filter { range.contains($0) }
        }
        if case .every(let step)? = r.guide.step {
            // Every N decades (`set yticks every 2` on a log axis: 1, 100, 10K).
            let n = max(1, Int(saturating: step.rounded()))
            ticks = decades.filter { Int(saturating: $0) % n == 0 }
        } else if ticks.count > maxCount {
            ticks = thinnedLogTicks(decades, in: range, maxCount: maxCount)
        }
        return YAxisPlan(range: range, ticks: ticks, labels: [], gridLines: true)
    }

    /// Log ticks when 1-2-5 steps are too many for the room (issue 50: a faceted panel's
    /// log axis kept one tick): the decades where they fit, every few decades where they do
    /// not, and within less than two decades the 1-5 steps (1, 5, 10, 50 …) — always at
    /// least two ticks where two fit.
    static func thinnedLogTicks(
        _ decades: [Double], in range: ClosedRange<Double>, maxCount: Int
    ) -> [Double] {
        if decades.count >= 2 {
            let step = Int((Double(decades.count) / Double(max(maxCount, 1))).rounded(.up))
            return decades.enumerated().filter { $0.offset % max(step, 1) == 0 }.map(\.element)
        }
        let low = Int(saturating: range.lowerBound.rounded(.down))
        let high = Int(saturating: range.upperBound.rounded(.up))
        let oneFive = (low...max(low, high)).flatMap { k in
            [Double(k), Double(k) + ScaleTransform.log.forward(5)]
        }
        .filter { range.contains($0) }
        return oneFive.count <= maxCount && oneFive.count >= 2 ? oneFive : decades
    }

    /// `minmax=off` hides the lines at the range's ends; `intermediate=off` the others.
    static func ends(_ ticks: [Double], in range: ClosedRange<Double>, lines: ReferenceLines)
        -> [Double]
    {
        var unique = [Double]()
        for v in ticks.sorted() where unique.last != v { unique.append(v) }
        let span = range.upperBound - range.lowerBound
        return unique.filter { value in
            let isEnd =
                abs(value - range.lowerBound) <= span * 1e-9
                || abs(value - range.upperBound) <= span * 1e-9
            return isEnd ? lines.showMinMax : lines.intermediate != .off
        }
    }
}
