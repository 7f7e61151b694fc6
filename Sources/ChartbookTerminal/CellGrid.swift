import ChartbookModel

/// A `width × height` grid of cells (columns × rows). Every row always spans exactly `width`
/// display cells: writes that would split a wide character or run off the edge are fixed up.
public struct CellGrid: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    public subscript(column: Int, row: Int) -> Cell {
        get { contains(column, row) ? cells[row * width + column] : .blank }
    }

    public func contains(_ column: Int, _ row: Int) -> Bool {
        column >= 0 && row >= 0 && column < width && row < height
    }

    /// Sets one narrow (width 1) cell; characters from data must be sanitised before.
    public mutating func set(_ column: Int, _ row: Int, _ character: Character, style: CellStyle) {
        guard contains(column, row) else { return }
        clearWide(at: column, row)
        cells[row * width + column] = Cell(character, style: style)
    }

    /// Changes only the style of a cell.
    public mutating func restyle(_ column: Int, _ row: Int, _ change: (inout CellStyle) -> Void) {
        guard contains(column, row) else { return }
        change(&cells[row * width + column].style)
    }

    /// Writes text from `column`, clipped at the right edge; returns the cells used.
    @discardableResult
    public mutating func put(_ text: String, column: Int, row: Int, style: CellStyle = .plain)
        -> Int
    {
        guard row >= 0, row < height else { return 0 }
        var x = column
        for character in TextMetrics.sanitized(text) {
            let w = TextMetrics.width(of: character)
            if w == 0 { continue }
            if x + w > width { break }
            if x >= 0 {
                clearWide(at: x, row)
                cells[row * width + x] = Cell(character, style: style)
                if w == 2 {
                    clearWide(at: x + 1, row)
                    cells[row * width + x + 1] = Cell(" ", style: style, isContinuation: true)
                }
            }
            x += w
        }
        return x - column
    }

    /// Copies `other` with its top-left cell at `column`, `row`, clipped at the edges (a
    /// faceted page's panels). A wide character cut by the right edge is left out.
    public mutating func place(_ other: CellGrid, column: Int, row: Int) {
        for y in 0..<other.height where contains(0, row + y) {
            for x in 0..<other.width where contains(column + x, row + y) {
                let cell = other[x, y]
                if cell.isContinuation, x == 0 { continue }
                if !cell.isContinuation, x + 1 < other.width, other[x + 1, y].isContinuation,
                    !contains(column + x + 1, row + y)
                {
                    continue
                }
                cells[(row + y) * width + column + x] = cell
            }
        }
    }

    /// Before overwriting a cell: a wide character it belongs to becomes a space.
    private mutating func clearWide(at column: Int, _ row: Int) {
        let index = row * width + column
        if cells[index].isContinuation, column > 0 {
            cells[index - 1] = Cell(" ", style: cells[index - 1].style)
            cells[index].isContinuation = false
        } else if column + 1 < width, cells[index + 1].isContinuation {
            cells[index + 1] = Cell(" ", style: cells[index + 1].style)
        }
    }

    /// The rows as plain text, each exactly `width` display cells.
    public var lines: [String] {
        (0..<height).map { row in
            var line = ""
            for column in 0..<width where !cells[row * width + column].isContinuation {
                line.append(cells[row * width + column].character)
            }
            return line
        }
    }
}
