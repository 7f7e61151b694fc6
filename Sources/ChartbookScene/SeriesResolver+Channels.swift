import ChartbookModel

extension SeriesResolver {
    /// A plot's channels as its series read them: the scales (`ChannelScales`) and the
    /// columns of its dataset they map, row for row.
    struct Channels {
        var scales: ChannelScales
        var color: Column?
        var size: Column?
        var shape: Column?
        var opacity: Column?

        init?(plot: Plot, in session: Session) {
            guard let scales = ChannelScales(plot: plot, in: session),
                let dataset = session.dataset(named: plot.series.dataset)
            else { return nil }
            self.scales = scales
            color = scales.color.flatMap { dataset.column(named: $0.column) }
            size = scales.size.flatMap { dataset.column(named: $0.column) }
            shape = scales.shape.flatMap { dataset.column(named: $0.column) }
            opacity = scales.opacity.flatMap { dataset.column(named: $0.column) }
        }

        /// Row `row`'s marker at `point`: its colour (`color` without a colour channel) at its
        /// opacity (the colour's alpha), its area and size level, its shape (nil without
        /// those channels); nil when a channel has no value there.
        func marker(at row: Int, _ point: DotPoint, default color: Color) -> Scene.EncodedMarker? {
            var marker = Scene.EncodedMarker(point: point, color: color)
            if let scale = scales.color, let column = self.color {
                guard let found = scale.color(at: row, of: column) else { return nil }
                marker.color = found
                marker.color.alpha = color.alpha
            }
            if let scale = scales.shape, let column = shape {
                guard let found = scale.shape(at: row, of: column) else { return nil }
                marker.shape = found
            }
            if let scale = scales.size, let numbers = size?.numbers {
                guard row >= 0, row < numbers.count, let area = scale.area(numbers[row]) else {
                    return nil
                }
                marker.area = area
                marker.level = scale.level(numbers[row])
            }
            if let scale = scales.opacity, let numbers = opacity?.numbers {
                guard row >= 0, row < numbers.count, let alpha = scale.opacity(numbers[row]) else {
                    return nil
                }
                marker.color.alpha = alpha
            }
            return marker
        }
    }
}
