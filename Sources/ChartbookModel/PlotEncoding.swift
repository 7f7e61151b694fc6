/// A plot's encoding channels beyond x and y (issue 50, the grammar's channels): each bound
/// to a column of the plot's dataset, read row for row with its values. A nil channel is
/// the plot's constant (its `color=`, its `size=`).
///
/// - `color`: text → a categorical palette (the plot's colour, then the palette, as `by=`
///   colours its groups) and a key naming each value; numbers or times → a continuous ramp
///   (`ColorRamp.viridis`) from the lowest value to the highest, and a colour bar.
/// - `size`: numbers → each point's area proportional to its value (`SizeScale`), and a key
///   of sizes; in the terminal, four glyphs by area (`SizeScale.glyphs`).
public struct PlotEncoding: Equatable, Sendable {
    public var color: String?
    public var size: String?

    public init(color: String? = nil, size: String? = nil) {
        self.color = color
        self.size = size
    }

    /// The columns it reads, colour first.
    public var columns: [String] { [color, size].compactMap { $0 } }

    public var isEmpty: Bool { color == nil && size == nil }
}
