/// How a plot is drawn: what every kind has (a colour, value labels), and one section per
/// family of kinds, each a value of its own with its own units and defaults (a line's
/// `width` is a stroke in points, a bar's a share of its slot). The option table
/// (`PlotOption.all`) is the one place that says which option of which kind writes which
/// field. Unset fields are nil: the section's default for the kind applies, and
/// `save script` writes only what was set.
public struct PlotStyle: Equatable, Sendable {
    /// nil: the palette colour for the plot's position.
    public var color: Color?
    /// Value labels on bars, points and slices (`labels=`).
    public var labels: ValueLabels?
    /// `labels=COLUMN` (issue 29): each point labelled with its row's text in this column of
    /// the plot's dataset (`labels` is then `on`); nil: the value (or its share).
    public var labelColumn: String?
    /// Lines, areas and radar polygons.
    public var stroke = StrokeStyle()
    /// Dots.
    public var marker = MarkerStyle()
    /// Bars of every kind, candles and boxes.
    public var bar = BarStyle()
    /// Histograms.
    public var histogram = HistogramStyle()
    /// Charts of categories: horizontal bars, pies and donuts.
    public var categories = CategoryStyle()
    /// Sparkline strips.
    public var spark = SparkStyle()

    public init(
        color: Color? = nil, labels: ValueLabels? = nil, stroke: StrokeStyle = StrokeStyle(),
        marker: MarkerStyle = MarkerStyle(), bar: BarStyle = BarStyle()
    ) {
        self.color = color
        self.labels = labels
        self.stroke = stroke
        self.marker = marker
        self.bar = bar
    }
}

/// Value labels on bars, points and slices (`labels=`): `on` is the kind's usual label (the
/// value; the percentage for pie and donut slices).
public enum ValueLabels: String, Equatable, Sendable, CaseIterable {
    case off, on, value, percent
}
