import ChartbookModel
import Foundation

/// What a marked line across (`add refline 30 "target"`) is labelled with — its label (or
/// its statistic's name) and its value, formatted as the reference lines are (`target 30`,
/// `mean 23.05`): one text for the terminal, SVG and Vega-Lite.
public enum MarkedLineLabel {
    /// The label of `line` at `value` (in data units), for `session`'s reference-line format.
    public static func text(_ line: MarkedLine, value: Double, in session: Session) -> String {
        let lines = session.referenceLines
        let formatter = LabelFormatter(
            format: lines.format, decimals: lines.decimals, units: lines.units)
        let name = TextMetrics.sanitized(line.label ?? line.statisticName ?? "")
        let formatted = formatter.label(for: value, significantDigits: 4)
        return name.isEmpty ? formatted : "\(name) \(formatted)"
    }

    /// The label of a statistic drawn down the chart at `value`, an x value in data units:
    /// a time as the x axis reads it back (ISO 8601 in the session's zone), a number as the
    /// lines across write theirs (`mean 70.9`).
    public static func text(_ line: MarkedLine, x value: Double, in session: Session) -> String {
        guard session.xScaleKind == .time else { return text(line, value: value, in: session) }
        let name = TextMetrics.sanitized(line.label ?? line.statisticName ?? "")
        let formatted = XValueText.text(
            value, scale: .time, timeZone: session.timeZone, categories: XCategories())
        return name.isEmpty ? formatted : "\(name) \(formatted)"
    }
}
