/// The groups `help` shows, in order; every command is in one.
public enum HelpGroup: String, CaseIterable, Sendable {
    case data, plots, lines, axes, view, output, session

    public var title: String {
        switch self {
        case .data: "Data: read, make and describe datasets"
        case .plots: "Plots: draw series"
        case .lines: "Reference lines: the grid and marked lines"
        case .axes: "Axes: scales, ranges, labels and titles"
        case .view: "Viewing: windows, scrolling and selection"
        case .output: "Output: how and where the chart is drawn"
        case .session: "Session: lists, history, scripts"
        }
    }
}
