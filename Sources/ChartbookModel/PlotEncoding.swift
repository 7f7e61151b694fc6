/// A plot's encoding channels beyond x and y (issue 50, the grammar's channels): each bound
/// to a column of the plot's dataset, read row for row with its values. A nil channel is
/// the plot's constant (its `color=`, its `size=`).
///
/// - `color`: text → a categorical palette (the plot's colour, then the palette, as `by=`
///   colours its groups) and a key naming each value; numbers or times → a continuous ramp
///   (`ColorRamp.viridis`) from the lowest value to the highest, and a colour bar.
/// - `size`: numbers → each point's area proportional to its value (`SizeScale`), and a key
///   of sizes; in the terminal, four glyphs by area (`SizeScale.glyphs`).
/// - `shape`: any column's values (as text) → the marker shapes in turn, as `by=` gives its
///   groups shapes (`ShapeScale`), and a key naming each.
/// - `opacity`: numbers or times → each point's opacity from the lowest value to the highest
///   (`OpacityScale`), and a key of opacities.
public struct PlotEncoding: Equatable, Sendable {
    public var color: String?
    public var size: String?
    public var shape: String?
    public var opacity: String?

    public init(
        color: String? = nil, size: String? = nil, shape: String? = nil, opacity: String? = nil
    ) {
        self.color = color
        self.size = size
        self.shape = shape
        self.opacity = opacity
    }

    /// The columns it reads, colour first.
    public var columns: [String] { [color, size, shape, opacity].compactMap { $0 } }

    public var isEmpty: Bool { columns.isEmpty }
}
