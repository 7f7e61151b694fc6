import ArgumentParser

/// The flags `Invocation.quick` reads without swift-argument-parser — the ones a chart from
/// a script or `-e` is drawn with — and the one place their names are written: `ChartbookCLI`
/// declares them with `name` (issue 53: the parser's reflection of the command's ~25 flags
/// took 3 ms, half of a start, to read `--size 80x24 -e '…'`).
enum QuickOption: String, CaseIterable {
    case commands = "-e"
    case each = "--each"
    case size = "--size"
    case color = "--color"
    case canvas = "--canvas"
    case keepGoing = "--keep-going"
    case svg = "--svg"

    /// The name as swift-argument-parser declares it.
    var name: NameSpecification {
        rawValue.hasPrefix("--")
            ? .customLong(String(rawValue.dropFirst(2)))
            : .customShort(Character(String(rawValue.dropFirst())))
    }
}
