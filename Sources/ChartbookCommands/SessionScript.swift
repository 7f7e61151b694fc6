import ChartbookModel
import ChartbookData

/// The shortest script that rebuilds a session (`save script`): datasets from their source,
/// then settings that differ from the defaults, plots, marked lines, the view and the
/// selection. Replaying it draws the same chart.
///
/// - A loaded dataset is a `load` of its file (relative to the script's directory when the
///   file is below it); values pushed onto it since are not kept — the file is the source.
/// - A generated dataset is a `gen` while its values are still what the generator gives;
///   otherwise, like typed data, it is written out as `data NAME = ...`.
/// - Plot colours: a plot whose palette colour would differ on replay (plots were removed
///   since) gets an explicit `color=`.
public enum SessionScript {
    public static func text(for s: Session, scriptDirectory: String?) -> String {
        var lines = ["# chartbook script — rebuilds the session (save script)"]
        let defaults = Session()
        // Before the loads: it decides how their times are read.
        if s.timeZone != defaults.timeZone {
            lines.append("set timezone \(ScriptQuoting.quotedIfNeeded(s.timeZone.name))")
        }
        // Before the loads too: they are held to it.
        if let budget = s.memoryBudget {
            lines.append("set memory \(ResourceLimits.exactBytesText(budget))")
        }

        for d in s.datasets {
            switch d.source {
            case .file(let path, let options):
                var line =
                    "load \(ScriptQuoting.quoted(relative(path, to: scriptDirectory))) as \(d.name)"
                switch options.separator {
                case .auto: break
                case .character(let c):
                    line +=
                        " sep=" + (c == 9 ? "tab" : ScriptQuoting.quoted(String(UnicodeScalar(c))))
                }
                if options.header != .auto { line += " header=\(options.header.rawValue)" }
                lines.append(line + columnOptions(options))
            case .query(let query):
                let location = query.engine.written(
                    query.engine == .sqlite
                        ? relative(query.location, to: scriptDirectory) : query.location)
                lines.append(
                    "load \(ScriptQuoting.quoted(location)) \(ScriptQuoting.quoted(query.sql)) as \(d.name)"
                        + columnOptions(query.options))
            case .generated(let g)
            where DataGenerator.values(for: g) == d.columns.first?.numbers && d.window == nil:
                lines.append(
                    "gen \(d.name) \(g.kind.rawValue) \(g.count) seed=\(g.seed)"
                        + (g.period != 40 ? " period=\(number(g.period))" : ""))
            default:
                lines.append(inlineData(d))
            }
            if let window = d.window { lines.append("set data \(d.name) window=\(window)") }
        }

        let r = s.referenceLines, dr = defaults.referenceLines
        var reflines = [String]()
        if r.positions != dr.positions {
            switch r.positions {
            case .auto: reflines.append("auto")
            case .relative(let f):
                reflines.append("relative " + f.map(number).joined(separator: " "))
            case .absolute(let v):
                reflines.append("absolute " + v.map(number).joined(separator: " "))
            }
        }
        if !r.visible { reflines.append("off") }
        if r.labels != dr.labels { reflines.append("labels=\(r.labels.rawValue)") }
        if r.units != dr.units { reflines.append("units=\(ScriptQuoting.quoted(r.units))") }
        if let d = r.decimals { reflines.append("decimals=\(d)") }
        if r.format != dr.format { reflines.append("format=\(r.format.rawValue)") }
        if r.showMinMax != dr.showMinMax { reflines.append("minmax=\(onOff(r.showMinMax))") }
        if r.showIntermediate != dr.showIntermediate {
            reflines.append("intermediate=\(onOff(r.showIntermediate))")
        }
        if let c = r.color { reflines.append("color=\(c)") }
        if r.style != dr.style { reflines.append("style=\(r.style.rawValue)") }
        // `off` cannot be combined with positions: give it its own line.
        if let off = reflines.firstIndex(of: "off") {
            reflines.remove(at: off)
            if !reflines.isEmpty { lines.append("set reflines " + reflines.joined(separator: " ")) }
            lines.append("set reflines off")
        } else if !reflines.isEmpty {
            lines.append("set reflines " + reflines.joined(separator: " "))
        }

        switch s.axes.range {
        case .auto: break
        case .adapt: lines.append("set range adapt")
        case .fixed(let l, let u):
            lines.append("set range \(l.map(number) ?? "")..\(u.map(number) ?? "")")
        }
        if s.axes.includeZero { lines.append("set zero on") }
        if let kind = s.axes.xScale { lines.append("set xscale \(kind.rawValue)") }
        if s.axes.yScale != .linear { lines.append("set yscale \(s.axes.yScale.rawValue)") }
        if let t = s.axes.xTitle { lines.append("set xlabel \(ScriptQuoting.quoted(t))") }
        if let t = s.axes.yTitle { lines.append("set ylabel \(ScriptQuoting.quoted(t))") }
        let o = s.output
        if case .fixed(let c, let r) = o.size { lines.append("set size \(c)x\(r)") }
        if o.colorMode != .auto { lines.append("set color \(o.colorMode.rawValue)") }
        if o.canvas != .braille { lines.append("set canvas \(o.canvas.rawValue)") }
        if o.theme != .dark { lines.append("set theme \(o.theme.rawValue)") }
        if o.redraw != .inplace { lines.append("set redraw \(o.redraw.rawValue)") }
        if let t = o.title { lines.append("set title \(ScriptQuoting.quoted(t))") }
        if let l = o.legend { lines.append("set legend \(onOff(l))") }

        // Plots, with the palette colour spelled out where replay would pick another.
        var replayed = Session()
        for p in s.plots {
            var options = plotOptions(p)
            let slot = replayed.freePaletteSlot
            if p.style.color == nil && slot != p.paletteSlot {
                options.insert("color=\(p.resolvedColor)", at: 0)
            }
            let series = SeriesName(dataset: p.series.dataset, column: p.series.column)
            lines.append(
                (["add plot \(p.kind.rawValue) \(series) as \(p.id)"] + options).joined(
                    separator: " "))
            var added = p
            added.paletteSlot = slot
            replayed.plots.append(added)
        }
        for m in s.markedLines {
            var line = "add refline "
            switch m.value {
            case .constant(let v): line += number(v)
            case .statistic(let k, let ref):
                line += "\(k.rawValue) \(SeriesName(dataset: ref.dataset, column: ref.column))"
            }
            if let label = m.label { line += " " + ScriptQuoting.quoted(label) }
            if let c = m.color { line += " color=\(c)" }
            if m.style != .dashed { line += " style=\(m.style.rawValue)" }
            if !m.fit { line += " fit=off" }
            if m.axis != .left { line += " axis=\(m.axis.rawValue)" }
            lines.append(line)
        }
        switch s.axes.labelSource {
        case .none: break
        case .index: lines.append("set labels index")
        case .datasetLabels(let name): lines.append("set labels \(name)")
        case .column(let ref):
            lines.append("set labels \(SeriesName(dataset: ref.dataset, column: ref.column))")
        }
        if s.axes.labelSparsity != 1 { lines.append("set labels sparsity=\(s.axes.labelSparsity)") }

        let v = s.view
        if v.paddingLeft != 0 || v.paddingRight != 0 {
            lines.append(
                "set padding left=\(number(v.paddingLeft)) right=\(number(v.paddingRight))")
        }
        switch v.spacing {
        case .auto: break
        case .cells(let c): lines.append("set spacing \(number(c))")
        case .points: break  // written as `view A..B` below
        }
        if v.direction == .rtl { lines.append("set direction rtl") }
        switch (v.spacing, v.anchor) {
        case (.points(let n), .start(let first)): lines.append("view \(first)..\(first + n - 1)")
        case (.points(let n), .end(let k)):
            let count = s.pointCount
            let first = max(count - n - k, 0)
            lines.append("view \(first)..\(first + n - 1)")
        case (_, .start(let first)) where first > 0: lines.append("scroll +\(first)")
        case (_, .end(let k)) where v.direction == .rtl && k > 0: lines.append("scroll -\(k)")
        case (_, .end(let k)) where v.direction == .ltr:
            lines.append("scroll end" + (k > 0 ? "; scroll -\(k)" : ""))
        default: break
        }
        if let interval = v.xInterval, s.xScaleKind != .index {
            lines.append("view \(viewText(interval, in: s))")
        }
        switch s.selection {
        case .none: break
        case .last: lines.append("select last")
        case .index(let i): lines.append("select \(i)")
        case .x(let x):
            lines.append("select x=\(ScriptQuoting.quotedIfNeeded(SessionReport.xText(x, in: s)))")
        }
        if let dir = o.snapshotDirectory {
            lines.append("snapshot on \(ScriptQuoting.quoted(relative(dir, to: scriptDirectory)))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `A..B` of a real-x view, as `view` reads it (categories by the names of the slots inside).
    static func viewText(_ interval: ClosedRange<Double>, in s: Session) -> String {
        var lower = interval.lowerBound, upper = interval.upperBound
        if s.xScaleKind == .category {
            lower = (lower + 0.5).rounded(.up)
            upper = max(lower, (upper - 0.5).rounded(.down))
        }
        let a = SessionReport.xText(lower, in: s), b = SessionReport.xText(upper, in: s)
        return ScriptQuoting.quotedIfNeeded(a) + ".." + ScriptQuoting.quotedIfNeeded(b)
    }

    /// ` labels=… x=… time=…`: the options of a load that name columns.
    static func columnOptions(_ options: LoadOptions) -> String {
        var text = ""
        if let labels = options.labelColumn {
            text += " labels=\(ScriptQuoting.quotedIfNeeded(labels))"
        }
        if let x = options.xColumn { text += " x=\(ScriptQuoting.quotedIfNeeded(x))" }
        if let epoch = options.epoch { text += " time=\(epoch.rawValue)" }
        if options.mode != .auto { text += " mode=\(options.mode.rawValue)" }
        if options.timeout != .default {
            text += " timeout=" + ValueParser.timeoutText(options.timeout)
        }
        return text
    }

    /// Every option the plot sets, as `add plot` reads them (`PlotOption.all`).
    static func plotOptions(_ p: Plot) -> [String] { PlotOption.written(p) }

    static func inlineData(_ d: Dataset) -> String {
        let values = d.columns.first?.numbers ?? []
        guard !values.isEmpty else { return "# dataset \(d.name) is empty" }
        if let labels = d.labels {
            return "data \(d.name) = "
                + zip(labels, values).map { "\(ScriptQuoting.quoted($0)):\(number($1))" }.joined(
                    separator: " ")
        }
        return "data \(d.name) = " + values.map(number).joined(separator: " ")
    }

    static func number(_ v: Double) -> String { v.isNaN ? "nan" : NumberText.shortest(v) }
    static func onOff(_ b: Bool) -> String { b ? "on" : "off" }

    static func relative(_ path: String, to directory: String?) -> String {
        guard let directory, path.hasPrefix(directory + "/") else { return path }
        return String(path.dropFirst(directory.count + 1))
    }
}
