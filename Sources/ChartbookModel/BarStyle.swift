/// How bars, candles and boxes are drawn.
public struct BarStyle: Equatable, Sendable {
    /// The share of its slot a bar fills, in (0, 1]; nil: the kind's default
    /// (`defaultWidth(for:)`). Grouped bars share it between the series of a slot.
    public var width: Double?
    public var outline: Color?
    /// Outline stroke width in points (default 1).
    public var outlineWidth: Double?
    /// Rounded top corners (SVG).
    public var rounded: Bool?

    public init(width: Double? = nil, outline: Color? = nil, rounded: Bool? = nil) {
        self.width = width
        self.outline = outline
        self.rounded = rounded
    }

    /// The share of the slot a bar of `kind` fills: the one set, else the kind's default,
    /// kept in 0.05...1 so a bar never vanishes.
    public func widthFraction(for kind: Plot.Kind) -> Double {
        min(max(width ?? Self.defaultWidth(for: kind), 0.05), 1)
    }

    /// Histogram bins touch; candles and boxes leave room for their neighbours' wicks.
    public static func defaultWidth(for kind: Plot.Kind) -> Double { kind.spec.barWidth }

    public var resolvedOutlineWidth: Double { outlineWidth ?? 1 }
}
