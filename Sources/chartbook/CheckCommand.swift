import ArgumentParser
import ChartbookModel
import ChartbookCommands
import ChartbookKit

/// `chartbook check [--record] PATH…`: replays every `.cb` script at a pinned size, colour
/// mode and canvas and compares its chart with the `.txt` and `.svg` recorded beside it —
/// regression tests for a user's charts, for CI. Exit status 1 on any change.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check that scripts still draw the charts recorded beside them.",
        usage:
            "chartbook check [--record] [<paths> ...] [--size <size>] [--color <color>] [--canvas <canvas>]",
        discussion: """
            Each SCRIPT.cb is replayed (default 80x24, no colour, braille; a header comment \
            '# check: size=100x30 color=256 canvas=block' pins its own) and its chart compared \
            with SCRIPT.txt and SCRIPT.svg. A change prints a text diff and the SVG elements \
            that changed, and the exit status is 1. --record writes or updates the files.
            """)

    @Argument(
        help: "Scripts, or directories searched for .cb scripts.",
        completion: .file(extensions: ["cb"]))
    var paths: [String] = ["."]

    @Flag(help: "Write (or update) the expected .txt and .svg instead of comparing.")
    var record = false

    @Option(help: "Size in cells, COLUMNSxROWS (a script's header wins).")
    var size: CellSize?

    @Option(help: "Colour: off, 16, 256 or truecolor (a script's header wins).")
    var color: ColorSetting = .off

    @Option(help: "Canvas: braille, block or ascii (a script's header wins).")
    var canvas: Canvas = .braille

    func run() throws {
        MappedFileFaults.install()
        let environment = TerminalEnvironment(variables: ProcessInfo.environmentDictionary)
        let files = LocalFiles(
            home: environment.home, workingDirectory: LocalFiles.currentDirectory(),
            limits: ResourceLimits(memoryBudget: MachineMemory.budget()), isCancelled: { false })
        var defaults = ChartCheck.Pinned(color: color.resolved(environment: .none), canvas: canvas)
        if let size { (defaults.columns, defaults.rows) = (size.columns, size.rows) }
        let check = ChartCheck(files: files, defaults: defaults, record: record)
        // Each script with its name as the user would type it: below the path as typed.
        let scripts = paths.flatMap { typed -> [(path: String, shown: String)] in
            let resolved = files.resolve(typed, relativeTo: nil)
            func trimmed(_ path: String) -> Substring {
                var path = path[...]
                while path.count > 1, path.hasSuffix("/") || path.hasSuffix("/.") {
                    path = path.hasSuffix("/") ? path.dropLast() : path.dropLast(2)
                }
                return path
            }
            let base = trimmed(resolved), shownBase = trimmed(typed)
            return check.scripts(at: resolved).map { script in
                (
                    script,
                    script.hasPrefix(base)
                        ? String(shownBase + script.dropFirst(base.count)) : script
                )
            }
        }
        guard !scripts.isEmpty else {
            StandardStreams.err(
                "chartbook check: no .cb scripts in \(paths.joined(separator: " "))\n")
            throw ExitCode(1)
        }
        var failures = 0
        for (script, typed) in scripts {
            let shown = TextMetrics.sanitized(typed)
            let outcome = check.check(script)
            switch outcome {
            case .unchanged: StandardStreams.out("ok        \(shown)\n")
            case .recorded: StandardStreams.out("recorded  \(shown)\n")
            case .changed(let report):
                StandardStreams.out("CHANGED   \(shown)\n" + indented(report))
            case .missing(let why): StandardStreams.out("MISSING   \(shown)\n" + indented(why))
            case .failed(let why): StandardStreams.out("FAILED    \(shown)\n" + indented(why))
            }
            if !outcome.passed { failures += 1 }
        }
        StandardStreams.out(
            "\(scripts.count) script\(scripts.count == 1 ? "" : "s"), \(failures) changed or failing\n"
        )
        if failures > 0 { throw ExitCode(1) }
    }

    func indented(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map {
            "    " + TextMetrics.sanitized(String($0)) + "\n"
        }.joined()
    }
}
