import ChartbookModel

extension SeriesResolver {
    /// A plot's channels as its series read them: the scales (`ChannelScales`) and the
    /// columns of its dataset they map, row for row.
    struct Channels {
        var scales: ChannelScales
        var color: Column?
        var size: Column?

        init?(plot: Plot, in session: Session) {
            guard let scales = ChannelScales(plot: plot, in: session),
                let dataset = session.dataset(named: plot.series.dataset)
            else { return nil }
            self.scales = scales
            color = scales.color.flatMap { dataset.column(named: $0.column) }
            size = scales.size.flatMap { dataset.column(named: $0.column) }
        }

        /// Row `row`'s colour (nil: no colour channel) and area and size level (nil: no size
        /// channel); nil altogether when a channel has no value there.
        func marker(at row: Int, default color: Color) -> (Color, Double?, Int?)? {
            var shown = color
            if let scale = scales.color, let column = self.color {
                guard let found = scale.color(at: row, of: column) else { return nil }
                shown = found
            }
            guard let scale = scales.size, let numbers = size?.numbers else {
                return (shown, nil, nil)
            }
            guard row >= 0, row < numbers.count, let area = scale.area(numbers[row]) else {
                return nil
            }
            return (shown, area, scale.level(numbers[row]))
        }
    }
}
