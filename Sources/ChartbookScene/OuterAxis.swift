extension Scene {
    /// A second y axis outside its side's first (`axis=left2`, `axis=right2`): its line's
    /// column, which side of the plot it stands on, and its ticks — in dots of the plot area
    /// (what the renderers place them by) and as labelled values (what the Vega-Lite export
    /// draws the same axis with).
    public struct OuterAxis: Equatable, Sendable {
        public var column: Int
        /// On the right of the plot (its ticks and labels point right).
        public var right: Bool
        /// The values at the plot area's bottom and top edges (the scale's units).
        public var edges: ClosedRange<Double> = 0...1
        public var tickDots: [Int] = []
        public var ticks: [Tick] = []

        public init(column: Int, right: Bool) {
            self.column = column
            self.right = right
        }
    }
}
