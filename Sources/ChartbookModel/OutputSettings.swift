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
    /// nil: a legend when there is more than one plot.
    public var legend: Bool?

    public init() {
        size = .auto
        colorMode = .auto
        canvas = .braille
        title = nil
        legend = nil
    }
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
}
