/// How and how big the chart is drawn.
public struct OutputSettings: Equatable, Sendable {
    public enum Size: Equatable, Sendable {
        /// Follow the terminal.
        case auto
        /// Columns × rows, in cells.
        case fixed(columns: Int, rows: Int)
    }

    public var size: Size
    public var colorMode: ColorSetting
    public var canvas: Canvas
    public var title: String?
    /// nil (auto): see `legendShown(series:yTitled:)`.
    public var legend: Bool?
    /// How the selection is drawn (`set selection`).
    public var selectionStyle = SelectionStyle()
    /// Where the legend rows stand: above the plot (the default), below the x axis, inside
    /// the plot's top right corner (over the data, as gnuplot's key), or in a column left or
    /// right of the plot, an entry a row (Vega-Lite's default place is right).
    public var legendPosition: LegendPosition = .top

    public enum LegendPosition: String, Equatable, Sendable, CaseIterable {
        case top, bottom, inside, left, right
        /// Inside the plot, in a corner (`inside` is the top right one).
        case topLeft = "top-left"
        case bottomLeft = "bottom-left"
        case bottomRight = "bottom-right"

        /// A column beside the plot, not rows above or below it.
        public var isSide: Bool { self == .left || self == .right }
        /// Over the plot, in one of its corners.
        public var isInside: Bool { [.inside, .topLeft, .bottomLeft, .bottomRight].contains(self) }
        /// An inside corner on the plot's left (its entries from the left edge).
        public var isLeftCorner: Bool { self == .topLeft || self == .bottomLeft }
        /// An inside corner at the plot's foot.
        public var isBottomCorner: Bool { self == .bottomLeft || self == .bottomRight }
    }
    public var theme: Theme
    /// Whether `set theme` chose the theme (else a picture follows the terminal's
    /// background, light or dark).
    public var themeChosen = false
    /// Colours set over the theme's (`set theme grid=#888888`), by part.
    public var themeOverrides: [ThemeColors.Part: Color] = [:]
    /// The text size of pixel outputs in pixels (`set theme fontsize=PX`); nil: the theme's
    /// (`OutputSettings.defaultFontSize`). A picture in the terminal keeps the terminal's.
    public var fontSize: Int?
    /// Where `snapshot on` writes an SVG after every change (absolute); nil when off.
    public var snapshotDirectory: String?
    /// How the notebook redraws at the prompt (`set redraw`).
    public var redraw: Redraw

    public init() {
        size = .auto
        colorMode = .auto
        canvas = .braille
        title = nil
        legend = nil
        theme = .dark
        snapshotDirectory = nil
        redraw = .inplace
    }

    /// Whether the chart has a legend row for `series` series: as set, else (auto) when
    /// there is more than one, or one that no `set ylabel` names (the legend then names its
    /// column, as gnuplot's key does).
    public func legendShown(series: Int, yTitled: Bool) -> Bool {
        legend ?? (series > 1 || (series == 1 && !yTitled))
    }
}

/// How the interactive notebook shows each new chart.
public enum Redraw: String, Equatable, Sendable, CaseIterable {
    /// Over the previous one, from the top of the screen (nothing piles up in the scrollback).
    case inplace
    /// Below what was there, scrolling the old charts away.
    case scroll
}

/// The colour setting the user chose; `auto` defers to the terminal.
public enum ColorSetting: String, Equatable, Sendable, CaseIterable {
    case auto, off
    case ansi16 = "16"
    case ansi256 = "256"
    case truecolor

    /// The concrete mode, with `auto` resolved to `environment`.
    public func resolved(environment: ColorMode) -> ColorMode {
        switch self {
        case .auto: environment
        case .off: .none
        case .ansi16: .ansi16
        case .ansi256: .ansi256
        case .truecolor: .truecolor
        }
    }
}

/// What colour escapes a terminal receives.
public enum ColorMode: String, Equatable, Sendable, CaseIterable {
    case none, ansi16, ansi256, truecolor
}

/// What the terminal renderer draws lines and dots with.
public enum Canvas: String, Equatable, Sendable, CaseIterable {
    /// 2×4 dots per cell.
    case braille
    /// 2×2 quadrant blocks per cell.
    case block
    /// 1×2 dots per cell drawn with `'`, `.` and `:`.
    case ascii
    /// A picture where the terminal shows pictures (the kitty graphics protocol, iTerm2's
    /// inline images, sixel), braille elsewhere and in every text output.
    case auto

    /// The canvas cells are drawn with: `auto`'s cells are braille.
    public var cells: Canvas { self == .auto ? .braille : self }
}

/// Colours of everything that is not a plot. The terminal keeps its own background and text
/// colour and takes the grid and frame colours; SVG, PNG, PDF and Vega-Lite take all of them.
public enum Theme: String, Equatable, Sendable, CaseIterable {
    case dark, light
    /// Ethan Schoonover's Solarized, its dark and light base colours.
    case solarizedDark = "solarized-dark"
    case solarizedLight = "solarized-light"
    /// For printing: black text, frame and marked lines on white, a light grey grid.
    case paper

    /// The plots' colours in turn: dark and light the default (`Color.palette`, Tableau 10),
    /// Solarized its eight accents, paper the Okabe–Ito colours (told apart by readers with
    /// colour-blindness, and dark enough to print).
    public var palette: [Color] {
        let hexes: [UInt32]
        switch self {
        case .dark, .light: return Color.palette
        case .solarizedDark, .solarizedLight:
            hexes = [
                0x268bd2, 0xcb4b16, 0x859900, 0xdc322f, 0x6c71c4, 0x2aa198, 0xd33682, 0xb58900,
            ]
        case .paper:
            hexes = [
                0x0072b2, 0xd55e00, 0x009e73, 0xcc79a7, 0xe69f00, 0x56b4e9, 0x000000, 0x999999,
            ]
        }
        return hexes.map { Color(hex: $0) }
    }

    /// Background, text, grid, frame and marked-line colours, in that order.
    private var hexes: (background: UInt32, text: UInt32, grid: UInt32, frame: UInt32, mark: UInt32)
    {
        switch self {
        case .dark: (0x16181d, 0xd7dae0, 0x6c6c6c, 0x8a8f98, 0xe3b341)
        case .light: (0xffffff, 0x24292f, 0xa8adb4, 0x57606a, 0x9a6700)
        case .solarizedDark: (0x002b36, 0x93a1a1, 0x586e75, 0x839496, 0xb58900)
        case .solarizedLight: (0xfdf6e3, 0x586e75, 0x93a1a1, 0x657b83, 0xb58900)
        case .paper: (0xffffff, 0x000000, 0xc8c8c8, 0x000000, 0x000000)
        }
    }

    public var background: Color { Color(hex: hexes.background) }
    public var text: Color { Color(hex: hexes.text) }
    public var grid: Color { Color(hex: hexes.grid) }
    public var frame: Color { Color(hex: hexes.frame) }
    /// Default colour of marked lines: amber, apart from the grey grid and from the first
    /// palette colours (black on paper).
    public var mark: Color { Color(hex: hexes.mark) }
}

extension OutputSettings {
    /// The text size of SVG, PNG, PDF and the HTML notebook when none is set, in pixels.
    public static let defaultFontSize = 13

    /// The sizes `set theme fontsize=` takes, in pixels.
    public static let fontSizes = 6...48

    /// The cell box of pixel outputs for the text size in use: a monospace cell, 0.6 of the
    /// size wide and 1.25 of it high, to the nearest pixel (8 × 16 at the default 13 px).
    /// The chart is laid out in these cells with one dot per pixel: a bigger text makes a
    /// bigger picture of the same cells, or fewer cells in a picture of a given size.
    public var pixelCell: PixelSize {
        let size = Double(fontSize ?? Self.defaultFontSize)
        return PixelSize(
            width: Int((size * 0.6).rounded()), height: Int((size * 1.25).rounded()))
    }
}

/// A size in pixels (SVG output).
public struct PixelSize: Equatable, Sendable {
    public var width: Int, height: Int
    public init(width: Int, height: Int) { self.width = width; self.height = height }
}
