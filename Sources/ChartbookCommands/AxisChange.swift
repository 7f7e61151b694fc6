import ChartbookModel

/// The parts of an axis guide a command gave (`set xaxis labels=off every=5`, `set yticks
/// every 5`, `set xformat "%b %Y"`); nil fields stay as they are.
public struct AxisChange: Equatable, Sendable {
    public var labels: Bool?
    public var line: Bool?
    public var ticks: Bool?
    public var grid: Bool?
    /// `.some(nil)`: back to automatic ticks.
    public var step: TickStep??
    /// `.some(nil)`: back to automatic labels.
    public var format: LabelPattern??
    /// `angle=` (x only), degrees.
    public var angle: Int?
    /// `set xticks at V,V…` (`set xaxis at=`): the values as typed, read by the chart's x
    /// scale when the change is applied (dates on a time axis, names on categories); the
    /// step they become.
    public var at: [Located<String>]?
    /// `position=top|bottom` (x only).
    public var top: Bool?
    /// The command it was typed as, which a saved script and `history` write back.
    public var spelling: Spelling = .axis

    public enum Spelling: Equatable, Sendable {
        /// `set xaxis key=value …`
        case axis
        /// `set xticks every N|auto`
        case ticks
        /// `set xformat "PATTERN"|auto`
        case format
    }

    public init() {}

    /// The options of `set xaxis` that are on/off switches, in the order they are written.
    public static let switches = ["labels", "line", "ticks", "grid"]

    public func applied(to guide: AxisGuide) -> AxisGuide {
        var guide = guide
        if let labels { guide.labels = labels }
        if let line { guide.line = line }
        if let ticks { guide.ticks = ticks }
        if let grid { guide.grid = grid }
        if let step { guide.step = step }
        if let format { guide.format = format }
        if let angle { guide.angle = angle }
        if let top { guide.top = top }
        return guide
    }

    /// What differs in `guide` from `defaults`, as one change (nil when nothing does).
    public static func difference(_ guide: AxisGuide, from defaults: AxisGuide) -> AxisChange? {
        var change = AxisChange()
        if guide.labels != defaults.labels { change.labels = guide.labels }
        if guide.line != defaults.line { change.line = guide.line }
        if guide.ticks != defaults.ticks { change.ticks = guide.ticks }
        if guide.grid != defaults.grid { change.grid = guide.grid }
        if guide.step != defaults.step { change.step = .some(guide.step) }
        if guide.format != defaults.format { change.format = .some(guide.format) }
        if guide.angle != defaults.angle { change.angle = guide.angle }
        if guide.top != defaults.top { change.top = guide.top }
        return change == AxisChange() ? nil : change
    }

    /// The switch named `name`'s new value, if this change sets it.
    func switchValue(_ name: String) -> Bool? {
        switch name {
        case "labels": labels
        case "line": line
        case "ticks": ticks
        case "grid": grid
        default: nil
        }
    }
}
