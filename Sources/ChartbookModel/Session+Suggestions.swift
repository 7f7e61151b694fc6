/// What to try next, said the same way at the prompt (`Feedback`) and on an empty chart.
extension Session {
    /// `add plot line sales.revenue` (with `x=date` when the dataset has a time column but
    /// no x yet): the first plot of `dataset` (default: the newest dataset). Nil when plots
    /// exist or nothing is loaded; a dataset without a column of numbers has its rows counted.
    public func suggestedFirstPlot(of dataset: Dataset? = nil) -> String? {
        guard plots.isEmpty, let d = dataset ?? datasets.last else { return nil }
        let measures = d.columns.filter { $0.isNumeric && !$0.isTime && $0.name != d.xColumn }
        // (Not a column that looks like times since 1970 while another is left.)
        guard let y = measures.first(where: { $0.epochLike == nil }) ?? measures.first
        else { return countingPlot(of: d) }
        // A dataset of one series named like it (`data cpu = …`, `gen w …`) is named alone.
        let alone = d.numericColumns.count == 1 && y.name == d.name
        let series = alone ? d.name : SeriesName(dataset: d.name, column: y.name).description
        if d.xColumn == nil, let time = d.columns.first(where: \.isTime) {
            return "add plot line \(series) x=\(ScriptQuoting.quotedIfNeeded(time.name))"
        }
        return "add plot line \(series)"
    }

    /// For a dataset without a column of numbers: its rows counted per value of its first
    /// text column, or per day of its time x.
    func countingPlot(of d: Dataset) -> String? {
        let name = ScriptQuoting.quotedIfNeeded(d.name)
        if let text = d.columns.first(where: { $0.kind == .text && $0.name != d.xColumn }) {
            return "add plot bar \(name) x=\(ScriptQuoting.quotedIfNeeded(text.name)) agg=count"
        }
        guard let time = d.columns.first(where: \.isTime) else { return nil }
        let x = d.xColumn == nil ? " x=\(ScriptQuoting.quotedIfNeeded(time.name))" : ""
        return "add plot bar \(name)\(x) bin=day agg=count"
    }
}
