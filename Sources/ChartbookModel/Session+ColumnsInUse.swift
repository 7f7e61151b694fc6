/// Which columns a drawing of the session reads: what the executor reads of a file loaded
/// with columns on demand before it commits a session, so the layout only meets read columns.
extension Session {
    /// Every column a drawing reads, as the references name them: each plot's y column, its
    /// x (its own `x=`, else its dataset's), `by=`, `where=`, a heatmap's `y=` and a kind's
    /// extra columns (`low=` …); a `set labels` column; a marked line's statistic column.
    public var columnsInUse: [SeriesReference] {
        var used = [SeriesReference]()
        for plot in plots {
            let b = plot.binding
            let x = b.x ?? dataset(named: plot.series.dataset)?.xColumn
            let names =
                [plot.series.column, x, b.by, b.filter?.column, b.y]
                + plot.kind.extraColumns.map { b[keyPath: $0.path] }
            for case let name? in names {
                used.append(SeriesReference(dataset: plot.series.dataset, column: name))
            }
        }
        if case .column(let ref) = axes.labelSource { used.append(ref) }
        for line in markedLines {
            if case .statistic(_, let ref) = line.value { used.append(ref) }
        }
        return used
    }
}
