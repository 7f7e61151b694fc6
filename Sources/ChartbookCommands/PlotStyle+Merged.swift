import ChartbookModel

extension PlotStyle {
    /// This style with every option `other` sets replacing ours (`set plot`).
    func merged(with other: PlotStyle) -> PlotStyle {
        var style = self
        for option in PlotOption.all { option.merge(&style, other) }
        return style
    }
}
