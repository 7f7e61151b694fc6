/// How a picture reaches the terminal outside tmux: passed through (tmux's
/// `allow-passthrough on`) to that terminal, which draws it at its own cursor — so the
/// sequence first moves that cursor to where the pane's rows stand on its screen. tmux does
/// not know the picture is there: it stays until drawn over (sixel, iTerm2) or replaced by
/// this process's next one (kitty, by `imageID`).
public struct Passthrough: Equatable, Sendable {
    /// The pane's top-left cell on the outer terminal's screen, 0-based.
    public var paneTop: Int
    public var paneLeft: Int
    /// The pane's height in rows.
    public var paneRows: Int
    /// The pane row (0-based) the drawing's first line starts on, the cursor at its start.
    public var startRow: Int
    /// The kitty image id of this process's pictures (1 ..< 2³²), so a redraw replaces its
    /// own picture and a picture in another pane stays.
    public var imageID: Int

    public init(paneTop: Int, paneLeft: Int, paneRows: Int, startRow: Int, imageID: Int) {
        self.paneTop = paneTop
        self.paneLeft = paneLeft
        self.paneRows = paneRows
        self.startRow = startRow
        self.imageID = imageID
    }

    /// The pane row (0-based) a picture of `rows` rows lands on after `linesAbove` lines of
    /// text: where its reserving newlines leave it (the pane scrolls at its bottom row).
    public func pictureRow(linesAbove: Int, rows: Int) -> Int {
        let last = max(paneRows - 1, 0)
        let afterText = min(max(startRow, 0) + max(linesAbove, 0), last)
        return max(min(afterText + rows, last) - rows, 0)
    }

    /// The cursor move, on the outer terminal, to the first cell of pane row `row`.
    func moveTo(row: Int) -> String {
        "\u{1B}[\(paneTop + row + 1);\(paneLeft + 1)H"
    }

    /// `sequence` wrapped for tmux to pass it through: `DCS tmux;`, every ESC doubled, ST.
    public static func wrapped(_ sequence: String) -> String {
        "\u{1B}Ptmux;" + sequence.replacingOccurrences(of: "\u{1B}", with: "\u{1B}\u{1B}")
            + "\u{1B}\\"
    }
}
