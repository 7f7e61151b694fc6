/// What to try next, said the same way at the prompt (`Feedback`) and on an empty chart.
extension Session {
    /// `add plot line sales.revenue` (with `x=date` when the dataset has a time column but
    /// no x yet): the first plot of `dataset` (default: the newest dataset). Nil when plots
    /// exist or nothing numeric is loaded.
    public func suggestedFirstPlot(of dataset: Dataset? = nil) -> String? {
        guard plots.isEmpty, let d = dataset ?? datasets.last,
            let y = d.columns.first(where: { $0.isNumeric && !$0.isTime && $0.name != d.xColumn })
        else { return nil }
        // A dataset of one series named like it (`data cpu = …`, `gen w …`) is named alone.
        let alone = d.numericColumns.count == 1 && y.name == d.name
        let series = alone ? d.name : SeriesName(dataset: d.name, column: y.name).description
        if d.xColumn == nil, let time = d.columns.first(where: \.isTime) {
            return "add plot line \(series) x=\(ScriptQuoting.quotedIfNeeded(time.name))"
        }
        return "add plot line \(series)"
    }
}
