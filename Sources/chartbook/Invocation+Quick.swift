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
            guard let option = QuickOption(rawValue: argument) else { return nil }
            guard option == .commands || !seen.contains(option) else { return nil }
            seen.append(option)
            guard option.takesValue else {
                if option == .each { invocation.each = true } else { invocation.keepGoing = true }
                continue
            }
            guard let value = rest.popFirst(), !value.hasPrefix("-"),
                invocation.take(value, for: option)
            else { return nil }
        }
        return invocation
    }

    /// Words the parser reads as a subcommand, not a script path.
    private static var subcommandNames: [String] {
        [PlotShortcut._commandName, CheckCommand._commandName, "help"]
    }

    /// Sets `option`'s `value` as the parser's reading of it would; false when it does not
    /// read.
    private mutating func take(_ value: String, for option: QuickOption) -> Bool {
        switch option {
        case .commands: commands.append(value)
        case .size:
            guard let size = CellSize(argument: value) else { return false }
            self.size = size
        case .color:
            guard let color = ColorSetting(argument: value) else { return false }
            self.color = color
        case .canvas:
            guard let canvas = Canvas(argument: value) else { return false }
            self.canvas = canvas
        case .svg: svg = value
        case .each, .keepGoing: return false
        }
        return true
    }
}
