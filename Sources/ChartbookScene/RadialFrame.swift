import Foundation

/// The ellipse of a radial chart (pie, donut, radar) in cells, which is a circle on the
/// target (a cell is about twice as tall as it is wide), and the one place turns become
/// positions and back. Turns run clockwise from twelve o'clock, 0 ... 1.
public struct RadialFrame: Equatable, Sendable {
    public var centerColumn: Double, centerRow: Double
    /// The radius across (columns) and down (rows).
    public var radiusColumns: Double, radiusRows: Double

    public init(centerColumn: Double, centerRow: Double, radiusColumns: Double, radiusRows: Double)
    {
        self.centerColumn = centerColumn; self.centerRow = centerRow
        self.radiusColumns = radiusColumns; self.radiusRows = radiusRows
    }

    /// The point at `turn`, `scale` radii from the centre (cells, fractional).
    public func position(turn: Double, scale: Double = 1) -> (column: Double, row: Double) {
        let angle = turn * 2 * .pi
        return (
            centerColumn + sin(angle) * radiusColumns * scale,
            centerRow - cos(angle) * radiusRows * scale
        )
    }

    /// The turn (0 ..< 1) and the distance in radii of a point (cells).
    public func polar(column: Double, row: Double) -> (turn: Double, distance: Double) {
        let dx = (column - centerColumn) / radiusColumns
        let dy = (row - centerRow) / radiusRows
        var turn = atan2(dx, -dy) / (2 * .pi)
        if turn < 0 { turn += 1 }
        return (turn, (dx * dx + dy * dy).squareRoot())
    }
}
