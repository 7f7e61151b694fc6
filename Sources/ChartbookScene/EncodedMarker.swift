import ChartbookModel

extension Scene {
    /// A point of a dot plot with channels (`ChannelScales`): where it is, its colour (the
    /// layer's without a colour channel), with a size channel its area in square points and
    /// which of the terminal's four size glyphs draws it (`SizeScale.glyphs`), and with a
    /// shape channel its shape (the terminal draws a size's glyph where both are given).
    public struct EncodedMarker: Equatable, Sendable {
        public var point: DotPoint
        public var color: Color
        /// Square points (= SVG pixels); nil: the layer's marker size.
        public var area: Double?
        /// 0 (smallest) … 3; nil without a size channel.
        public var level: Int?
        /// Its shape (`shape=COLUMN`); nil: the layer's.
        public var shape: MarkerStyle.Shape?

        public init(
            point: DotPoint, color: Color, area: Double? = nil, level: Int? = nil,
            shape: MarkerStyle.Shape? = nil
        ) {
            self.point = point
            self.color = color
            self.area = area
            self.level = level
            self.shape = shape
        }
    }
}
