import ChartbookModel

extension Executor {
    /// `show data ID` for a plot without a computed table (issue 51): what it draws, as a
    /// table — a histogram's bins (`from`, `to` and the `count`, or the `density` with
    /// `density=on`; the bins every histogram of the chart shares), any other plot's own
    /// columns (`x=`, `by=`, its values) over the rows its `where=` keeps.
    func plotTable(_ plot: Plot, in s: Session, at range: SourceRange) throws(Diagnostic)
        -> Dataset
    {
        guard let source = s.dataset(named: plot.series.dataset) else {
            throw Diagnostic(.unknown(.dataset, plot.series.dataset, candidates: []), at: range)
        }
        let dataset = try readAllColumns(of: source, at: range)
        if plot.kind == .histogram { return try histogramTable(plot, dataset, in: s, at: range) }
        let kept = keptRows(plot, dataset)
        let names = [plot.binding.x, plot.binding.by, plot.series.column].compactMap { $0 }
        var table = Dataset(name: plot.id, columns: [], source: .inline)
        for name in names where !name.isEmpty {
            guard let column = dataset.column(named: name) else { continue }
            if !table.columns.contains(where: { $0.name == column.name }) {
                table.columns.append(column.keeping(rows: kept))
            }
        }
        return table
    }

    /// The rows of `dataset` that `plot`'s `where=` keeps (all without one).
    func keptRows(_ plot: Plot, _ dataset: Dataset) -> [Int] {
        guard let filter = plot.binding.filter, let column = dataset.column(named: filter.column)
        else { return Array(0..<dataset.count) }
        return filter.keeps(column).enumerated().filter(\.element).map(\.offset)
    }

    /// A histogram's bins and its counts in them, binned as the chart bins them.
    func histogramTable(_ plot: Plot, _ dataset: Dataset, in s: Session, at range: SourceRange)
        throws(Diagnostic) -> Dataset
    {
        func values(_ p: Plot, _ d: Dataset) -> [Double] {
            guard let numbers = d.column(named: p.series.column)?.numbers else { return [] }
            return keptRows(p, d).map { $0 < numbers.count ? numbers[$0] : .nan }
        }
        let histograms = s.mainPlots.filter { $0.kind == .histogram }
        var all = [[Double]]()
        for other in histograms {
            if other.id == plot.id {
                all.append(values(plot, dataset))
            } else if let d = s.dataset(named: other.series.dataset) {
                // (Its column and `where=` column are read: a committed session's drawing
                // reads them, `Session.columnsInUse`.)
                all.append(values(other, d))
            }
        }
        let rule = histograms.first?.style.histogram.bins ?? .auto
        guard let binning = HistogramBinning.make(all, rule: rule) else {
            return Dataset(name: plot.id, columns: [], source: .inline)
        }
        var counts = binning.counts(values(plot, dataset))
        let density = plot.style.histogram.density == true
        if density {
            let total = counts.reduce(0, +)
            if total > 0 { counts = counts.map { $0 / (total * binning.width) } }
        }
        let edges = binning.edges
        let columns = [
            Column(name: "from", numbers: Array(edges.dropLast())),
            Column(name: "to", numbers: Array(edges.dropFirst())),
            Column(name: density ? "density" : "count", numbers: counts),
        ]
        return Dataset(name: plot.id, columns: columns, source: .inline)
    }
}
