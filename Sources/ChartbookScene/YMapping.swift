/// Data value ↔ vertical position in a plot area.
public struct YMapping: Equatable, Sendable {
    public var range: ClosedRange<Double>
    public var heightDots: Int

    public init(range: ClosedRange<Double>, heightDots: Int) {
        self.range = range
        self.heightDots = heightDots
    }

    /// Dot row of `value` (0 = top = upper bound). Far-off values are clamped to a band a few
    /// plot heights around the area, which keeps the visible part of a segment unchanged.
    public func dot(_ value: Double) -> Int {
        guard heightDots > 1 else { return 0 }
        // The same arithmetic as the line pass in `ChartLayout.straightRuns`, so both agree
        // to the dot.
        let scale = Double(heightDots - 1) / (range.upperBound - range.lowerBound)
        let position = (range.upperBound - value) * scale
        let limit = Double(heightDots) * 4
        return XMapping.round(min(max(position, -limit), limit))
    }

    /// Row of `value` in cells, fractional, from the area's top edge: the middle of the dot row
    /// `dot(value)` would round to, so bar tops meet lines and reference lines drawn at the
    /// same value.
    public func cell(_ value: Double, dotsPerCell: Int) -> Double {
        guard heightDots > 1 else { return value >= range.upperBound ? 0 : 1 }
        let span = range.upperBound - range.lowerBound
        let position = (range.upperBound - value) / span * Double(heightDots - 1)
        let limit = Double(heightDots) * 4
        return (min(max(position, -limit), limit) + 0.5) / Double(dotsPerCell)
    }
}
