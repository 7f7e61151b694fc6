import ChartbookModel

extension Executor {
    /// How and where the chart is drawn: `show`, `show data`, `list`, the output settings and
    /// snapshots.
    func applyOutput(_ command: Command, to s: inout Session, context: Context)
        throws(Diagnostic) -> [Effect]
    {
        switch command {
        case .show: return [.render]
        case .showData(let name, let rows):
            if s.dataset(named: name.value) == nil, let plot = s.plot(id: name.value),
                plot.drawn == nil
            {
                return [
                    .print(
                        DatasetTable.table(try plotTable(plot, in: s, at: name.range), rows: rows))
                ]
            }
            let existing = try datasetOrDrawnTable(name, in: s)
            if existing.remote != nil {
                return [.print(try engineRows(of: existing, rows: rows, at: name.range))]
            }
            let dataset = try readAllColumns(of: existing, at: name.range)
            return [.print(DatasetTable.table(dataset, rows: rows))]
        case .list: return [.print(SessionReport.list(s))]
        case .setSize(let size): s.output.size = size
        case .setColor(let mode): s.output.colorMode = mode
        case .setCanvas(let canvas): s.output.canvas = canvas
        case .setTheme(let theme, let colors, let fontSize):
            if let theme {
                s.output.theme = theme
                s.output.themeOverrides = [:]
                s.output.fontSize = nil
                // The plots take the theme's palette (their slots stay).
                for i in s.plots.indices { s.plots[i].palette = theme.palette }
            }
            for (part, color) in colors { s.output.themeOverrides[part] = color }
            if let fontSize { s.output.fontSize = fontSize }
            s.output.themeChosen = true
        case .setRedraw(let redraw): s.output.redraw = redraw
        case .snapshot(let on, let directory):
            s.output.snapshotDirectory =
                on
                ? files.resolve(directory?.value ?? "snapshots", relativeTo: context.directory)
                : nil
            let note =
                s.output.snapshotDirectory.map {
                    "snapshots on: every change writes \(TextMetrics.sanitized($0))/NNNN.svg\n"
                } ?? "snapshots off\n"
            return [.feedback(note), .render]
        default: break
        }
        return [.render]
    }

    /// `reset`, `help`, `echo`, `pause`, `play`, `quit`.
    func applySession(_ command: Command, to s: inout Session, context: Context)
        throws(Diagnostic) -> [Effect]
    {
        switch command {
        case .reset(nil):
            s = Session()
            return [.render]
        case .reset(let name?):
            try emptyDataset(name, in: &s)
            return [.render]
        case .help(let topic): return [.print(try HelpText.help(topic, width: textWidth()))]
        case .echo(let text): return [.print(TextMetrics.sanitizedLines(text) + "\n")]
        case .play(let path): return [.play(try lesson(path, context: context))]
        case .quit: return [.quit]
        default: return []  // pause: in a lesson, wait; elsewhere nothing
        }
    }

    /// The script `play PATH` steps through. Its steps run one deeper (`ScriptRunner.depth`):
    /// a script that plays itself stops here.
    func lesson(_ path: Located<String>, context: Context) throws(Diagnostic) -> ScriptSource {
        guard context.depth < maxSourceDepth else {
            throw Diagnostic(.sourceTooDeep(maxSourceDepth), at: path.range)
        }
        let resolved = files.resolve(path.value, relativeTo: context.directory)
        let bytes = try scriptBytes(path, resolved: resolved)
        do {
            return try ScriptSource(
                name: path.value, bytes: bytes,
                directory: ScriptSource.directory(containing: resolved))
        } catch {
            throw Diagnostic(.cannotRead(path: path.value, reason: error.reason), at: path.range)
        }
    }
}
