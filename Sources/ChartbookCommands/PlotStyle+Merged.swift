import ChartbookModel

extension PlotStyle {
    /// This style with every option `other` sets replacing ours.
    func merged(with other: PlotStyle) -> PlotStyle {
        var style = self
        if let v = other.color { style.color = v }
        if let v = other.width { style.width = v }
        if let v = other.lineStyle { style.lineStyle = v }
        if let v = other.marker { style.marker = v }
        if let v = other.size { style.size = v }
        if let v = other.outline { style.outline = v }
        if let v = other.fill { style.fill = v }
        if let v = other.fillColor { style.fillColor = v }
        if let v = other.gradient { style.gradient = v }
        if let v = other.gradientType { style.gradientType = v }
        if let v = other.rounded { style.rounded = v }
        if let v = other.outlineWidth { style.outlineWidth = v }
        if let v = other.sparkKind { style.sparkKind = v }
        if let v = other.sparkRange { style.sparkRange = v }
        if let v = other.sparkZero { style.sparkZero = v }
        if let v = other.sparkHeight { style.sparkHeight = v }
        return style
    }
}
