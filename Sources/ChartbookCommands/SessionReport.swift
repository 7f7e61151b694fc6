import Foundation
import ChartbookModel
import ChartbookTransform

/// The text of `list`, `plots`, `describe` and `history`. Everything from data is sanitised.
enum SessionReport {
    static func list(_ s: Session) -> String {
        let out =
            datasetLines(s) + panelLine(s) + "plots:" + (s.plots.isEmpty ? " none\n" : "\n")
            + plotLines(s)
            + reflinesLine(s.referenceLines) + markedLines(s) + annotations(s) + viewLine(s.view)
            + settingsLine(s)
            + axesLine(s)
        return TextMetrics.sanitizedLines(out + "\n")
    }

    static func datasetLines(_ s: Session) -> String {
        var out = "datasets:" + (s.datasets.isEmpty ? " none\n" : "\n")
        for d in s.datasets {
            let columns = d.columns.map {
                $0.kindName == "number" ? $0.name : "\($0.name) (\($0.kindName))"
            }
            .joined(separator: ", ")
            // A remote dataset holds a drawing's rows: its engine counted all of them.
            let rows = d.remote?.rowCount ?? d.count
            out +=
                "  \(d.name)  \(rows) rows  [\(columns)]  \(source(d.source))"
                + (d.window.map { "  window=\($0)" } ?? "") + (d.xColumn.map { "  x=\($0)" } ?? "")
                + "\n"
        }
        return out
    }

    static func reflinesLine(_ r: ReferenceLines) -> String {
        var positions: String
        switch r.positions {
        case .auto: positions = "auto"
        case .relative(let f):
            positions = "relative " + f.map(NumberText.shortest).joined(separator: " ")
        case .absolute(let v):
            positions = "absolute " + v.map(NumberText.shortest).joined(separator: " ")
        }
        return
            "reflines: \(r.visible ? positions : "off")  labels=\(r.labels.rawValue) format=\(r.format.rawValue)"
            + (r.units.isEmpty ? "" : " units=\"\(r.units)\"")
            + (r.decimals.map { " decimals=\($0)" } ?? "")
            + " minmax=\(r.showMinMax ? "on" : "off") intermediate=\(r.intermediate.rawValue) style=\(r.style.rawValue)\n"
    }

    static func markedLines(_ s: Session) -> String {
        guard !s.markedLines.isEmpty else { return "" }
        var out = "marked lines:\n"
        for m in s.markedLines {
            let value: String
            switch m.value {
            case .constant(let v): value = NumberText.shortest(v)
            case .statistic(let k, let ref):
                value =
                    (m.placedBy.map { "\($0.rawValue)=" } ?? "") + "\(k.rawValue) \(ref)"
                    + (m.filter.map { " where=\($0.description)" } ?? "")
            case .x(_, let text), .span(_, _, let text):
                value = "x=\(TextMetrics.sanitized(text))"
            }
            out +=
                "  \(m.id)  \(value)" + (m.label.map { " \"\($0)\"" } ?? "")
                + "  style=\(m.style.rawValue)"
                + (s.isVertical(m) ? "" : " fit=\(m.fit ? "on" : "off")")
                + "\n"
        }
        return out
    }

    static func annotations(_ s: Session) -> String {
        guard !s.annotations.isEmpty else { return "" }
        var out = "annotations:\n"
        for a in s.annotations {
            let at = { (p: Annotation.Point) in
                TextMetrics.sanitized(p.xText) + " " + TextMetrics.sanitized(p.yText)
            }
            var line = "  \(a.id)  "
            switch a.kind {
            case .text(let p, let anchor): line += "text \(at(p))  anchor=\(anchor.rawValue)"
            case .arrow(let from, let to):
                line += "arrow \(at(from)) → \(at(to))  style=\(a.style.rawValue)"
            }
            out += line + (a.text.map { " \"\($0)\"" } ?? "") + "\n"
        }
        return out
    }

    static func viewLine(_ view: View) -> String {
        let spacing: String
        switch view.spacing {
        case .auto: spacing = "auto"
        case .cells(let c): spacing = NumberText.shortest(c)
        case .points(let n): spacing = "\(n) points"
        }
        return "view: spacing=\(spacing) direction=\(view.direction.rawValue)"
            + View.Side.allCases.filter { view[padding: $0] > 0 }.map {
                " padding-\($0.rawValue)=\(NumberText.shortest(view[padding: $0]))"
            }.joined() + "\n"
    }

    static func settingsLine(_ s: Session) -> String {
        let size: String
        switch s.output.size {
        case .auto: size = "auto"
        case .fixed(let c, let r): size = "\(c)x\(r)"
        }
        var out =
            "settings: range=\(CommandPrinter.range(s.axes.range)) zero=\(s.axes.includeZero ? "on" : "off") size=\(size) color=\(s.output.colorMode.rawValue)"
            + " canvas=\(s.output.canvas.rawValue) legend=\(s.output.legend.map { $0 ? "on" : "off" } ?? "auto")"
            + (s.output.title.map { " title=\"\($0)\"" } ?? "")
            + (s.axes.facetScales == .shared ? "" : " facetscales=\(s.axes.facetScales.rawValue)")
        switch s.selection {
        case .none: break
        case .last: out += " select=last"
        case .index(let i): out += " select=\(i)"
        case .x(let x): out += " select=x=\(xText(x, in: s))"
        }
        return out
    }

    static func axesLine(_ s: Session) -> String {
        let axes = s.axes
        var out =
            "\naxes: xscale=\(axes.xScale?.rawValue ?? "auto (\(s.xScaleKind.rawValue))") yscale=\(axes.yScale.rawValue) timezone=\(s.timeZone.name)"
            + (axes.xTitle.map { " xlabel=\"\($0)\"" } ?? "")
            + (axes.yTitle.map { " ylabel=\"\($0)\"" } ?? "")
        if let interval = s.view.xInterval, s.xScaleKind != .index {
            out +=
                " view=\(xText(interval.lowerBound, in: s))..\(xText(interval.upperBound, in: s))"
        }
        return out
    }

    static func xText(_ value: Double, in s: Session) -> String {
        XValueText.text(
            value, scale: s.xScaleKind, timeZone: s.timeZone, categories: s.xCategories)
    }

    static func plots(_ s: Session) -> String {
        TextMetrics.sanitizedLines(panelLine(s) + (s.plots.isEmpty ? "no plots\n" : plotLines(s)))
    }

    /// `panel 2 of 3 (layout auto): the lines below are its` on a page of panels; "" else.
    static func panelLine(_ s: Session) -> String {
        guard s.panels.count > 1 else { return "" }
        return
            "panel \(s.currentPanel + 1) of \(s.panels.count) (layout \(s.panelLayout.description), link \(s.panelLink.rawValue)): the lines below are its\n"
    }

    static func plotLines(_ s: Session) -> String {
        s.plots.map { p in
            // The colour always (resolved from the palette, or the column a channel reads),
            // then every option it sets.
            let color = p.binding.encoding.color.map(ScriptQuoting.quotedIfNeeded)
            let options =
                ["color=\(color ?? p.resolvedColor.description)"]
                + PlotOption.written(p).filter { !$0.hasPrefix("color=") }
            let missing = s.values(of: p) == nil ? "  (series missing)" : ""
            return
                "  \(p.id)  \(p.kind.rawValue) \(p.series.column.isEmpty ? p.series.dataset : "\(p.series)")  \(options.joined(separator: " "))\(missing)\n"
        }.joined()
    }

    static func source(_ source: DataSource) -> String {
        switch source {
        case .inline: return "typed in"
        case .file(let path, _): return "from \(TextMetrics.sanitized(path))"
        case .query(let query):
            return "\(query.engine.rawValue) query on \(TextMetrics.sanitized(query.shownLocation))"
        case .generated(let g): return "gen \(g.kind.rawValue) \(g.count) seed=\(g.seed)"
        }
    }

    /// What `describe` prints of a dataset in memory.
    static func describe(_ d: Dataset) -> String {
        let repeats = d.xColumn.flatMap { x -> Int? in
            guard d.column(named: x)?.isRead == true else { return nil }
            return TableExecutor.mostRowsPerX(x, in: d)?.rows
        }
        return describe(
            d, rows: d.count, columns: d.columns.map(ColumnSummary.init(of:)),
            mostRowsPerX: repeats)
    }

    /// What `describe` prints, from the summaries of the dataset's columns (computed in
    /// memory, or by a remote dataset's engine): `rows` in all, and the most rows sharing
    /// an x when more than one do.
    /// `texts`: each text column's line of values (`textValues(named:counts:order:)`), when
    /// not counted from the dataset's own cells (a remote dataset's engine counted them).
    static func describe(
        _ d: Dataset, rows count: Int, columns: [ColumnSummary], mostRowsPerX: Int?,
        texts: String? = nil
    ) -> String {
        var rows = [["column", "type", "min", "max", "mean", "missing", "unreadable"]]
        for c in columns {
            switch c.kind {
            case .time:
                let t = { (v: Double) in v.isNaN ? "–" : TimeText.iso(v) }
                rows.append([
                    c.name, "time", t(c.minimum), t(c.maximum), "", String(c.missing),
                    String(c.unreadable),
                ])
            case .number:
                // The column's own precision; its mean to one decimal more (six at most).
                let places = min(c.decimals + 1, 6)
                func f(_ v: Double, _ places: Int = 6) -> String {
                    if v.isNaN { return "–" }
                    // Huge values as they are (scaling them would overflow).
                    guard abs(v) < 1e15 else { return NumberText.shortest(v) }
                    let scale = NumberText.powersOfTen[places]
                    return NumberText.written((v * scale).rounded() / scale)
                }
                rows.append([
                    c.name, "number", f(c.minimum), f(c.maximum), f(c.mean, places),
                    String(c.missing), String(c.unreadable),
                ])
            case .text:
                rows.append([c.name, "text", "", "", "", String(c.missing), ""])
            }
        }
        let widths = (0..<rows[0].count).map { i in
            rows.map { TextMetrics.width(of: TextMetrics.sanitized($0[i])) }.max() ?? 0
        }
        var out =
            "\(d.name): \(count) rows, \(columns.count) column\(columns.count == 1 ? "" : "s"), \(source(d.source))\n"
        for row in rows {
            let cells = row.enumerated().map { i, cell in
                let safe = TextMetrics.sanitized(cell)
                return safe + String(repeating: " ", count: widths[i] - TextMetrics.width(of: safe))
            }
            out += "  " + cells.joined(separator: "  ").trimmingCharacters(in: " ") + "\n"
        }
        out += texts ?? textValues(d)
        if let x = d.xColumn {
            out += "  x: \(TextMetrics.sanitized(x))\n"
            if let most = mostRowsPerX {
                out +=
                    "  x repeats: up to \(most) rows share an x; agg= combines them (agg=mean, agg=sum …)\n"
            }
        }
        if columns.contains(where: { $0.kind == .time }) { out += "  times in UTC\n" }
        if d.labels != nil {
            out +=
                "  x labels: \(d.count) (first: \(TextMetrics.sanitized(d.labels?.first ?? "")))\n"
        }
        return out
    }

    /// Each text column's distinct values with their counts, the most frequent first (the
    /// first eight, then how many more).
    static func textValues(_ d: Dataset) -> String {
        var out = ""
        for c in d.columns where c.kind == .text {
            var counts = [String: Int](), order = [String]()
            for row in 0..<c.count {
                let value = c.text(at: row)
                guard !value.isEmpty else { continue }
                if counts[value] == nil { order.append(value) }
                counts[value, default: 0] += 1
            }
            out += textValues(named: c.name, counts: counts, order: order)
        }
        return out
    }

    /// A text column's line of `textValues`: its values (`order`: as they first appear, the
    /// missing one left out) with how many rows hold each, the most frequent first.
    static func textValues(named name: String, counts: [String: Int], order: [String]) -> String {
        guard !order.isEmpty else { return "" }
        let ranked = order.enumerated().sorted { a, b in
            let (ca, cb) = (counts[a.element] ?? 0, counts[b.element] ?? 0)
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map(\.element)
        let shown = ranked.prefix(8).map { "\(TextMetrics.sanitized($0)) \(counts[$0] ?? 0)" }
        let more = ranked.count > 8 ? ", … \(ranked.count - 8) more" : ""
        return
            "  \(TextMetrics.sanitized(name)): \(ranked.count) value\(ranked.count == 1 ? "" : "s") — "
            + shown.joined(separator: ", ") + more + "\n"
    }

    static func history(_ notebook: Notebook) -> String {
        if notebook.undoStack.isEmpty && notebook.redoStack.isEmpty { return "no changes yet\n" }
        var out = ""
        for (i, step) in notebook.undoStack.enumerated() {
            out += String(format: "%4d  ", i + 1) + TextMetrics.sanitized(step.command) + "\n"
        }
        for step in notebook.redoStack.reversed() {
            out += "   -  " + TextMetrics.sanitized(step.command) + "  (undone)\n"
        }
        return out
    }
}
