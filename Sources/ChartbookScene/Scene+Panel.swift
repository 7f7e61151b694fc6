extension Scene {
    /// One panel of a page: its chart, whose top-left cell is at `column`, `row` of the
    /// page.
    public struct Panel: Equatable, Sendable {
        public var column: Int
        public var row: Int
        public var scene: Scene
        public init(column: Int, row: Int, scene: Scene) {
            self.column = column
            self.row = row
            self.scene = scene
        }
    }
}
