/// One layer of the chart: a kind of mark bound to a series, with its style.
public struct Plot: Equatable, Sendable {
    /// Unique within the session; defaults to the column name.
    public var id: String
    public var kind: Kind
    public var series: SeriesReference
    /// x, grouping, filter, axis and order (`x=`, `by=`, `where=`, `axis=`, `order=`).
    public var binding: PlotBinding
    public var style: PlotStyle
    /// Index into `Color.palette` chosen when the plot was added (the first one no other
    /// plot used), so colours stay put when other plots come and go.
    public var paletteSlot: Int
    /// The table its transforms made (`binding.transforms`), kept up to date by the
    /// executor; nil when it draws its dataset's rows.
    public var drawn: DrawnTable?
    /// The theme's palette its slot indexes (`Theme.palette`), kept by the executor: set
    /// when the plot is added and by `set theme`.
    public var palette: [Color] = Color.palette

    public init(
        id: String, kind: Kind, series: SeriesReference, style: PlotStyle, paletteSlot: Int = 0,
        binding: PlotBinding = PlotBinding()
    ) {
        self.id = id
        self.kind = kind
        self.series = series
        self.binding = binding
        self.style = style
        self.paletteSlot = paletteSlot
    }

    /// The colour this plot is drawn with.
    public var resolvedColor: Color {
        style.color ?? paletteColor(0)
    }

    /// The colour of its `by=` group `number` (0: the first to appear): its own colour for
    /// the first, the following palette colours for the rest — every output's rule.
    public func color(ofGroup number: Int) -> Color {
        if number == 0 { return resolvedColor }
        return paletteColor(number)
    }

    /// The palette's colour `number` places after its slot (a pie's slices, `by=` groups).
    public func paletteColor(_ number: Int) -> Color {
        let colors = palette.isEmpty ? Color.palette : palette
        return colors[(paletteSlot + number) % colors.count]
    }

    /// The colour group `number`'s marks are drawn in: `color(ofGroup:)` at the points'
    /// `opacity=` (its alpha times it).
    public func markColor(ofGroup number: Int) -> Color {
        var color = color(ofGroup: number)
        color.alpha *= style.marker.opacity ?? 1
        return color
    }

    /// The opacity of its marks that every group shares (Vega-Lite's mark `opacity`): its
    /// colour's alpha without groups, times `opacity=`.
    public var markOpacity: Double {
        (binding.by == nil ? resolvedColor.alpha : 1) * (style.marker.opacity ?? 1)
    }
}

/// `dataset.column` as the user wrote it, resolved to names when the plot was added.
public struct SeriesReference: Hashable, Sendable, CustomStringConvertible {
    public var dataset: String
    public var column: String

    public init(dataset: String, column: String) {
        self.dataset = dataset
        self.column = column
    }

    public var description: String { "\(dataset).\(column)" }
}
