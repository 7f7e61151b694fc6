/// The scales of a plot's encoding channels (`PlotEncoding`) over the rows it draws (those
/// its `where=` keeps): what the terminal, the SVG and the Vega-Lite export map each row's
/// channel values through, so every surface draws the same colour and size for a point.
public struct ChannelScales: Equatable, Sendable {
    public var color: ColorScale?
    public var size: SizeScale?
    public var shape: ShapeScale?
    public var opacity: OpacityScale?
    /// Rows with a value to draw but none in a channel: left out (and said under the chart).
    public var missing = 0

    /// The scales of `plot`'s channels; nil when it has none, or its dataset is gone.
    public init?(plot: Plot, in session: Session) {
        guard !plot.binding.encoding.isEmpty,
            let dataset = session.dataset(named: plot.series.dataset)
        else { return nil }
        let keep = session.rowsKept(by: plot)
        let rows = (0..<dataset.count).filter { row in
            keep.map { row < $0.count && $0[row] } ?? true
        }
        if let name = plot.binding.encoding.color, let column = dataset.column(named: name) {
            color = ColorScale(column, rows: rows, plot: plot)
        }
        if let name = plot.binding.encoding.size, let column = dataset.column(named: name) {
            size = SizeScale(column, rows: rows)
        }
        if let name = plot.binding.encoding.shape, let column = dataset.column(named: name) {
            shape = ShapeScale(column, rows: rows)
        }
        if let name = plot.binding.encoding.opacity, let column = dataset.column(named: name) {
            opacity = OpacityScale(column, rows: rows)
        }
        let ys = dataset.column(named: plot.series.column)?.numbers
        let color = plot.binding.encoding.color.flatMap { dataset.column(named: $0) }
        let size = plot.binding.encoding.size.flatMap { dataset.column(named: $0)?.numbers }
        let shape = plot.binding.encoding.shape.flatMap { dataset.column(named: $0) }
        let opacity = plot.binding.encoding.opacity.flatMap { dataset.column(named: $0)?.numbers }
        missing =
            rows.filter { row in
                guard let ys, row < ys.count, ys[row].isFinite else { return false }
                return color.map { $0.text(at: row).isEmpty } == true
                    || size.map { row >= $0.count || !$0[row].isFinite } == true
                    || shape.map { $0.text(at: row).isEmpty } == true
                    || opacity.map { row >= $0.count || !$0[row].isFinite } == true
            }.count
    }
}

/// How a column's values become colours: each text its colour, or numbers along a ramp.
public enum ColorScale: Equatable, Sendable {
    /// Text: each value (in order of first appearance) a colour of the plot's palette, as
    /// `by=` colours its groups (`Plot.color(ofGroup:)`).
    case categorical(column: String, names: [String], colors: [Color])
    /// Numbers or times: the lowest value to the highest along `ColorRamp.viridis`.
    case continuous(column: String, domain: ClosedRange<Double>, time: Bool)

    init?(_ column: Column, rows: [Int], plot: Plot) {
        if column.kind == .text {
            var names = XCategories()
            for row in rows { _ = names.slot(of: column.text(at: row)) }
            self = .categorical(
                column: column.name, names: names.names,
                colors: names.names.indices.map { plot.color(ofGroup: $0) })
            return
        }
        guard let numbers = column.numbers,
            let (low, high) = Statistics.extent(of: rows.map { numbers[$0] }[...])
        else { return nil }
        self = .continuous(column: column.name, domain: low...high, time: column.kind == .time)
    }

    public var column: String {
        switch self {
        case .categorical(let column, _, _), .continuous(let column, _, _): column
        }
    }

    /// Whether it colours text (each value its colour) rather than numbers along a ramp.
    public var isCategorical: Bool {
        if case .categorical = self { return true }
        return false
    }

    /// The colour of `row` of `column`; nil when it has no value (the point is not drawn).
    public func color(at row: Int, of column: Column) -> Color? {
        switch self {
        case .categorical(_, let names, let colors):
            let text = column.text(at: row)
            guard !text.isEmpty, let index = names.firstIndex(of: text) else { return nil }
            return colors[index]
        case .continuous(_, let domain, _):
            guard let numbers = column.numbers, row < numbers.count, numbers[row].isFinite else {
                return nil
            }
            return ColorRamp.color(level(numbers[row], in: domain))
        }
    }

    /// `value`'s place along the ramp, 0…1 (1 when every value is the same).
    public func level(_ value: Double, in domain: ClosedRange<Double>) -> Double {
        let span = domain.upperBound - domain.lowerBound
        return span > 0 ? (value - domain.lowerBound) / span : 1
    }
}

/// How a column's numbers become the areas of points: linear in area from the smallest
/// (at 0 and below) to the largest (at the column's largest value), as Vega-Lite's size
/// scale with a zero domain is; diameters from 2 to 16 points (SVG pixels).
public struct SizeScale: Equatable, Sendable {
    public var column: String
    /// The largest value: the largest area.
    public var maximum: Double

    /// Areas in square points (= SVG pixels): diameters 2 and 16.
    public static let areas: ClosedRange<Double> = (Double.pi * 1)...(Double.pi * 64)
    /// The glyphs a terminal draws sizes with, smallest first (`level`).
    public static let glyphs: [Character] = ["·", "•", "●", "⬤"]

    init?(_ column: Column, rows: [Int]) {
        guard column.kind != .text, let numbers = column.numbers else { return nil }
        let largest = rows.map { numbers[$0] }.filter(\.isFinite).max() ?? 0
        self.column = column.name
        maximum = largest > 0 ? largest : 1
    }

    /// `value`'s share of the largest, 0…1 (clamped).
    public func fraction(_ value: Double) -> Double { min(max(value / maximum, 0), 1) }

    /// The area of a point of `value`, in square points; nil for a missing value.
    public func area(_ value: Double) -> Double? {
        guard value.isFinite else { return nil }
        return Self.areas.lowerBound + (Self.areas.upperBound - Self.areas.lowerBound)
            * fraction(value)
    }

    /// Its diameter in points.
    public func diameter(_ value: Double) -> Double? {
        area(value).map { 2 * ($0 / Double.pi).squareRoot() }
    }

    /// Which of the four glyphs draws `value`: quarters of the area's range.
    public func level(_ value: Double) -> Int { min(Int(fraction(value) * 4), 3) }
}

/// How a column's values become marker shapes: each value (as text, in order of first
/// appearance) the next of `shapes`, in turn — as a dot plot's `by=` groups take theirs.
public struct ShapeScale: Equatable, Sendable {
    public var column: String
    public var names: [String]

    /// The shapes in turn (a dot plot's `by=` groups take the same).
    public static let shapes: [MarkerStyle.Shape] = [.circle, .square, .diamond, .cross]

    init(_ column: Column, rows: [Int]) {
        var names = XCategories()
        for row in rows { _ = names.slot(of: column.text(at: row)) }
        self.column = column.name
        self.names = names.names
    }

    /// The shape of value number `index`.
    public func shape(_ index: Int) -> MarkerStyle.Shape {
        Self.shapes[index % Self.shapes.count]
    }

    /// The shape of `row` of `column`; nil when it has no value.
    public func shape(at row: Int, of column: Column) -> MarkerStyle.Shape? {
        let text = column.text(at: row)
        guard !text.isEmpty, let index = names.firstIndex(of: text) else { return nil }
        return shape(index)
    }
}
