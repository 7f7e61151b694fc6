import ChartbookModel

/// Data value ↔ vertical position in a plot area.
///
/// `set padding top=N bottom=N` insets the range's ends from the area's top and bottom edges:
/// the range's upper bound then stands `insetTop` dots below the top, its lower bound
/// `insetBottom` dots above the bottom. The inset is folded into the upper bound the formula
/// starts from (`origin`), so every position — here and an engine's (`affine`) — is the one
/// expression `(origin − v)·scale`.
public struct YMapping: Equatable, Sendable {
    public let range: ClosedRange<Double>
    public let heightDots: Int
    /// The value at dot row 0: the upper bound, raised by the top inset.
    private let origin: Double
    /// Whether the ends are inset (`set padding top= bottom=`).
    private let inset: Bool
    /// Dot rows per data unit, and the band (± dots) far-off values are clamped to.
    /// Computed once: `dot` runs once per data point.
    private let scale: Double
    private let limit: Double
    /// Half the span, for ranges whose span or scale is not a finite normal number (bounds
    /// near ±1.8e308, subnormal spans): positions are then computed from halves, which
    /// cannot overflow. Zero when `scale` serves.
    private let halfSpan: Double

    /// `insetTop`, `insetBottom`: dots between the range's ends and the area's edges (each
    /// at least 0; ignored when they leave the range fewer than two dots).
    public init(
        range: ClosedRange<Double>, heightDots: Int, insetTop: Int = 0, insetBottom: Int = 0
    ) {
        self.range = range
        self.heightDots = heightDots
        let (top, bottom) = (max(insetTop, 0), max(insetBottom, 0))
        let fits = top + bottom > 0 && heightDots - 1 - top - bottom >= 1
        let span = range.upperBound - range.lowerBound
        let scale = Double(heightDots - 1 - (fits ? top + bottom : 0)) / span
        let exact = span.isFinite && span > 0 && scale.isFinite
        self.scale = exact ? scale : 0
        inset = exact && fits
        origin = inset ? range.upperBound + Double(top) / scale : range.upperBound
        halfSpan =
            exact ? 0 : max(range.upperBound / 2 - range.lowerBound / 2, .leastNonzeroMagnitude)
        limit = Double(heightDots) * 4
    }

    /// `range` on `heightDots` dot rows, its ends inset by `view`'s `set padding top=
    /// bottom=` (cells, rounded to dots).
    public init(range: ClosedRange<Double>, heightDots: Int, padding view: View, dotsPerCell: Int) {
        self.init(
            range: range, heightDots: heightDots,
            insetTop: Int(saturating: (view.paddingTop * Double(dotsPerCell)).rounded()),
            insetBottom: Int(saturating: (view.paddingBottom * Double(dotsPerCell)).rounded()))
    }

    /// The values at the area's top and bottom dot rows: the range, widened by the insets
    /// (what another renderer spans the same height with).
    public var edges: ClosedRange<Double> {
        guard inset else { return range }
        let lower = origin - Double(heightDots - 1) / scale
        return lower.isFinite && origin.isFinite && lower < origin ? lower...origin : range
    }

    /// `dot(v) = ⌊min(max((upper − v)·scale, −limit), limit) + ½⌋` as its three numbers, for
    /// an engine to compute dot rows as the layout does; nil for ranges drawn from halves.
    public var affine: (upper: Double, scale: Double, limit: Double)? {
        halfSpan == 0 && heightDots > 1 ? (origin, scale, limit) : nil
    }

    /// Fractional dot row of `value`, clamped to a band a few plot heights around the area
    /// (which keeps the visible part of a segment unchanged). NaN stays NaN.
    @inline(__always)
    func position(_ value: Double) -> Double {
        let raw =
            halfSpan == 0
            ? (origin - value) * scale
            : (range.upperBound / 2 - value / 2) / halfSpan * Double(heightDots - 1)
        return min(max(raw, -limit), limit)
    }

    /// Dot row of `value` (0 = top = upper bound).
    @inline(__always)
    public func dot(_ value: Double) -> Int {
        heightDots > 1 ? XMapping.round(position(value)) : 0
    }

    /// Row of `value` in cells, fractional, from the area's top edge: the middle of its dot
    /// position, so bar tops meet lines and reference lines at the same value. (Continuous,
    /// not rounded: divided by the span rather than multiplied by `scale`, which can differ in
    /// the last bit — kept so recorded bar geometry stays byte for byte.)
    public func cell(_ value: Double, dotsPerCell: Int) -> Double {
        guard heightDots > 1 else { return value >= range.upperBound ? 0 : 1 }
        let position: Double
        if halfSpan != 0 {
            position = (range.upperBound / 2 - value / 2) / halfSpan * Double(heightDots - 1)
        } else if inset {
            position = (origin - value) * scale
        } else {
            position =
                (range.upperBound - value) / (range.upperBound - range.lowerBound)
                * Double(heightDots - 1)
        }
        return (min(max(position, -limit), limit) + 0.5) / Double(dotsPerCell)
    }
}
