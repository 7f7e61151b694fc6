/// The cells of a plot area that marks and placed labels take, so value labels never
/// overlap each other or the marks they do not belong to. Cells outside the area are taken.
struct LabelSpace {
    let width: Int
    let height: Int
    private var marks: [Bool]
    private var labels: [Bool]

    init(width: Int, height: Int) {
        self.width = max(width, 0)
        self.height = max(height, 0)
        marks = [Bool](repeating: false, count: self.width * self.height)
        labels = marks
    }

    /// Marks `columns × rows` (clamped to the area) as drawn on.
    mutating func takeForMark(columns: Range<Int>, rows: Range<Int>) {
        for (row, column) in cells(columns, rows) { marks[row * width + column] = true }
    }

    /// Whether a label may go at `row` over `columns`: inside the area, a cell clear of other
    /// labels on each side (so two never read as one number), and — unless it is written on
    /// its own mark (`overMark`) — clear of marks.
    func isFree(row: Int, columns: Range<Int>, overMark: Bool = false) -> Bool {
        guard row >= 0, row < height, columns.lowerBound >= 0, columns.upperBound <= width else {
            return false
        }
        let spaced = max(columns.lowerBound - 1, 0)..<min(columns.upperBound + 1, width)
        return spaced.allSatisfy { !labels[row * width + $0] }
            && (overMark || columns.allSatisfy { !marks[row * width + $0] })
    }

    /// Takes the cells of a placed label.
    mutating func takeForLabel(row: Int, columns: Range<Int>) {
        for (row, column) in cells(columns, row..<(row + 1)) { labels[row * width + column] = true }
    }

    private func cells(_ columns: Range<Int>, _ rows: Range<Int>) -> [(Int, Int)] {
        let columns = columns.clamped(to: 0..<width), rows = rows.clamped(to: 0..<height)
        return rows.flatMap { row in columns.map { (row, $0) } }
    }
}
