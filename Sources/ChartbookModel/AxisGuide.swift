/// How one axis is drawn — the axis value of the guides (`set xaxis`, `set yaxis`, `set grid`,
/// `set xticks`, `set xformat`): which of its parts show, where its ticks fall and how their
/// labels are written. The scale (where a value goes) is `Axes.xScale`/`yScale`; the y
/// axis's positions and named label formats are the reference lines' (`set reflines`).
public struct AxisGuide: Equatable, Sendable {
    /// The tick labels.
    public var labels = true
    /// The axis line (with its tick marks).
    public var line = true
    /// The tick marks on the line.
    public var ticks = true
    /// Grid lines across the plot at the ticks (x: down the chart; y: the reference lines).
    public var grid: Bool
    /// Ticks at every multiple of a step (`every=5`, `every=1mo`); nil: automatic.
    public var step: TickStep?
    /// How tick labels are written (`"%.1f"`, `"%b %Y"`); nil: automatic.
    public var format: LabelPattern?
    /// The x labels' slant in SVG, PNG, PDF and Vega-Lite, in degrees (0 to 90; `angle=45`):
    /// each label ends at its tick, rising to the left. The terminal writes them level.
    public var angle = 0
    /// The x axis stands above the plot (`position=top`; gnuplot's x2 axis, Vega-Lite's
    /// orient `top`): its line, ticks and labels over the plot instead of under it.
    public var top = false

    public init(grid: Bool) { self.grid = grid }

    /// The x axis's defaults: no grid down the chart.
    public static let x = AxisGuide(grid: false)
    /// The y axis's defaults: the reference lines across it.
    public static let y = AxisGuide(grid: true)
}

/// Where ticks fall when the user says (`set yticks every 5`, `set xticks every 1d`).
public enum TickStep: Equatable, Sendable, CustomStringConvertible {
    /// Every multiple of this many data units (a positive finite number); on a log axis,
    /// every this many decades (a whole number).
    case every(Double)
    /// Every `count` calendar units on a time axis, on their boundaries (`3mo`: the first of
    /// January, April, July, October).
    case calendar(CalendarUnit, Int)
    /// At most this many round ticks, chosen as the automatic ones are (`set xticks count 5`,
    /// Vega-Lite's `tickCount`).
    case count(Int)
    /// At these x values (data units: seconds on a time axis, slots on categories), as typed
    /// (`set xticks at 1,5,10`; Vega-Lite's axis `values`).
    case values([Double])

    /// As typed back: `5`, `0.25`, `1d`, `10min`, `3mo`.
    public var description: String {
        switch self {
        case .every(let value): NumberText.shortest(value)
        case .calendar(let unit, let count): "\(count)\(unit.suffix)"
        case .count(let n): "count \(n)"
        case .values(let values): values.map(NumberText.shortest).joined(separator: ",")
        }
    }

    /// The step `text` names: a positive number, or a whole count of a calendar unit
    /// (`10min`, `6h`, `1d`, `2w`, `3mo`, `1y`); nil when it is neither.
    public init?(_ text: String) {
        if let value = Double(text), value.isFinite, value > 0 {
            self = .every(value)
            return
        }
        for unit in CalendarUnit.allCases.sorted(by: { $0.suffix.count > $1.suffix.count })
        where text.hasSuffix(unit.suffix) {
            guard let count = Int(text.dropLast(unit.suffix.count)), count > 0, count <= 100_000
            else { return nil }
            self = .calendar(unit, count)
            return
        }
        return nil
    }
}
