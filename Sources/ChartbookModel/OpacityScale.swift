/// How a column's numbers (or times) become the opacities of points (`opacity=COLUMN`):
/// linear from `range.lowerBound` at the lowest value to `range.upperBound` at the highest,
/// over the rows the plot keeps — chartbook's own range, written out to Vega-Lite with the
/// domain, so every surface gives a point the same opacity.
public struct OpacityScale: Equatable, Sendable {
    public var column: String
    /// The lowest and highest value (seconds since 1970 for times).
    public var domain: ClosedRange<Double>
    public var time: Bool

    /// Opacities, 0…1: the faintest a point is drawn (still seen) to solid.
    public static let range: ClosedRange<Double> = 0.25...1
    /// The steps a key shows, faintest first.
    public static let keySteps = 5

    init?(_ column: Column, rows: [Int]) {
        guard column.kind != .text, let numbers = column.numbers,
            let (low, high) = Statistics.extent(of: rows.map { numbers[$0] }[...])
        else { return nil }
        self.column = column.name
        domain = low...high
        time = column.kind == .time
    }

    /// The opacity of a point of `value`; nil for a missing value. Every value the same:
    /// solid.
    public func opacity(_ value: Double) -> Double? {
        guard value.isFinite else { return nil }
        let span = domain.upperBound - domain.lowerBound
        let share = span > 0 ? min(max((value - domain.lowerBound) / span, 0), 1) : 1
        return Self.range.lowerBound + (Self.range.upperBound - Self.range.lowerBound) * share
    }
}
