import ChartbookModel
import ChartbookData

/// Checking a plot's `x=`, `by=` and `where=` against its dataset, and every plot against
/// the chart's x scale.
extension Executor {
    /// `spec` applied to `binding`, its columns checked in `dataset` and a comparison's bound
    /// read by the column's kind.
    func resolvedBinding(
        _ spec: PlotBindingSpec, over binding: PlotBinding, dataset: Dataset, session: Session
    ) throws(Diagnostic) -> PlotBinding {
        var spec = spec
        for (option, name) in spec.namedColumns {
            let found = try column(name, in: dataset, for: option)
            if option != "x=" && option != "y=" && !found.isNumeric {
                throw Diagnostic(
                    .notNumeric(
                        "\(dataset.name).\(found.name)", grouped: GroupedNumber.example(in: found)),
                    at: name.range)
            }
        }
        if let by = spec.by, !by.value.isEmpty {
            if spec.byOption == "color", dataset.column(named: by.value) == nil {
                throw unknownChannelColumn("color", by, in: dataset)
            }
            let column = try column(by, in: dataset, for: spec.byOption + "=")
            // A remote dataset holds a drawing's rows: its engine counts the groups — but a
            // coded text column's values are known (`RemoteTable.texts`): with a missing
            // value one more, still within the limit when they are fewer.
            let groups: Int
            if let remote = dataset.remote {
                let known = remote.texts[column.name]?.count ?? Int.max
                groups =
                    known < limits.maxGroups
                    ? known
                    : try engineGroupCount(of: dataset, column: column.name, at: by.range)
            } else {
                groups = column.distinctTextCount
            }
            guard groups <= limits.maxGroups else {
                throw Diagnostic(
                    .tooMany(
                        "groups for by=\(by.value) (it has \(groups) distinct values)",
                        limit: limits.maxGroups), at: by.range)
            }
        }
        if let filter = spec.filter {
            spec.filter = try resolvedFilter(filter, in: dataset, session: session)
        }
        try checkChannels(spec, in: dataset)
        let resolved = spec.applied(to: binding)
        try checkExtent(resolved, spec)
        try checkTop(resolved, spec)
        try checkBand(resolved, spec)
        try checkStack(resolved, spec)
        try checkChannelRows(resolved, spec)
        return resolved
    }

    /// An error bar's `extent=` computes its centre and whiskers: it takes no `agg=`, window,
    /// `low=` or `high=` (refused at the option that was typed).
    func checkExtent(_ binding: PlotBinding, _ spec: PlotBindingSpec) throws(Diagnostic) {
        guard let extent = binding.extent else { return }
        let conflicts: [(String, SourceRange?, Bool)] = [
            ("agg=", spec.aggregate?.range, binding.aggregate != nil),
            ("a window", spec.window?.range, binding.window != nil),
            ("low=", spec.low?.range, binding.low != nil),
            ("high=", spec.high?.range, binding.high != nil),
        ]
        for (what, range, set) in conflicts where set {
            throw Diagnostic(
                .invalidValue(
                    key: "extent", value: extent.rawValue,
                    expected:
                        "no \(what) beside it (extent= computes the centre, \(extent.center.rawValue), and the whiskers)"
                ),
                at: range ?? spec.extent?.range ?? .generated)
        }
    }

    /// A `where=` checked against `dataset`: its column found, a comparison's bound read by
    /// the column's kind (a date on a time column).
    func resolvedFilter(_ filter: Located<RowFilter>, in dataset: Dataset, session: Session)
        throws(Diagnostic) -> Located<RowFilter>
    {
        let name = Located(filter.value.column, at: filter.range)
        let column = try column(name, in: dataset, for: "where=")
        var resolved = filter.value
        switch resolved.op {
        case .equal, .notEqual: break
        default:
            guard column.isNumeric, let text = resolved.values.first else {
                throw Diagnostic(
                    .invalidValue(
                        key: "where", value: filter.value.description,
                        expected: "= or != for the text column '\(column.name)'"),
                    at: filter.range)
            }
            let reader = XValueReader(
                scale: column.isTime ? .time : .linear, timeZone: session.timeZone,
                categories: XCategories())
            resolved.bound = try reader.value(Located(text, at: filter.range))
        }
        return Located(resolved, at: filter.range)
    }

    private func column(_ name: Located<String>, in dataset: Dataset, for option: String)
        throws(Diagnostic) -> Column
    {
        guard let column = dataset.column(named: name.value) else {
            // A remote dataset leaves the query's text columns out; loaded, it has them.
            if let leftOut = dataset.remote?.leftOut,
                let found = Column.index(of: name.value, in: leftOut)
            {
                throw Diagnostic(
                    .remoteNeedsLocal(
                        dataset: dataset.name,
                        needs:
                            "the text column '\(leftOut[found])' (\(option)), which a remote dataset leaves out (it keeps a text column of at most \(RemoteTexts.most) distinct values, none of which loading reads as missing, a number or a time)"
                    ),
                    at: name.range)
            }
            throw Diagnostic(
                .unknown(
                    .column, name.value, context: "\(option) of dataset '\(dataset.name)'",
                    candidates: dataset.columns.map(\.name)), at: name.range)
        }
        return column
    }

    /// Refuses a plot of `kind` that cannot join the chart the session's main plots make
    /// (a pie beside a line), pointing at `range`.
    func checkChartType(_ kind: Plot.Kind, in s: Session, at range: SourceRange)
        throws(Diagnostic)
    {
        guard kind != .sparkline, let chart = s.mainPlots.first?.kind.chart, chart != kind.chart
        else { return }
        throw Diagnostic(.chartMismatch(kind: kind.rawValue, chart: chart.noun), at: range)
    }

    /// The columns a kind needs beyond its own, found by name when not given: a range's
    /// `low`, a candlestick's `open`, `high` and `low`.
    func completedColumns(
        _ binding: PlotBinding, kind: Plot.Kind, dataset: Dataset, at range: SourceRange
    )
        throws(Diagnostic) -> PlotBinding
    {
        var binding = binding
        // An error bar's extent= computes its whiskers: it names no columns for them.
        if binding.extent != nil { return binding }
        for (name, path) in kind.extraColumns where binding[keyPath: path] == nil {
            guard let found = dataset.column(named: name), found.isNumeric else {
                throw Diagnostic(
                    .needsOption(
                        kind: kind.rawValue, option: "\(name)=",
                        why: "dataset '\(dataset.name)' has no numeric column '\(name)'"),
                    at: range)
            }
            binding[keyPath: path] = found.name
        }
        return binding
    }

    /// A plot just added or changed whose `where=` keeps no row is refused, saying what the
    /// column holds (issue 31: it drew an empty 0–1 chart). Checked once its columns are read;
    /// a later `reload` or `push` that leaves a filter with no row draws an empty plot.
    func checkFilter(of plotID: String?, in s: Session, at range: SourceRange) throws(Diagnostic) {
        guard let plotID, let plot = s.plot(id: plotID), let filter = plot.binding.filter,
            let dataset = s.dataset(named: plot.series.dataset)
        else { return }
        try checkFilterKeeps(Located(filter, at: range), dataset)
    }

    /// `labels=COLUMN` checked: a column of the plot's dataset, read row for row with its
    /// values — so not on a computed table (`agg=`, windows: its rows are not the data's)
    /// nor on a remote dataset (a drawing holds some of its rows).
    func checkLabelColumn(of plotID: String?, in s: Session, at range: SourceRange)
        throws(Diagnostic)
    {
        guard let plotID, let plot = s.plot(id: plotID), let name = plot.style.labelColumn,
            let dataset = s.dataset(named: plot.series.dataset)
        else { return }
        let located = Located(name, at: range)
        if dataset.remote != nil {
            throw Diagnostic(
                .remoteNeedsLocal(
                    dataset: dataset.name, needs: "labels from a column (labels=\(name))"),
                at: range)
        }
        _ = try column(located, in: dataset, for: "labels= (text=)")
        if plot.binding.transforms || plot.kind == .trend {
            throw Diagnostic(
                .invalidValue(
                    key: "labels", value: name,
                    expected:
                        "on, value or percent: a plot with agg=, bin= or a window draws computed rows, which have no row of '\(name)'"
                ),
                at: range)
        }
    }

    /// Refuses a `where=` that keeps no row of `dataset`, saying what its column holds.
    func checkFilterKeeps(_ filter: Located<RowFilter>, _ dataset: Dataset) throws(Diagnostic) {
        if let table = dataset.remote {
            return try checkEngineFilterKeeps(filter, dataset, table)
        }
        guard let column = dataset.column(named: filter.value.column),
            column.isRead, !filter.value.keeps(column).contains(true)
        else { return }
        try refuseFilter(filter, dataset, rows: dataset.count, column: column)
    }

    /// The same for a remote dataset: its engine counted the rows the filter keeps
    /// (`RemoteTable.filtered`, for a plot's rows; asked here for a reference line's); what
    /// the column holds is read from the rows known of all the data, which hold its lowest
    /// and highest values — a text column's values are asked of the engine, in order of
    /// first appearance, as many as `contents` shows.
    private func checkEngineFilterKeeps(
        _ filter: Located<RowFilter>, _ dataset: Dataset, _ table: RemoteTable
    ) throws(Diagnostic) {
        var kept = table.filtered[RemoteRowSet(filter.value)]?.count
        if kept == nil {
            // (The count alone is read: x's extent, which every column has.)
            kept = try engineKept(
                filter.value, extentOf: table.xColumn, dataset, at: filter.range)?.count
        }
        guard kept == 0, let c = Column.index(of: filter.value.column, in: table.columns)
        else { return }
        let known: Column
        if table.texts[table.columns[c]] != nil, case .query(let query) = dataset.source,
            let remote = query.engineStatements(dialects: dialects)
        {
            do throws(DatabaseFailure) {
                let firsts = try engineGroups(
                    query, remote, table, column: table.columns[c], .every, limit: 12)
                known = Column(name: table.columns[c], text: firsts)
            } catch { throw engineFailure(error, query, at: filter.range) }
        } else {
            known = table.columns(of: table.rows(with: []))[c]
        }
        try refuseFilter(filter, dataset, rows: table.rowCount ?? dataset.count, column: known)
    }

    private func refuseFilter(
        _ filter: Located<RowFilter>, _ dataset: Dataset, rows: Int, column: Column
    ) throws(Diagnostic) {
        throw Diagnostic(
            .filterMatchesNothing(
                filter: TextMetrics.sanitized(filter.value.description), rows: rows,
                dataset: TextMetrics.sanitized(dataset.name),
                holds: Self.contents(of: column)),
            at: filter.range)
    }

    /// What a column holds, in a few words: its distinct values (up to ten) or its range.
    static func contents(of column: Column) -> String {
        let name = TextMetrics.sanitized(column.name)
        if let numbers = column.numbers, column.kind != .text {
            let present = numbers.filter { !$0.isNaN }
            guard let low = present.min(), let high = present.max() else {
                return "'\(name)' holds no values"
            }
            let text = { (v: Double) in
                column.isTime ? TimeText.iso(v) : NumberText.shortest(v)
            }
            return "'\(name)' runs from \(text(low)) to \(text(high))"
        }
        var seen = [String]()
        for row in 0..<column.count where seen.count <= 10 {
            let value = column.text(at: row)
            if !value.isEmpty && !seen.contains(value) { seen.append(value) }
        }
        let shown = seen.prefix(10).map {
            TextMetrics.truncated(TextMetrics.sanitized($0), toWidth: 24)
        }
        return "'\(name)' holds \(shown.joined(separator: ", "))\(seen.count > 10 ? ", …" : "")"
    }

    /// Notes for a chart whose x is the index: plots of different lengths, or from different
    /// datasets, are lined up by row number.
    func alignmentNote(_ s: Session) -> [Effect] {
        guard s.xScaleKind == .index else { return [] }
        // Counted from the columns, read or not (the note comes before they are read).
        let lengths = Set(
            s.mainPlots.compactMap { plot in
                s.dataset(named: plot.series.dataset)?.column(named: plot.series.column)
                    .flatMap { $0.isNumeric ? $0.count : nil }
            })
        guard lengths.count > 1 else { return [] }
        return [
            .feedback(
                "note: the plots have different lengths (\(lengths.sorted().map(String.init).joined(separator: ", ")) rows) and are lined up by row number; give them x=COLUMN to line them up by x\n"
            )
        ]
    }

    /// Whether every column a plot names still exists in `dataset` (after a reload).
    func bindingHolds(_ plot: Plot, in dataset: Dataset) -> Bool {
        plot.binding.columns.allSatisfy { dataset.column(named: $0) != nil }
    }
}

extension Executor {
    /// `agg=` and `bin=` on a heatmap combine the rows of each (x, y) pair of a matrix: they
    /// need `y=` (a density without it counts the points per cell already).
    func checkHeatmapMatrix(_ kind: Plot.Kind, _ binding: PlotBinding, _ spec: PlotBindingSpec)
        throws(Diagnostic)
    {
        guard kind == .heatmap, binding.y == nil, binding.transforms else { return }
        let option = binding.aggregate != nil ? "agg" : "bin"
        throw Diagnostic(
            .invalidValue(
                key: option,
                value: option == "agg"
                    ? binding.aggregate?.rawValue ?? "" : binding.bin?.description ?? "",
                expected:
                    "y=COLUMN beside it: \(option)= combines the rows of each (x, y) pair of a matrix (without y= a heatmap counts the points per cell)"
            ),
            at: spec.transformRange ?? .generated)
    }
}

extension Executor {
    /// `top=N` ranks the keys a chart of categories names: it takes no window after it
    /// (a rolling mean over ranks in place of x).
    func checkTop(_ binding: PlotBinding, _ spec: PlotBindingSpec) throws(Diagnostic) {
        guard let top = binding.top, let window = binding.window else { return }
        throw Diagnostic(
            .invalidValue(
                key: "top", value: String(top),
                expected:
                    "no \(window.option) window beside it (top= orders the x values by rank, and a window runs along x)"
            ),
            at: spec.top?.range ?? spec.window?.range ?? .generated)
    }
}

extension Executor {
    /// What each channel's constant is, for an error naming a word that is neither.
    static let channelConstants = ["color": "a colour", "size": "a size", "opacity": "an opacity"]

    /// `color=`, `size=`, `shape=` and `opacity=` columns name columns of the dataset (a
    /// size's and an opacity's of numbers); a word that is neither a constant nor a column is
    /// refused saying both.
    func checkChannels(_ spec: PlotBindingSpec, in dataset: Dataset) throws(Diagnostic) {
        let given = [
            ("color", spec.color), ("size", spec.size), ("shape", spec.shape),
            ("opacity", spec.opacity),
        ]
        for (key, given) in given {
            guard let given, let name = given.value else { continue }
            guard let column = dataset.column(named: name) else {
                throw unknownChannelColumn(key, Located(name, at: given.range), in: dataset)
            }
            if key == "size" || key == "opacity", column.kind == .text {
                throw Diagnostic(
                    .invalidValue(
                        key: key, value: name,
                        expected:
                            "a column of numbers ('\(column.name)' holds text; color= colours by text)"
                    ),
                    at: given.range)
            }
        }
    }

    /// A channel's word that is neither its constant nor a column: a colour misspelt, or a
    /// column — the candidates are both.
    func unknownChannelColumn(_ key: String, _ name: Located<String>, in dataset: Dataset)
        -> Diagnostic
    {
        let colours = key == "color" ? Array(Color.named.keys).sorted() : []
        return Diagnostic(
            .unknown(
                .column, name.value,
                context: key == "shape"
                    ? "shape= of dataset '\(dataset.name)'"
                    : "\(key)= (\(Self.channelConstants[key] ?? "a constant") or a column of dataset '\(dataset.name)')",
                candidates: dataset.columns.map(\.name) + colours),
            at: name.range)
    }

    /// A channel reads each row's value: a plot drawing a table its transforms computed
    /// has no rows to read it from.
    func checkChannelRows(_ binding: PlotBinding, _ spec: PlotBindingSpec) throws(Diagnostic) {
        guard !binding.encoding.isEmpty, binding.transforms else { return }
        let e = binding.encoding
        let key =
            e.color != nil ? "color" : e.size != nil ? "size" : e.shape != nil ? "shape" : "opacity"
        throw Diagnostic(
            .invalidValue(
                key: key, value: e.color ?? e.size ?? e.shape ?? e.opacity ?? "",
                expected:
                    "a constant beside agg=, bin=, top= or a window (\(key)=COLUMN reads each row, and those draw rows they computed)"
            ),
            at: [
                ("color", spec.color?.range), ("size", spec.size?.range),
                ("shape", spec.shape?.range), ("opacity", spec.opacity?.range),
            ]
            .first { $0.0 == key }?.1 ?? spec.transformRange ?? .generated)
    }
}

extension Executor {
    /// `band=` draws a least-squares fit's confidence band: `exp` (fitted to ln y with
    /// weights) and loess have none here.
    func checkBand(_ binding: PlotBinding, _ spec: PlotBindingSpec) throws(Diagnostic) {
        let method = binding.trend ?? .linear
        guard binding.band != nil, !method.hasBand else { return }
        throw Diagnostic(
            .invalidValue(
                key: "method", value: method.description,
                expected:
                    "linear, poly:K or log with band= (a confidence band needs a least-squares fit of y; exp and loess have none here)"
            ),
            at: spec.trend?.range ?? spec.band?.range ?? .generated)
    }
}

extension Executor {
    /// `stack=` stacks a plot's `by=` groups: an area without them has nothing to stack (a
    /// stacked bar's plots stack already; their shares need groups too).
    func checkStack(_ binding: PlotBinding, _ spec: PlotBindingSpec) throws(Diagnostic) {
        guard let stack = binding.stack, binding.by == nil else { return }
        throw Diagnostic(
            .invalidValue(
                key: "stack", value: stack.rawValue,
                expected:
                    "by=COLUMN beside it: stack= stacks a plot's by= groups, one on another"),
            at: spec.stack?.range ?? spec.by?.range ?? .generated)
    }
}
