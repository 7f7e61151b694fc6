/// Which columns a drawing of the session reads: what the executor reads of a file loaded
/// with columns on demand before it commits a session, so the layout only meets read columns.
extension Session {
    /// Every column a drawing reads, as the references name them: each plot's y column and
    /// the columns its binding names (`PlotBinding.columns`: `x=`, `by=`, `where=`, `y=`,
    /// `low=` …), and its dataset's x column when it names none; a `set labels` column; a
    /// marked line's statistic column.
    public var columnsInUse: [SeriesReference] {
        var used = [SeriesReference]()
        for plot in plots {
            let b = plot.binding
            let datasetX = b.x == nil ? dataset(named: plot.series.dataset)?.xColumn : nil
            let labels = [plot.style.labelColumn].compactMap { $0 }
            for name in [plot.series.column] + b.columns + labels + [datasetX].compactMap({ $0 })
            where !name.isEmpty {
                used.append(SeriesReference(dataset: plot.series.dataset, column: name))
            }
        }
        if case .column(let ref) = axes.labelSource { used.append(ref) }
        for line in markedLines {
            if case .statistic(_, let ref) = line.value {
                used.append(ref)
                if let filter = line.filter {
                    used.append(SeriesReference(dataset: ref.dataset, column: filter.column))
                }
            }
        }
        return used
    }
}
