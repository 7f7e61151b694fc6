import ChartbookModel

/// A parsed command: what the user asked for, before it meets the session. Names that must
/// be looked up in the session keep where they were typed, so the executor can point at them.
public enum Command: Equatable, Sendable {
    // Data
    case data(name: Located<String>, values: [Double], labels: [String]?)
    /// `columns`: where the column names of `labels=` and `x=` were typed (keyed by option),
    /// so an unknown one is pointed at.
    case load(
        path: Located<String>, name: Located<String>?, options: LoadOptions,
        columns: [Located<String>] = [])
    case gen(name: Located<String>, generator: Generator)
    /// `load sqlite:PATH "QUERY" [as NAME] [x=COLUMN] [labels=COLUMN]`: `location` is the
    /// path as typed (after `sqlite:`), `query` where the query string was typed.
    case loadQuery(
        engine: DatabaseQuery.Engine, location: Located<String>, query: Located<String>,
        name: Located<String>?, options: LoadOptions, columns: [Located<String>] = [])
    case reload(names: [Located<String>])
    case drop(name: Located<String>, force: Bool)
    case describe(name: Located<String>)
    /// `fold DATASET COLUMNS as KEY VALUE`.
    case fold(
        dataset: Located<String>, columns: Located<String>, key: Located<String>,
        value: Located<String>)
    /// `let DATASET.COLUMN = EXPRESSION`: the expression as typed, placed where it was typed.
    case derive(dataset: Located<String>, column: Located<String>, expression: Located<String>)
    /// Append values (a row per numeric column; several rows at once).
    case push(name: Located<String>, values: [Double])
    /// `set data NAME window=N|off`.
    case setDataWindow(name: Located<String>, window: Int?)
    // Plots
    case addPlot(
        kind: Plot.Kind, series: Located<SeriesName>, id: Located<String>?, style: PlotStyle,
        binding: PlotBindingSpec = PlotBindingSpec())
    /// The options as typed: what they mean depends on the plot's kind (a line's `width=` is
    /// a stroke, a bar's a share of its slot), so the executor reads them once it has the plot.
    case setPlot(id: Located<String>, options: [TypedOption])
    case removePlot(id: Located<String>)
    case plots
    // Reference lines and axes
    case setReflines(ReflinesChange)
    case addRefline(MarkedLineSpec)
    case removeRefline(Located<String>)
    /// `add text X Y "TEXT"`, `add arrow X1 Y1 X2 Y2 ["TEXT"]`.
    case addAnnotation(AnnotationSpec)
    /// `set annotation ID ["TEXT"] [anchor= color= style= axis=]`: what is given, changed.
    case setAnnotation(Located<String>, AnnotationSpec)
    case removeAnnotation(Located<String>)
    /// `add panel`: a new, empty chart on the page, made current.
    case addPanel
    /// `panel N`: the chart commands change (1-based).
    case selectPanel(Located<Int>)
    /// `remove panel [N]`: a chart off the page (the current one without N).
    case removePanel(Located<Int>?)
    /// `set layout auto|COLUMNSxROWS`.
    case setLayout(PanelLayout)
    /// `set link x|none`.
    case setLink(PanelLink)
    case setLabels(source: Located<SeriesName>?, sparsity: Int?)
    case setRange(Axes.RangeMode)
    case setZero(Bool)
    /// `set facetscales shared|free|free-x|free-y`.
    case setFacetScales(FacetScales)
    case setTitle(String?)
    case setLegend(Bool?)
    /// `set legend top|bottom`.
    case setLegendPosition(OutputSettings.LegendPosition)
    /// `set xscale auto|index|linear|log|time|category` (auto: nil).
    case setXScale(XScaleKind?)
    case setYScale(YScaleKind)
    /// `set xlabel "…"` (x: true) / `set ylabel "…"`; nil removes the title.
    case setAxisTitle(x: Bool, String?)
    /// `set xaxis …`, `set xticks …`, `set xformat …` (x) and their y twins.
    case setAxis(x: Bool, AxisChange)
    /// `set grid x|y|both|off`: which axes draw grid lines across the plot.
    case setGrid(x: Bool, y: Bool)
    case setTimeZone(TimeZoneSetting)
    /// `set memory SIZE|auto`: the memory budget of later commands (auto: nil).
    case setMemory(Int?)
    case select(Selection?, at: TypedPlace)
    /// `select x=VALUE`: the value as typed, read by the chart's x scale.
    case selectX(Located<String>)
    // Viewing
    case setSpacing(View.Spacing)
    case scroll(ScrollAmount)
    /// `view A..B`: on an index chart points A through B fill the width; on a real x scale
    /// the interval from A to B (numbers, dates, categories) does. As typed; the executor
    /// reads them by the chart's x scale. `view all` (both nil) shows all data again.
    case view(lower: Located<String>?, upper: Located<String>?, at: TypedPlace)
    case setDirection(View.Direction)
    /// `set padding left=N …`: the sides given, in cells.
    case setPadding([View.Side: Double])
    // Output and session
    case show
    /// `show data NAME [A..B]`: the dataset as an aligned table, rows A through B (0-based).
    case showData(name: Located<String>, rows: ClosedRange<Int>?)
    case list
    case setSize(OutputSettings.Size)
    case setColor(ColorSetting)
    case setCanvas(Canvas)
    /// `set theme [NAME] [background=C|auto …]`: a named theme (its colours, the ones set
    /// over it and its text size cleared), colours set over it (nil: the theme's again) and
    /// the text size of pixel outputs (`fontsize=PX`; `.some(nil)`: the default again).
    case setTheme(Theme?, colors: [ThemeColors.Part: Color?], fontSize: Int?? = nil)
    /// `set redraw inplace|scroll`: how the notebook shows each new chart.
    case setRedraw(Redraw)
    /// `set selection color=C|auto style=solid|dashed|dotted|none|auto`: the options given
    /// (`.some(nil)`: back to the default).
    case setSelectionStyle(color: Color??, line: SelectionStyle.Line??)
    /// `save FORMAT PATH …`: write the chart, the session or a dataset in a format of
    /// `ExportFormat.all`.
    case save(ExportRequest)
    /// `play PATH`: step through a script as a lesson (the shell drives it).
    case play(path: Located<String>)
    /// `pause`: in a lesson, wait; elsewhere, nothing.
    case pause
    /// `snapshot on [DIR]` / `snapshot off`.
    case snapshot(on: Bool, directory: Located<String>?)
    /// `undo [N]` / `redo [N]`: N steps at once (all or nothing).
    case undo(count: Int), redo(count: Int)
    /// `history`: this session's changes (what undo walks back); `history all`: every line
    /// typed at the prompt, across runs.
    case history(all: Bool)
    /// `reset`: an empty session; `reset NAME`: dataset NAME emptied of its rows (the seed's
    /// data source reset), its columns and plots kept.
    case reset(dataset: Located<String>?)
    case help(topic: Located<String>?)
    /// Print text (narration in tours and teaching scripts).
    case echo(String)
    case source(path: Located<String>)
    case quit

    /// Whether the command can change the session (and so makes an undo step when it does):
    /// its entry's in the grammar.
    public var changesSession: Bool { Grammar.command(topic)?.changesSession ?? true }
}

/// The parts of `set reflines` that were given; nil fields stay as they are.
public struct ReflinesChange: Equatable, Sendable {
    public var positions: ReferenceLines.Positions?
    public var visible: Bool?
    public var labels: ReferenceLines.LabelSide?
    public var units: String?
    public var decimals: Int??
    public var format: ReferenceLines.Format?
    public var showMinMax: Bool?
    public var intermediate: ReferenceLines.Intermediate?
    public var color: Color?
    public var style: RuleStyle?
    public var width: Double?

    public init() {}

    public func applied(to lines: ReferenceLines) -> ReferenceLines {
        var lines = lines
        if let positions { lines.positions = positions }
        if let visible { lines.visible = visible }
        if let labels { lines.labels = labels }
        if let units { lines.units = units }
        if let decimals { lines.decimals = decimals }
        if let format { lines.format = format }
        if let showMinMax { lines.showMinMax = showMinMax }
        if let intermediate { lines.intermediate = intermediate }
        if let color { lines.color = color }
        if let style { lines.style = style }
        if let width { lines.width = width }
        return lines
    }
}

/// `add refline ...` before its series (if any) is resolved.
public struct MarkedLineSpec: Equatable, Sendable {
    public enum Value: Equatable, Sendable {
        case constant(Double)
        case statistic(StatisticKind, Located<SeriesName>)
        /// `x=VALUE`: a vertical line, the value as typed (read by the chart's x scale).
        case x(Located<String>)
    }
    public var value: Value
    public var label: String?
    public var color: Color?
    public var style: RuleStyle?
    /// Stroke width in pixels (`width=3`).
    public var width: Double?
    public var fit: Bool?
    public var axis: PlotBinding.Axis?
    /// A statistic's `where=`.
    public var filter: Located<RowFilter>?
    /// `x=mean D.col`, `y=mean D.col`: the axis a statistic is on; `.auto` when not said.
    public var placement: MarkedLine.Placement = .auto

    public init(
        value: Value, label: String? = nil, color: Color? = nil, style: RuleStyle? = nil,
        fit: Bool? = nil, axis: PlotBinding.Axis? = nil, filter: Located<RowFilter>? = nil
    ) {
        self.filter = filter
        self.axis = axis
        self.value = value
        self.label = label
        self.color = color
        self.style = style
        self.fit = fit
    }
}

/// `add text` or `add arrow` as typed: the points' values as written (read by the chart's
/// scales when the command runs), the text and the options given.
public struct AnnotationSpec: Equatable, Sendable {
    public enum Kind: String, Equatable, Sendable {
        case text, arrow
    }

    /// A point as typed: its x (a number, a time) and its y.
    public struct PointSpec: Equatable, Sendable {
        public var x: Located<String>
        public var y: Located<String>

        public init(x: Located<String>, y: Located<String>) {
            self.x = x
            self.y = y
        }
    }

    public var kind: Kind
    /// One for a text, two for an arrow (from, to).
    public var points: [PointSpec]
    public var text: String?
    public var anchor: Annotation.Anchor?
    public var color: Color?
    public var style: RuleStyle?
    public var axis: PlotBinding.Axis?

    public init(
        kind: Kind, points: [PointSpec], text: String? = nil, anchor: Annotation.Anchor? = nil,
        color: Color? = nil, style: RuleStyle? = nil, axis: PlotBinding.Axis? = nil
    ) {
        self.kind = kind
        self.points = points
        self.text = text
        self.anchor = anchor
        self.color = color
        self.style = style
        self.axis = axis
    }
}

/// How far `scroll` moves the window.
public enum ScrollAmount: Equatable, Sendable {
    /// Points on an index chart, x units on a real one: positive towards newer points.
    case points(Int)
    /// A share of the window's width in percent, as typed (`+25%` is 25).
    case percent(Double)
    /// A distance in x units as typed: a number, or on a time axis a duration (`+30d`).
    case distance(Located<String>)
    /// Whole windows' widths: forward (`scroll next`, and `scroll` alone) for 1, back
    /// (`scroll prev`) for −1.
    case pages(Int)
    case start, end
}

/// The `x=`, `by=`, `where=`, `axis=` and `order=` options of a plot as typed; nil fields
/// were not given. Column names keep where they were typed, for diagnostics.
public struct PlotBindingSpec: Equatable, Sendable {
    public var x: Located<String>?
    public var by: Located<String>?
    /// The option that named `by` (`by`, `detail`, or a line's `color`): `detail` draws
    /// the groups alike (`PlotBinding.detail`).
    public var byOption = "by"
    public var filter: Located<RowFilter>?
    public var axis: PlotBinding.Axis?
    public var order: PlotBinding.Order?
    public var y: Located<String>?
    public var low: Located<String>?
    public var high: Located<String>?
    public var open: Located<String>?
    /// `agg=`, `bin=`, and one of `rolling=`/`running=`/`change=`; an inner nil (`none`)
    /// removes it.
    public var aggregate: Located<Aggregation?>?
    public var bin: Located<XBin?>?
    public var window: Located<PlotWindow?>?
    /// A trend's `method=`.
    public var trend: Located<TrendMethod>?
    /// `facet=`; an inner nil (`none`) removes it.
    public var facet: Located<Facet?>?
    /// An error bar's `extent=`; an inner nil (`none`) removes it.
    public var extent: Located<ErrorExtent?>?
    /// `top=N`; an inner nil (`none`) removes it.
    public var top: Located<Int?>?
    /// A density's `bandwidth=`; an inner nil (`auto`): Scott's rule.
    public var bandwidth: Located<Double?>?
    /// A trend's `band=`: the confidence level; an inner nil (`off`) removes the band.
    public var band: Located<Double?>?
    /// `stack=`; an inner nil (`off`) unstacks.
    public var stack: Located<StackMode?>?
    /// `color=COLUMN`, `size=COLUMN` (channels); an inner nil removes the channel (`set
    /// plot` given a constant colour or size instead).
    public var color: Located<String?>?
    public var size: Located<String?>?
    /// `shape=COLUMN`; an inner nil (`none`) removes it.
    public var shape: Located<String?>?
    /// `opacity=COLUMN`; an inner nil removes it (`set plot` given a constant opacity).
    public var opacity: Located<String?>?
    /// Where each option was typed, by its name (`labels`, `style` …): a refusal of what an
    /// option asked points at it.
    public var typed = TypedOptionPlaces()

    public init() {}

    /// The columns it names, each with the option that named it.
    public var namedColumns: [(option: String, name: Located<String>)] {
        [("x=", x), ("y=", y), ("low=", low), ("high=", high), ("open=", open)].compactMap {
            option, name in name.map { (option, $0) }
        }
    }

    /// Where the first transform option was typed (`agg=`, `bin=`, a window), if any.
    public var transformRange: SourceRange? {
        aggregate?.range ?? bin?.range ?? window?.range ?? extent?.range ?? top?.range
            ?? band?.range ?? stack?.range
    }

    /// The plot's groups named by `option` (`by`, `detail`, a line's `color`): one column
    /// groups a plot, so two of them naming different columns are refused at the second.
    mutating func group(by column: Located<String>, option: String) throws(Diagnostic) {
        if let given = by, option != byOption, given.value != column.value,
            !given.value.isEmpty, !column.value.isEmpty
        {
            throw Diagnostic(
                .invalidValue(
                    key: option, value: column.value,
                    expected:
                        "'\(given.value)', as \(byOption)= says (\(byOption)= and \(option)= both group the plot's rows: one column does)"
                ),
                at: column.range)
        }
        by = column
        byOption = option
    }

    /// `binding` with every option given here replacing its own.
    public func applied(to binding: PlotBinding) -> PlotBinding {
        var binding = binding
        if let x { binding.x = x.value }
        if let by {
            binding.by = by.value.isEmpty ? nil : by.value
            binding.detail = byOption == "detail" && binding.by != nil
        }
        if let filter { binding.filter = filter.value }
        if let axis { binding.axis = axis }
        if let order { binding.order = order }
        if let y { binding.y = y.value }
        if let low { binding.low = low.value }
        if let high { binding.high = high.value }
        if let aggregate { binding.aggregate = aggregate.value }
        if let bin { binding.bin = bin.value }
        if let window { binding.window = window.value }
        if let trend { binding.trend = trend.value }
        if let open { binding.open = open.value }
        if let facet { binding.facet = facet.value }
        if let extent { binding.extent = extent.value }
        if let top { binding.top = top.value }
        if let bandwidth { binding.bandwidth = bandwidth.value }
        if let band { binding.band = band.value }
        if let stack { binding.stack = stack.value }
        if let color { binding.encoding.color = color.value }
        if let size { binding.encoding.size = size.value }
        if let shape { binding.encoding.shape = shape.value }
        if let opacity { binding.encoding.opacity = opacity.value }
        return binding
    }
}
