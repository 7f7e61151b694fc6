import ChartbookModel

/// `last=on`: the last point in view of a line, a filled point on it and its value written
/// right of it — where chartbook's layout put them (`Scene.Layer.last`), so both surfaces
/// mark the same point with the same text.
extension VegaLiteSpec {
    /// A line's last point as chartbook drew it: its x in data units (seconds for times,
    /// the row number on the index), its value and the value's text.
    public struct DrawnLastPoint: Equatable, Sendable {
        public var plotID: String
        public var x: Double
        public var value: Double
        public var text: String
        public var color: String

        public init(plotID: String, x: Double, value: Double, text: String, color: String) {
            self.plotID = plotID
            self.x = x
            self.value = value
            self.text = text
            self.color = color
        }
    }

    /// The point and text layers of the plots on `axis` drawn with `last=on`.
    func lastPointLayers(on axis: PlotBinding.Axis) -> [JSON] {
        drawn.lastPoints.flatMap { last -> [JSON] in
            guard let plot = session.plot(id: last.plotID), plot.binding.axis == axis,
                let x = lastX(last, plot)
            else { return [] }
            let encoding: [JSON.Member] = [
                JSON.Member("x", x), JSON.Member("y", .object(["datum": .number(last.value)])),
            ]
            return [
                .object([
                    "data": Self.oneRow,
                    "mark": .object([
                        "type": "point", "filled": true, "size": 60, "color": .string(last.color),
                        "opacity": 1,
                    ]),
                    "encoding": .object(encoding),
                ]),
                .object([
                    "data": Self.oneRow,
                    "mark": .object([
                        "type": "text", "align": "left", "dx": 7, "color": .string(last.color),
                    ]),
                    "encoding": .object(
                        encoding + [JSON.Member("text", .object(["value": .string(last.text)]))]),
                ]),
            ]
        }
    }

    /// The x datum of a last point on the chart's x scale; nil on categories (no number
    /// says a slot there).
    func lastX(_ last: DrawnLastPoint, _ plot: Plot) -> JSON? {
        switch session.xScaleKind {
        case .time: return .object(["datum": .number(last.x * 1000), "type": "temporal"])
        case .linear, .log, .sqrt, .symlog:
            return .object(["datum": .number(last.x), "type": "quantitative"])
        case .category: return nil
        case .index:
            guard let dataset = session.dataset(named: plot.series.dataset) else { return nil }
            if let labels = dataset.labels {
                let i = Int(last.x)
                return i >= 0 && i < labels.count ? .object(["datum": .string(labels[i])]) : nil
            }
            return .object(["datum": .number(last.x), "type": "quantitative"])
        }
    }
}
