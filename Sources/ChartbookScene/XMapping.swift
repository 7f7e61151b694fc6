/// Where point `i` of `count` points sits horizontally in the plot area.
///
/// Without bars points span the area edge to edge (first point at dot 0, last at the last
/// dot). With bars each point owns an equal slot and sits at its centre, so lines and bars
/// drawn together line up.
public struct XMapping: Equatable, Sendable {
    /// Points in the data (the longest plotted series).
    public var count: Int
    /// Plot area width in cells and dots per cell.
    public var widthCells: Int
    public var dotsPerCell: Int
    public var slotted: Bool

    public init(count: Int, widthCells: Int, dotsPerCell: Int, slotted: Bool) {
        self.count = count; self.widthCells = widthCells; self.dotsPerCell = dotsPerCell; self.slotted = slotted
    }

    var widthDots: Int { widthCells * dotsPerCell }

    /// Slot width in cells (for bars).
    public var slotCells: Double { count > 0 ? Double(widthCells) / Double(count) : Double(widthCells) }

    /// Centre of point `index` in cells (fractional) from the plot area's left edge.
    public func centerCell(_ index: Int) -> Double {
        if slotted { return (Double(index) + 0.5) * slotCells }
        return (Double(dot(index)) + 0.5) / Double(dotsPerCell)
    }

    /// Dot column of point `index`, 0 ..< widthDots.
    public func dot(_ index: Int) -> Int {
        let w = widthDots
        guard w > 1, count > 0 else { return 0 }
        if slotted {
            let x = Int(((Double(index) + 0.5) * slotCells * Double(dotsPerCell)).rounded(.down))
            return min(max(x, 0), w - 1)
        }
        guard count > 1 else { return w / 2 }
        return Int((Double(index) * Double(w - 1) / Double(count - 1)).rounded())
    }
}
