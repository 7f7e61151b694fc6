/// One chart of a page of several (`add panel`): what a chart of its own holds — plots,
/// reference lines, annotations, axes, the view and the selection, its title and legend.
/// The datasets and the output settings belong to the session and every panel shares them.
public struct ChartPanel: Equatable, Sendable {
    public var plots: [Plot] = []
    public var referenceLines = ReferenceLines()
    public var markedLines: [MarkedLine] = []
    public var annotations: [Annotation] = []
    public var axes = Axes()
    public var view = View()
    public var selection: Selection?
    public var title: String?
    public var legend: Bool?
    public var nextMarkedLineNumber = 1
    public var nextAnnotationNumber = 1

    public init() {}
}

/// Which panels a viewing command changes (`set link`).
public enum PanelLink: String, Equatable, Sendable, CaseIterable {
    /// The current panel only.
    case none
    /// With `view`, `scroll` and `select x=`, every panel on the current panel's kind of x
    /// scale (times, numbers, log) too: their windows and readouts follow together.
    case x
}

/// How a page's panels are placed (`set layout`).
public enum PanelLayout: Equatable, Sendable {
    /// As many a row as keep each panel about as wide as tall on screen (`PanelGrid`).
    case auto
    /// A fixed number of panels a row (and rows: the page holds at most columns × rows).
    case grid(columns: Int, rows: Int)

    /// How it is written: `auto` or `2x1`.
    public var description: String {
        switch self {
        case .auto: "auto"
        case .grid(let columns, let rows): "\(columns)x\(rows)"
        }
    }
}
