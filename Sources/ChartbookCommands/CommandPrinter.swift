import ChartbookModel

/// A command as a script line: the inverse of the parser. The law, tested over commands
/// generated from the grammar (`CommandRoundTripTests`): `parse(text(c)) == c` for every `c`
/// the parser makes. `save script` writes the session through it.
public enum CommandPrinter {
    public static func text(_ c: Command) -> String {
        data(c) ?? plots(c) ?? settings(c) ?? viewing(c) ?? output(c) ?? session(c) ?? ""
    }

    /// Datasets: `data`, `load`, `gen`, `reload`, `drop`, `describe`, `push`, `set data`.
    static func data(_ c: Command) -> String? {
        switch c {
        case .data(let name, let values, let labels):
            let items =
                labels.map { zip($0, values).map { quoted($0) + ":" + number($1) } }
                ?? values.map(number)
            return "data \(name.value) = " + items.joined(separator: " ")
        case .load(let path, let name, let options, _):
            return "load \(quoted(path.value))" + asName(name) + loadOptions(options)
        case .loadQuery(let engine, let location, let query, let name, let options, _):
            // The location as typed (a password too): `save script` leaves it out itself.
            let typed = engine == .sqlite ? "sqlite:" + location.value : location.value
            return "load \(quoted(typed)) \(quoted(query.value))"
                + asName(name) + loadOptions(options)
        case .gen(let name, let g):
            return "gen \(name.value) \(g.kind.rawValue) \(g.count) seed=\(g.seed)"
                + (g.period != Generator(kind: g.kind, count: 1).period
                    ? " period=\(number(g.period))" : "")
        case .reload(let names): return (["reload"] + names.map(\.value)).joined(separator: " ")
        case .drop(let name, let force): return "drop \(name.value)" + (force ? " force" : "")
        case .describe(let name): return "describe \(name.value)"
        case .fold(let dataset, let columns, let key, let value):
            let words = [columns.value, key.value, value.value].map(ScriptQuoting.quotedIfNeeded)
            return "fold \(dataset.value) \(words[0]) as \(words[1]) \(words[2])"
        case .derive(let dataset, let column, let expression):
            let target = SeriesName(dataset: dataset.value, column: column.value)
            return "let \(target) = \(expression.value)"
        case .push(let name, let values):
            return "push \(name.value) " + values.map(number).joined(separator: " ")
        case .setDataWindow(let name, let window):
            return "set data \(name.value) window=" + (window.map(String.init) ?? "off")
        default: return nil
        }
    }

    /// Plots and marked lines.
    static func plots(_ c: Command) -> String? {
        switch c {
        case .addPlot(let kind, let series, let id, let style, let binding):
            let options = PlotOption.written(
                PlotSettings(style: style, binding: binding), kind: kind)
            return (["add plot \(kind.rawValue) \(series.value)" + asName(id)] + options)
                .joined(separator: " ")
        case .setPlot(let id, let options):
            return "set plot \(id.value) "
                + options.map { $0.name + "=" + tokenText($0.value) }.joined(separator: " ")
        case .removePlot(let id): return "remove plot \(word(id.value))"
        case .plots: return "plots"
        case .addRefline(let spec): return "add refline " + refline(spec)
        case .removeRefline(let target): return "remove refline \(word(target.value))"
        case .addAnnotation(let spec): return "add \(spec.kind.rawValue) " + annotation(spec)
        case .setAnnotation(let id, let change):
            return (["set annotation", word(id.value), annotation(change)].filter { !$0.isEmpty })
                .joined(separator: " ")
        case .removeAnnotation(let id): return "remove annotation \(word(id.value))"
        case .addPanel: return "add panel"
        case .selectPanel(let n): return "panel \(n.value)"
        case .removePanel(let n): return "remove panel" + (n.map { " \($0.value)" } ?? "")
        case .setLayout(let layout): return "set layout " + layout.description
        case .setLink(let link): return "set link " + link.rawValue
        case .setReflines(let change): return "set reflines " + reflines(change)
        default: return nil
        }
    }

    /// The y range, scales, labels and titles.
    static func settings(_ c: Command) -> String? {
        switch c {
        case .setLabels(let source, let sparsity):
            return
                (["set labels"] + [source.map(\.value.description)].compactMap { $0 }
                + [sparsity.map { "sparsity=\($0)" }].compactMap { $0 }).joined(separator: " ")
        case .setRange(let mode): return "set range " + range(mode)
        case .setZero(let on): return "set zero " + onOff(on)
        case .setFacetScales(let scales): return "set facetscales " + scales.rawValue
        case .setTitle(let title): return "set title " + (title.map(quoted) ?? "off")
        case .setLegend(let on): return "set legend " + (on.map(onOff) ?? "auto")
        case .setLegendPosition(let position): return "set legend " + position.rawValue
        case .setXScale(let kind): return "set xscale " + (kind?.rawValue ?? "auto")
        case .setYScale(let kind): return "set yscale " + kind.rawValue
        case .setAxisTitle(let x, let title):
            return "set \(x ? "xlabel" : "ylabel") " + (title.map(quoted) ?? "off")
        case .setAxis(let x, let change): return axis(x: x, change)
        case .setSelectionStyle(let color, let line):
            return
                (["set selection"]
                + [
                    color.map { "color=" + ($0.map { "\($0)" } ?? "auto") },
                    line.map { "style=" + ($0?.rawValue ?? "auto") },
                ].compactMap { $0 }).joined(separator: " ")
        case .setGrid(let x, let y):
            return "set grid " + (x && y ? "both" : x ? "x" : y ? "y" : "off")
        case .setTimeZone(let zone): return "set timezone " + word(zone.name)
        case .setMemory(let bytes):
            return "set memory " + (bytes.map(ResourceLimits.exactBytesText) ?? "auto")
        default: return nil
        }
    }

    /// Windows, scrolling and selection.
    static func viewing(_ c: Command) -> String? {
        switch c {
        case .select(let selection, _):
            switch selection {
            case .index(let i): return "select \(i)"
            case .last: return "select last"
            case .x(let x): return "select x=\(number(x))"
            case nil: return "select none"
            }
        case .selectX(let value): return "select x=" + word(value.value)
        case .setSpacing(let spacing):
            switch spacing {
            case .auto: return "set spacing auto"
            case .cells(let n): return "set spacing \(number(n))"
            // Not a parser's: `view A..B` sets it, with the window's place.
            case .points(let n): return "view 0..\(n - 1)"
            }
        case .scroll(let amount): return scroll(amount)
        case .view(let lower?, let upper?, _):
            return "view " + word(lower.value) + ".." + word(upper.value)
        case .view: return "view all"
        case .setDirection(let direction): return "set direction " + direction.rawValue
        case .setPadding(let sides):
            return
                (["set padding"]
                + View.Side.allCases.compactMap { side in
                    sides[side].map { "\(side.rawValue)=\(number($0))" }
                }).joined(separator: " ")
        default: return nil
        }
    }

    /// How and where the chart is drawn.
    static func output(_ c: Command) -> String? {
        switch c {
        case .show: return "show"
        case .showData(let name, let rows):
            return "show data" + (name.value.isEmpty ? "" : " \(name.value)")
                + (rows.map { " \($0.lowerBound)..\($0.upperBound)" } ?? "")
        case .setSize(.auto): return "set size auto"
        case .setSize(.fixed(let columns, let rows)): return "set size \(columns)x\(rows)"
        case .setColor(let mode): return "set color " + mode.rawValue
        case .setCanvas(let canvas): return "set canvas " + canvas.rawValue
        case .setTheme(let theme, let colors, let fontSize):
            return
                (["set theme"] + [theme?.rawValue].compactMap { $0 }
                + ThemeColors.Part.allCases.compactMap { part in
                    colors[part].map { "\(part.rawValue)=" + ($0.map { "\($0)" } ?? "auto") }
                }
                + [fontSize.map { "fontsize=" + ($0.map(String.init) ?? "auto") }]
                .compactMap { $0 }).joined(separator: " ")
        case .setRedraw(let redraw): return "set redraw " + redraw.rawValue
        case .save(let request):
            return
                (["save", request.format, quoted(request.path.value)]
                + request.operands.map { word($0.value) }
                + request.options.map { $0.name + "=" + tokenText($0.value) })
                .joined(separator: " ")
        case .snapshot(let on, let directory):
            return on
                ? "snapshot on" + (directory.map { " " + quoted($0.value) } ?? "") : "snapshot off"
        default: return nil
        }
    }

    /// Lists, history and scripts.
    static func session(_ c: Command) -> String? {
        switch c {
        case .list: return "list"
        case .undo(let n): return n == 1 ? "undo" : "undo \(n)"
        case .redo(let n): return n == 1 ? "redo" : "redo \(n)"
        case .history(let all): return all ? "history all" : "history"
        case .reset(let name): return "reset" + (name.map { " " + word($0.value) } ?? "")
        case .source(let path): return "source \(word(path.value))"
        case .play(let path): return "play \(word(path.value))"
        case .pause: return "pause"
        case .echo(let text): return "echo " + quoted(text)
        case .help(let topic): return "help" + (topic.map { " " + word($0.value) } ?? "")
        case .quit: return "quit"
        default: return nil
        }
    }

    // MARK: Parts

    /// ` sep=… header=… decimal=… labels=… x=… time=… mode=… timeout=…`: a load's options that differ
    /// from the defaults.
    static func loadOptions(_ options: LoadOptions) -> String {
        var text = ""
        if case .character(let c) = options.separator {
            text += " sep=" + (c == 9 ? "tab" : quoted(String(UnicodeScalar(c))))
        }
        if options.header != .auto { text += " header=\(options.header.rawValue)" }
        if options.decimal != .auto { text += " decimal=\(options.decimal.rawValue)" }
        if let labels = options.labelColumn { text += " labels=" + word(labels) }
        if let x = options.xColumn { text += " x=" + word(x) }
        if options.rowIndex { text += " x=none" }
        if let time = options.time { text += " time=\(ScriptQuoting.quotedIfNeeded(time.text))" }
        if options.mode != .auto { text += " mode=\(options.mode.rawValue)" }
        if options.timeout != .default {
            text += " timeout=" + ValueParser.timeoutText(options.timeout)
        }
        return text
    }

    static func refline(_ spec: MarkedLineSpec) -> String {
        var text: String
        switch spec.value {
        case .constant(let v): text = number(v)
        case .statistic(let k, let series):
            let axis = spec.placement == .auto ? "" : spec.placement.rawValue + "="
            text = "\(axis)\(k.rawValue) \(series.value)"
        case .x(let value): text = "x=" + word(value.value)
        }
        if let label = spec.label { text += " " + quoted(label) }
        if let color = spec.color { text += " color=\(color)" }
        if let style = spec.style { text += " style=\(style.rawValue)" }
        if let width = spec.width { text += " width=\(number(width))" }
        if let fit = spec.fit { text += " fit=\(onOff(fit))" }
        if let axis = spec.axis { text += " axis=\(axis.rawValue)" }
        if let filter = spec.filter {
            text += " where=" + ScriptQuoting.quotedIfNeeded(filter.value.description)
        }
        return text
    }

    static func annotation(_ spec: AnnotationSpec) -> String {
        var words = spec.points.flatMap { [word($0.x.value), word($0.y.value)] }
        if let text = spec.text { words.append(quoted(text)) }
        if let anchor = spec.anchor { words.append("anchor=\(anchor.rawValue)") }
        if let color = spec.color { words.append("color=\(color)") }
        if let style = spec.style { words.append("style=\(style.rawValue)") }
        if let axis = spec.axis { words.append("axis=\(axis.rawValue)") }
        return words.joined(separator: " ")
    }

    static func reflines(_ change: ReflinesChange) -> String {
        var words = [String]()
        switch change.positions {
        case .auto?: words.append("auto")
        case .relative(let f)?: words.append("relative " + f.map(number).joined(separator: " "))
        case .absolute(let v)?: words.append("absolute " + v.map(number).joined(separator: " "))
        case nil: if let visible = change.visible { words.append(onOff(visible)) }
        }
        if let labels = change.labels { words.append("labels=\(labels.rawValue)") }
        if let units = change.units { words.append("units=\(quoted(units))") }
        if let decimals = change.decimals {
            words.append("decimals=" + (decimals.map(String.init) ?? "auto"))
        }
        if let format = change.format { words.append("format=\(format.rawValue)") }
        if let on = change.showMinMax { words.append("minmax=\(onOff(on))") }
        if let shown = change.intermediate { words.append("intermediate=\(shown.rawValue)") }
        if let color = change.color { words.append("color=\(color)") }
        if let style = change.style { words.append("style=\(style.rawValue)") }
        if let width = change.width { words.append("width=\(number(width))") }
        return words.joined(separator: " ")
    }

    /// `set xaxis …`, or the shorter command it was typed as (`set xticks every 5`).
    static func axis(x: Bool, _ change: AxisChange) -> String {
        let letter = x ? "x" : "y"
        let at = change.at.map {
            "at " + ScriptQuoting.quotedIfNeeded($0.map(\.value).joined(separator: ","))
        }
        let step = at ?? change.step.map { $0.map(tickWords) ?? "auto" }
        let format = change.format.map { $0.map { quoted($0.text) } ?? "auto" }
        switch change.spelling {
        case .ticks: return "set \(letter)ticks " + (step ?? "auto")
        case .format: return "set \(letter)format " + (format ?? "auto")
        case .axis:
            var words = ["set \(letter)axis"]
            for name in AxisChange.switches {
                if let on = change.switchValue(name) { words.append("\(name)=\(onOff(on))") }
            }
            if let at = change.at {
                words.append(
                    "at=" + ScriptQuoting.quotedIfNeeded(at.map(\.value).joined(separator: ",")))
            } else if let step = change.step {
                switch step {
                case .count(let n)?: words.append("count=\(n)")
                case .values(let values)?:
                    words.append("at=" + values.map(NumberText.shortest).joined(separator: ","))
                default: words.append("every=" + (step?.description ?? "auto"))
                }
            }
            if let format = change.format {
                words.append("format=" + (format.map { quoted($0.text) } ?? "auto"))
            }
            if let angle = change.angle { words.append("angle=\(angle)") }
            if let top = change.top { words.append("position=" + (top ? "top" : "bottom")) }
            return words.joined(separator: " ")
        }
    }

    /// A tick step as `set xticks` takes it: `every 5`, `every 3mo`, `count 5`.
    static func tickWords(_ step: TickStep) -> String {
        switch step {
        case .count(let n): "count \(n)"
        case .values: "at " + step.description
        default: "every " + step.description
        }
    }

    static func range(_ mode: Axes.RangeMode) -> String {
        switch mode {
        case .auto: "auto"
        case .adapt: "adapt"
        case .fixed(let lower, let upper):
            (lower.map(number) ?? "") + ".." + (upper.map(number) ?? "")
        }
    }

    static func scroll(_ amount: ScrollAmount) -> String {
        switch amount {
        case .points(let n): "scroll " + (n < 0 ? "\(n)" : "+\(n)")
        case .percent(let p): "scroll " + (p < 0 ? "" : "+") + number(p) + "%"
        case .distance(let text): "scroll " + word(text.value)
        case .pages(let n): n < 0 ? "scroll prev" : "scroll next"
        case .start: "scroll start"
        case .end: "scroll end"
        }
    }

    static func asName(_ name: Located<String>?) -> String { name.map { " as \($0.value)" } ?? "" }
    static func tokenText(_ token: Token) -> String {
        token.kind == .string ? quoted(token.text) : token.text
    }
    static func word(_ text: String) -> String { ScriptQuoting.quotedIfNeeded(text) }
    static func quoted(_ text: String) -> String { ScriptQuoting.quoted(text) }
    /// A number as a script writes it: its shortest exact form, `nan` for a missing value.
    static func number(_ v: Double) -> String { v.isNaN ? "nan" : NumberText.shortest(v) }
    static func onOff(_ on: Bool) -> String { on ? "on" : "off" }
}
