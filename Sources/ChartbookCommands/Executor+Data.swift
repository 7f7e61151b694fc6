import ChartbookModel
import ChartbookData

extension Executor {
    /// `data`, `load`, `gen`, `reload`, `drop`, `describe`, `push`, `set data`, `set timezone`,
    /// `set memory`. Nil for any other command; otherwise the effects, with `s` changed.
    func applyData(
        _ command: Command, to s: inout Session, at range: SourceRange, context: Context
    ) throws(Diagnostic) -> [Effect]? {
        switch command {
        case .data(let name, let values, let labels):
            let dataset = Dataset(
                name: name.value, columns: [Column(name: name.value, numbers: values)],
                labels: labels.map { $0.map(TextMetrics.sanitized) }, source: .inline)
            try replace(dataset, in: &s, at: name.range)
            return [.feedback(Feedback.loaded(dataset, verb: "made", in: s)), .render]
        case .load(let path, let name, let options, let columns):
            let dataset = try load(
                path, as: name, options: options, context: context, timeZone: s.timeZone,
                columns: columns)
            try replace(dataset, in: &s, at: name?.range ?? path.range)
            try checkXScale(s, at: name?.range ?? path.range)
            return [.feedback(Feedback.loaded(dataset, verb: "loaded", in: s)), .render]
        case .loadQuery(let engine, let location, let query, let name, let options, let columns):
            return try loadQuery(
                engine, location, query, as: name, options: options, columns: columns, in: &s,
                context: context)
        case .gen(let name, let generator):
            try checkBudget(generator.count, at: name.range)
            let dataset = try generated(name.value, generator, at: name.range)
            try replace(dataset, in: &s, at: name.range)
            return [.feedback(Feedback.loaded(dataset, verb: "made", in: s)), .render]
        case .reload(let names): return try reload(names, in: &s, at: range, context: context)
        case .drop(let name, let force): try drop(name, force: force, in: &s)
        case .describe(let name):
            let existing = try existingDataset(name, in: s)
            if existing.remote != nil {
                return [.print(try engineDescription(of: existing, at: name.range))]
            }
            let dataset = try readAllColumns(of: existing, at: name.range)
            return [.print(SessionReport.describe(dataset))]
        case .push(let name, let values): try push(values, onto: name, in: &s)
        case .setDataWindow(let name, let window):
            var dataset = try readAllColumns(of: existingDataset(name, in: s), at: name.range)
            dataset.window = window
            dataset.applyWindow()
            s.upsert(dataset)
        case .derive(let dataset, let column, let expression):
            return try derive(dataset, column, expression, in: &s)
        case .fold(let dataset, let columns, let key, let value):
            return try fold(dataset, columns, as: key, value, in: &s)
        case .setTimeZone(let zone): s.timeZone = zone
        case .setMemory(let bytes): s.memoryBudget = bytes
        default: return nil
        }
        return [.render]
    }

    /// `load sqlite:PATH "QUERY"` / `load postgres://… "QUERY"`.
    func loadQuery(
        _ engine: DatabaseQuery.Engine, _ location: Located<String>, _ query: Located<String>,
        as name: Located<String>?, options: LoadOptions, columns: [Located<String>],
        in s: inout Session, context: Context
    ) throws(Diagnostic) -> [Effect] {
        let resolved =
            engine == .sqlite
            ? files.resolve(location.value, relativeTo: context.directory) : location.value
        let request = DatabaseQuery(
            engine: engine, location: resolved, sql: query.value, options: options)
        let dataset = try load(
            request, as: name ?? Located(Self.datasetName(for: request), at: location.range),
            location: location.range, query: query.range, timeZone: s.timeZone,
            columns: columns)
        try replace(dataset, in: &s, at: name?.range ?? location.range)
        try checkXScale(s, at: name?.range ?? location.range)
        return Self.forgetting(dataset)
            + [.feedback(Feedback.loaded(dataset, verb: "loaded", in: s)), .render]
    }

    /// `reload [NAME …]`: every dataset named (all that can be, for none) read again from its
    /// source, keeping its name and window.
    func reload(
        _ names: [Located<String>], in s: inout Session, at range: SourceRange, context: Context
    ) throws(Diagnostic) -> [Effect] {
        var targets = names
        if names.isEmpty {
            targets = s.datasets.filter(\.source.isReloadable).map { Located($0.name, at: range) }
            guard !targets.isEmpty else {
                throw Diagnostic(.nothingTo("reload: no dataset was loaded from a file"), at: range)
            }
        }
        // Every file read again planned at once: one read between two runs.
        try prefetch(
            targets.compactMap { name in
                s.dataset(named: name.value).flatMap {
                    fileQuestion(reading: $0, as: name, in: s, context: context)
                }
            }, at: range)
        var notes = [Effect]()
        for name in targets {
            let dataset = try existingDataset(name, in: s)
            guard let read = try readAgain(dataset, as: name, in: &s, context: context) else {
                continue
            }
            // The same name and window as before; a window keeps the newest rows of every
            // column, so all are read first.
            var fresh =
                dataset.window == nil ? read : try readAllColumns(of: read, at: name.range)
            fresh.name = dataset.name
            fresh.window = dataset.window
            fresh.applyWindow()
            fresh = try redone(fresh, dataset.steps, zone: s.timeZone, at: name.range)
            try replace(fresh, in: &s, at: name.range)
            // An engine's statistics of it are asked again (`refreshEngineStatistics`).
            for i in s.markedLines.indices {
                if case .statistic(_, let series) = s.markedLines[i].value,
                    series.dataset == fresh.name
                {
                    s.markedLines[i].engineValue = nil
                }
            }
            notes += Self.forgetting(fresh)
            notes.append(.feedback(Feedback.loaded(fresh, verb: "reloaded", in: s)))
        }
        return notes + [.render]
    }

    /// The question reading `dataset` again from its file asks (`readAgain`); nil for
    /// another source.
    func fileQuestion(
        reading dataset: Dataset, as name: Located<String>, in s: Session, context: Context
    ) -> FileQuestion? {
        guard case .file(let path, let options) = dataset.source else { return nil }
        return loadQuestion(
            Located(path, at: name.range), as: name, options: options, context: context,
            timeZone: s.timeZone)
    }

    /// `dataset` read again from its source; a generated one is made again in `s` at once
    /// (nil); typed data cannot be reloaded.
    func readAgain(
        _ dataset: Dataset, as name: Located<String>, in s: inout Session, context: Context
    ) throws(Diagnostic) -> Dataset? {
        switch dataset.source {
        case .file(let path, let options):
            return try load(
                Located(path, at: name.range), as: name, options: options, context: context,
                timeZone: s.timeZone)
        case .query(let request):
            return try load(
                request, as: name, location: name.range, query: name.range, timeZone: s.timeZone)
        case .generated(let generator):
            let made = try redone(
                try generated(dataset.name, generator, at: name.range), dataset.steps,
                zone: s.timeZone, at: name.range)
            try replace(made, in: &s, at: name.range)
            return nil
        case .inline:
            throw Diagnostic(.notReloadable(name.value), at: name.range)
        }
    }

    /// `drop NAME [force]`: refused while a plot uses it, unless forced (its plots, marked
    /// lines and labels go with it).
    func drop(_ name: Located<String>, force: Bool, in s: inout Session) throws(Diagnostic) {
        _ = try existingDataset(name, in: s)
        // Every panel's plots (a page of several charts shares its datasets).
        let users = s.plotsOfEveryPanel.filter { $0.series.dataset == name.value }.map(\.id)
        if !users.isEmpty && !force {
            throw Diagnostic(.datasetInUse(name.value, plots: users), at: name.range)
        }
        func forget(_ chart: inout Session) {
            chart.plots.removeAll { $0.series.dataset == name.value }
            chart.markedLines.removeAll {
                if case .statistic(_, let ref) = $0.value {
                    ref.dataset == name.value
                } else {
                    false
                }
            }
        }
        forget(&s)
        s.updateOtherPanels { _, chart in forget(&chart) }
        switch s.axes.labelSource {
        case .datasetLabels(name.value): s.axes.labelSource = nil
        case .column(let ref) where ref.dataset == name.value: s.axes.labelSource = nil
        default: break
        }
        s.datasets.removeAll { $0.name == name.value }
    }

    /// `push NAME V …`: rows of one value per numeric column, appended (the dataset is made
    /// when new).
    /// `reset NAME`: the dataset's rows gone, its columns, computed columns and plots kept —
    /// a pushed data source starting again (`push` fills it). A remote dataset's rows are
    /// the engine's: refused.
    func emptyDataset(_ name: Located<String>, in s: inout Session) throws(Diagnostic) {
        var dataset = try existingDataset(name, in: s)
        if dataset.remote != nil {
            throw Diagnostic(
                .remoteNeedsLocal(dataset: dataset.name, needs: "its rows emptied"),
                at: name.range)
        }
        dataset = try readAllColumns(of: dataset, at: name.range)
        dataset = dataset.keeping(rows: [])
        s.upsert(dataset)
    }

    func push(_ values: [Double], onto name: Located<String>, in s: inout Session)
        throws(Diagnostic)
    {
        var dataset =
            s.dataset(named: name.value)
            ?? Dataset(
                name: name.value, columns: [Column(name: name.value, numbers: [])],
                source: .inline)
        if dataset.steps.contains(where: { if case .fold = $0 { true } else { false } }) {
            throw Diagnostic(
                .invalidValue(
                    key: "push", value: name.value,
                    expected: "a dataset that was not folded (its rows are not the rows pushed)"),
                at: name.range)
        }
        // Computed columns (`let`) are computed again, not pushed.
        let derived = Set(dataset.derivations.map(\.name))
        let pushed = dataset.numericColumns.filter { !derived.contains($0.name) }.count
        // A dataset of text alone takes no pushed value (it would be dropped).
        guard pushed > 0 || dataset.columns.isEmpty else {
            throw Diagnostic(
                .invalidValue(
                    key: "push", value: name.value,
                    expected: "a dataset with a column of numbers to push onto"),
                at: name.range)
        }
        let width = max(pushed, 1)
        try checkBudget(
            dataset.count + values.count / width, columns: max(dataset.columns.count, 1),
            at: name.range)
        guard values.count % width == 0 else {
            throw Diagnostic(
                .invalidValue(
                    key: "push", value: "\(values.count) values",
                    expected: "a multiple of \(width), one per numeric column of '\(name.value)'"),
                at: name.range)
        }
        // Rows are appended to every column: all are read first.
        dataset = try readAllColumns(of: dataset, at: name.range)
        for start in stride(from: 0, to: values.count, by: width) {
            dataset.append(row: Array(values[start..<(start + width)]))
        }
        dataset = try redone(dataset, dataset.steps, zone: s.timeZone, at: name.range)
        s.upsert(dataset)
    }
}

extension Executor {
    /// For a remote dataset just (re)loaded: the shell forgets what it kept of its query.
    static func forgetting(_ dataset: Dataset) -> [Effect] {
        guard dataset.remote != nil, case .query(let query) = dataset.source else { return [] }
        return [.forgetRemoteAnswers(query)]
    }
}
