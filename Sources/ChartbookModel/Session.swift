/// Everything the user has built: datasets, plots, reference lines and settings.
///
/// A value: executing a command makes a new session; undo keeps old ones. Nothing the user
/// can set lives anywhere else.
public struct Session: Equatable, Sendable {
    /// In order of creation.
    public var datasets: [Dataset]
    /// Drawn in order: later plots on top.
    public var plots: [Plot]
    public var referenceLines: ReferenceLines
    public var markedLines: [MarkedLine]
    /// Texts and arrows written onto the chart (`add text`, `add arrow`), drawn in order.
    public var annotations: [Annotation] = []
    public var axes: Axes
    public var view: View
    public var selection: Selection?
    public var output: OutputSettings
    /// The number for the next marked line's id (`r1`, `r2`, ...); never reused.
    public var nextMarkedLineNumber: Int
    /// The number for the next annotation's id (`a1`, `a2`, ...); never reused.
    public var nextAnnotationNumber = 1
    /// The zone times without one are read in, and times are shown in (`set timezone`).
    public var timeZone: TimeZoneSetting
    /// `set memory`: the bytes one command's data may take; nil: the machine's default (the
    /// executable's `ResourceLimits.memoryBudget`, half the physical memory).
    public var memoryBudget: Int?
    /// A page of several charts (`add panel`): every panel, the current one an empty
    /// placeholder (its chart is this session's own fields); empty for one chart.
    public var panels: [ChartPanel] = []
    /// The index in `panels` of the chart commands change.
    public var currentPanel = 0
    /// How the panels are placed (`set layout`).
    public var panelLayout = PanelLayout.auto
    /// Which panels `view`, `scroll` and `select x=` change (`set link`).
    public var panelLink = PanelLink.none

    public init() {
        datasets = []
        plots = []
        referenceLines = ReferenceLines()
        markedLines = []
        axes = Axes()
        view = View()
        selection = nil
        output = OutputSettings()
        nextMarkedLineNumber = 1
        timeZone = .utc
    }

    public func dataset(named name: String) -> Dataset? {
        datasets.first { $0.name == name }
    }

    public func plot(id: String) -> Plot? {
        plots.first { $0.id == id }
    }

    /// Points along x: the longest series any main-chart plot draws.
    public var pointCount: Int {
        plots.filter { $0.kind != .sparkline }.compactMap { values(of: $0)?.count }.max()
            ?? 0
    }

    /// The values a series reference points at, or nil when it no longer resolves.
    /// The datasets the plots and the marked lines' statistics read, in session order.
    public var datasetsInUse: [Dataset] {
        var names = Set(plotsOfEveryPanel.map(\.series.dataset))
        let lines =
            markedLines
            + panels.indices.filter { $0 != currentPanel }.flatMap { panels[$0].markedLines }
        for line in lines {
            if case .statistic(_, let series) = line.value { names.insert(series.dataset) }
        }
        return datasets.filter { names.contains($0.name) }
    }

    /// The table `plot` draws: the one its transforms made, else its dataset.
    public func table(of plot: Plot) -> Dataset? {
        plot.drawn?.table ?? dataset(named: plot.series.dataset)
    }

    /// The values `plot` draws: its transforms' (`DrawnTable.y`), else its series'.
    public func values(of plot: Plot) -> [Double]? {
        guard let drawn = plot.drawn else { return values(of: plot.series) }
        return drawn.table.column(named: drawn.y)?.numbers
    }

    public func values(of series: SeriesReference) -> [Double]? {
        dataset(named: series.dataset)?.column(named: series.column)?.numbers
    }

    /// Replaces the dataset with the same name, or appends it.
    public mutating func upsert(_ dataset: Dataset) {
        if let index = datasets.firstIndex(where: { $0.name == dataset.name }) {
            datasets[index] = dataset
        } else {
            datasets.append(dataset)
        }
    }

    /// The first palette slot whose colour no plot shows — neither by its own slot nor by an
    /// explicit `color=` (wrapping round when all are taken).
    public var freePaletteSlot: Int {
        let usedSlots = Set(plots.filter { $0.style.color == nil }.map(\.paletteSlot))
        let usedColors = Set(plots.compactMap(\.style.color))
        let palette = output.theme.palette
        return palette.indices.first {
            !usedSlots.contains($0) && !usedColors.contains(palette[$0])
        }
            ?? plots.count % palette.count
    }
}
