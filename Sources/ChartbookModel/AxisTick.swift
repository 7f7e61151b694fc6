/// A labelled tick of an axis: its value in the axis's units and its label as drawn — what
/// the layout decides once and every renderer of the chart (terminal, SVG, Vega-Lite) shows.
public struct AxisTick: Equatable, Sendable {
    public var value: Double
    public var label: String

    public init(value: Double, label: String) {
        self.value = value
        self.label = label
    }
}
