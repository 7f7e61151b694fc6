import ChartbookModel
import ChartbookCommands

/// `chartbook check`: a script's final chart, replayed at a pinned size, colour mode and
/// canvas, compared with the text (`NAME.txt`) and SVG (`NAME.svg`) recorded beside the
/// script — snapshot testing, for charts. `record` writes (or updates) those files instead.
public struct ChartCheck: Sendable {
    /// What a chart is replayed at. A script pins its own in a header comment among its
    /// first lines: `# check: size=100x30 color=256 canvas=block` (any of the three).
    public struct Pinned: Equatable, Sendable {
        public var columns: Int
        public var rows: Int
        public var color: ColorMode
        public var canvas: Canvas
        public init(
            columns: Int = 80, rows: Int = 24, color: ColorMode = .none, canvas: Canvas = .braille
        ) {
            self.columns = columns
            self.rows = rows
            self.color = color
            self.canvas = canvas
        }
    }

    /// How one script fared.
    public enum Outcome: Equatable, Sendable {
        case unchanged
        /// `record`: the expected files were written (they were missing or different).
        case recorded
        /// The chart differs: a readable report (text diff, SVG elements).
        case changed(String)
        /// No recorded output to compare with (record it first).
        case missing(String)
        /// The script did not run to the end: its diagnostics.
        case failed(String)

        public var passed: Bool {
            switch self {
            case .unchanged, .recorded: true
            default: false
            }
        }
    }

    public var files: any FileAccess
    public var defaults: Pinned
    public var record: Bool

    public init(files: any FileAccess, defaults: Pinned = Pinned(), record: Bool = false) {
        self.files = files
        self.defaults = defaults
        self.record = record
    }

    /// The settings a script pins in its header (`# check: …` in its first 10 lines), over
    /// `defaults`; unknown words are ignored.
    public static func pinned(in script: String, defaults: Pinned) -> Pinned {
        var pinned = defaults
        let header = script.split(separator: "\n", maxSplits: 10).prefix(10)
        guard let line = header.first(where: { $0.hasPrefix("# check:") }) else { return pinned }
        for word in line.dropFirst("# check:".count).split(separator: " ") {
            let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "size":
                let size = parts[1].split(separator: "x").compactMap { Int($0) }
                if size.count == 2, (1...2000).contains(size[0]), (1...1000).contains(size[1]) {
                    (pinned.columns, pinned.rows) = (size[0], size[1])
                }
            case "color":
                if let setting = ColorSetting(rawValue: parts[1]) {
                    pinned.color = setting.resolved(environment: .none)
                }
            case "canvas": if let canvas = Canvas(rawValue: parts[1]) { pinned.canvas = canvas }
            default: break
            }
        }
        return pinned
    }

    /// Replays the script at `path` (absolute) and compares or records its chart.
    public func check(_ path: String) -> Outcome {
        let text: String
        do { text = String(decoding: try files.read(path), as: UTF8.self) } catch {
            return .failed("cannot read it: \(error.reason)\n")
        }
        let pinned = Self.pinned(in: text, defaults: defaults)
        let target = TerminalTarget(
            columns: pinned.columns, rows: pinned.rows, colorMode: pinned.color)
        var start = Session()
        start.output.canvas = pinned.canvas
        var notebook = Notebook(session: start)
        var diagnostics = ""
        let name = String(path.split(separator: "/").last ?? Substring(path))
        let outcome = ScriptRunner(executor: Executor(files: files), target: { target }).run(
            ScriptSource(
                name: name, text: text, directory: ScriptSource.directory(containing: path)),
            in: &notebook
        ) { event in if case .diagnostic(let d) = event { diagnostics += d } }
        guard outcome != .failed else { return .failed(diagnostics) }
        let grid = ChartRenderer.grid(for: notebook.session, on: target)
        let chart = grid.lines.joined(separator: "\n") + "\n"
        let svg = SVGExporter.svg(for: notebook.session, on: target, description: name)
        let base = path.hasSuffix(".cb") ? String(path.dropLast(3)) : path
        return record
            ? write(chart, svg, base: base) : compare(chart, svg, base: base)
    }

    func write(_ chart: String, _ svg: String, base: String) -> Outcome {
        // A name that is not UTF-8 reads back only as U+FFFD: the recording would be made
        // under another name than the script's, and never found beside it.
        guard !base.contains("\u{FFFD}") else {
            return .failed(
                "cannot record it: its name is not UTF-8 text (rename the script to record it)\n")
        }
        let old = (try? files.read(base + ".txt"), try? files.read(base + ".svg"))
        guard old.0 != Array(chart.utf8) || old.1 != Array(svg.utf8) else { return .unchanged }
        do { try files.write(Array(chart.utf8), to: base + ".txt") } catch {
            return .failed("cannot write the recording: \(error.reason)\n")
        }
        do { try files.write(Array(svg.utf8), to: base + ".svg") } catch {
            // Both or neither: the text goes back to what it was, so the pair still agrees.
            if let text = old.0 {
                try? files.write(text, to: base + ".txt")
            } else {
                try? files.remove(base + ".txt")
            }
            return .failed("cannot write the recording (nothing was recorded): \(error.reason)\n")
        }
        return .recorded
    }

    func compare(_ chart: String, _ svg: String, base: String) -> Outcome {
        guard let expectedText = try? files.read(base + ".txt"),
            let expectedSVG = try? files.read(base + ".svg")
        else {
            return .missing("no recorded \(base).txt and .svg; run with --record to make them\n")
        }
        let textDiff = TextDiff.lines(
            expected: String(decoding: expectedText, as: UTF8.self), actual: chart)
        let svgDiff = SVGDiff.summary(
            expected: String(decoding: expectedSVG, as: UTF8.self), actual: svg)
        guard !textDiff.isEmpty || !svgDiff.isEmpty else { return .unchanged }
        var report = ""
        if !textDiff.isEmpty { report += "text (- recorded, + now):\n" + textDiff }
        if !svgDiff.isEmpty { report += "svg:\n" + svgDiff }
        return .changed(report)
    }

    /// The `.cb` scripts at `path`: the file itself, or every one below a directory, sorted.
    public func scripts(at path: String) -> [String] {
        if path.hasSuffix(".cb") { return [path] }
        if path.hasSuffix("/.") { return scripts(at: String(path.dropLast(2))) }
        // `chk/` and `chk` name the same directory: its scripts are `chk/a.cb`, never `chk//a.cb`.
        let directory = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
        return files.list(directory).sorted { $0.name < $1.name }.flatMap { entry -> [String] in
            let full = (directory == "/" ? "" : directory) + "/" + entry.name
            if entry.isDirectory { return entry.name.hasPrefix(".") ? [] : scripts(at: full) }
            return entry.name.hasSuffix(".cb") ? [full] : []
        }
    }
}
