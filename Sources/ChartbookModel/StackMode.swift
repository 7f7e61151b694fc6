/// How a plot's `by=` groups are stacked (`stack=`): on one another from zero (`on`), or as
/// shares of each x's total, so every stack reaches 1 (`normalize`, Vega-Lite's
/// `stack: "normalize"`, ggplot2's `position_fill`).
public enum StackMode: String, CaseIterable, Equatable, Sendable {
    case on
    case normalize
}
