import ArgumentParser
import ChartbookModel

extension Invocation {
    /// The run `arguments` ask for when they are only the plain forms a chart is drawn with —
    /// script paths, and the `QuickOption`s each as its own argument with its value in the
    /// next (`--size 80x24`, never `--size=80x24`), every single-valued one at most once —
    /// read without swift-argument-parser; nil for anything else (help, `--version` among
    /// others, a value that does not read, a subcommand), which the parser then reads and
    /// explains. What it reads is what the parser reads (a test compares them on generated
    /// arguments).
    static func quick(_ arguments: [String]) -> Invocation? {
        var invocation = Invocation()
        var seen = [QuickOption]()
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            guard argument.hasPrefix("-") else {
                guard !argument.isEmpty, !subcommandNames.contains(argument) else { return nil }
                invocation.scripts.append(argument)
                continue
            }
            guard let option = QuickOption(rawValue: argument),
                option == .commands || !seen.contains(option),
                invocation.take(option, from: &rest)
            else { return nil }
            seen.append(option)
        }
        return invocation
    }

    /// Words the parser reads as a subcommand, not a script path.
    private static var subcommandNames: [String] {
        [PlotShortcut._commandName, CheckCommand._commandName, "help"]
    }

    /// Sets `option` — a flag, or the value in the next argument — as the parser's reading
    /// of it would; false when its value is missing, looks like a flag, or does not read.
    private mutating func take(_ option: QuickOption, from rest: inout ArraySlice<String>)
        -> Bool
    {
        func value() -> String? {
            guard let value = rest.popFirst(), !value.hasPrefix("-") else { return nil }
            return value
        }
        switch option {
        case .each: each = true
        case .keepGoing: keepGoing = true
        case .commands:
            guard let text = value() else { return false }
            commands.append(text)
        case .size:
            guard let size = value().flatMap(CellSize.init(argument:)) else { return false }
            self.size = size
        case .color:
            guard let color = value().flatMap(ColorSetting.init(argument:)) else { return false }
            self.color = color
        case .canvas:
            guard let canvas = value().flatMap(Canvas.init(argument:)) else { return false }
            self.canvas = canvas
        case .svg:
            guard let path = value() else { return false }
            svg = path
        }
        return true
    }
}
