/// How the selection is drawn (`set selection color= style=`, Graffeine's selection style):
/// the colour of its marks and of the line down the chart at its x, and that line's stroke.
public struct SelectionStyle: Equatable, Sendable {
    /// nil: each plot's colour for its marks, the theme's grid colour for the line.
    public var color: Color?
    /// nil: the default (a dotted line; dashed in SVG); `.none`: no line, the marks alone.
    public var line: Line?

    public enum Line: String, Equatable, Sendable, CaseIterable {
        case solid, dashed, dotted, none

        /// The rule style of a line that is drawn.
        public var rule: RuleStyle? { RuleStyle(rawValue: rawValue) }
    }

    public init(color: Color? = nil, line: Line? = nil) {
        self.color = color
        self.line = line
    }
}

/// A highlighted point, shared by every plot.
public enum Selection: Equatable, Sendable {
    /// Point index, 0-based.
    case index(Int)
    /// The newest point; follows the data as it grows.
    case last
    /// The point of every plot nearest to this x (data units: a number, seconds since the
    /// epoch for time, a slot number for categories).
    case x(Double)
}
