/// The colours of everything that is not a plot, as drawn: a named theme's (`Theme`), with
/// any the user set over them (`set theme … background=C text=C grid=C frame=C mark=C`).
/// The scene carries them; the renderers and the Vega-Lite export read them.
public struct ThemeColors: Equatable, Sendable {
    public var background: Color
    public var text: Color
    public var grid: Color
    public var frame: Color
    /// Marked lines' colour when they have none of their own.
    public var mark: Color

    public init(background: Color, text: Color, grid: Color, frame: Color, mark: Color) {
        self.background = background
        self.text = text
        self.grid = grid
        self.frame = frame
        self.mark = mark
    }

    /// One of the colours a user may set (`set theme background=…`).
    public enum Part: String, Equatable, Hashable, Sendable, CaseIterable {
        case background, text, grid, frame, mark
    }

    /// The colour of `part`.
    public subscript(part: Part) -> Color {
        get {
            switch part {
            case .background: background
            case .text: text
            case .grid: grid
            case .frame: frame
            case .mark: mark
            }
        }
        set {
            switch part {
            case .background: background = newValue
            case .text: text = newValue
            case .grid: grid = newValue
            case .frame: frame = newValue
            case .mark: mark = newValue
            }
        }
    }
}

extension Theme {
    /// The theme's own colours.
    public var colors: ThemeColors {
        ThemeColors(background: background, text: text, grid: grid, frame: frame, mark: mark)
    }
}

extension OutputSettings {
    /// The colours drawn: the theme's, with the ones set over them.
    public var themeColors: ThemeColors {
        var colors = theme.colors
        for (part, color) in themeOverrides { colors[part] = color }
        return colors
    }
}
