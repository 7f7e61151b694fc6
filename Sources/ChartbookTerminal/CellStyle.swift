import ChartbookModel

/// How one cell is drawn. nil colours are the terminal's defaults.
public struct CellStyle: Hashable, Sendable {
    public var foreground: Color?
    public var background: Color?
    public var bold: Bool
    public var dim: Bool
    public var inverse: Bool

    public init(
        foreground: Color? = nil, background: Color? = nil, bold: Bool = false, dim: Bool = false,
        inverse: Bool = false
    ) {
        self.foreground = foreground
        self.background = background
        self.bold = bold
        self.dim = dim
        self.inverse = inverse
    }

    public static let plain = CellStyle()
}

/// One terminal cell: a grapheme of display width 1 or 2, or the right half of a wide one.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var style: CellStyle
    /// The right half of the wide character in the cell to the left; prints nothing.
    public var isContinuation: Bool

    public init(
        _ character: Character = " ", style: CellStyle = .plain, isContinuation: Bool = false
    ) {
        self.character = character
        self.style = style
        self.isContinuation = isContinuation
    }

    public static let blank = Cell()
}
