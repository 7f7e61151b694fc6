import ChartbookModel

extension Scene {
    /// A point of a dot plot with channels (`ChannelScales`): where it is, its colour (the
    /// layer's without a colour channel) and, with a size channel, its area in square points
    /// and which of the terminal's four size glyphs draws it (`SizeScale.glyphs`).
    public struct EncodedMarker: Hashable, Sendable {
        public var point: DotPoint
        public var color: Color
        /// Square points (= SVG pixels); nil: the layer's marker size.
        public var area: Double?
        /// 0 (smallest) … 3; nil without a size channel.
        public var level: Int?

        public init(point: DotPoint, color: Color, area: Double? = nil, level: Int? = nil) {
            self.point = point
            self.color = color
            self.area = area
            self.level = level
        }
    }
}
