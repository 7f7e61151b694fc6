import ChartbookModel
import ChartbookData

extension Executor {
    /// `data`, `load`, `gen`, `reload`, `drop`, `describe`, `push`, `set data`.
    /// Nil for any other command; otherwise the effects, with `s` changed.
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
            let resolved =
                engine == .sqlite
                ? files.resolve(location.value, relativeTo: context.directory) : location.value
            let request = DatabaseQuery(
                engine: engine, location: resolved, sql: query.value, options: options)
            let dataset = try load(
                request,
                as: name ?? Located(Self.datasetName(for: request), at: location.range),
                location: location.range, query: query.range, timeZone: s.timeZone,
                columns: columns)
            try replace(dataset, in: &s, at: name?.range ?? location.range)
            try checkXScale(s, at: name?.range ?? location.range)
            return Self.forgetting(dataset)
                + [.feedback(Feedback.loaded(dataset, verb: "loaded", in: s)), .render]
        case .gen(let name, let generator):
            try checkBudget(generator.count, at: name.range)
            let dataset = try generated(name.value, generator, at: name.range)
            try replace(dataset, in: &s, at: name.range)
            return [.feedback(Feedback.loaded(dataset, verb: "made", in: s)), .render]
        case .reload(let names):
            let targets: [Located<String>]
            if names.isEmpty {
                targets = s.datasets.filter(\.source.isReloadable)
                    .map { Located($0.name, at: range) }
                guard !targets.isEmpty else {
                    throw Diagnostic(
                        .nothingTo("reload: no dataset was loaded from a file"), at: range)
                }
            } else {
                targets = names
            }
            var notes = [Effect]()
            for name in targets {
                let dataset = try existingDataset(name, in: s)
                let fresh0: Dataset
                switch dataset.source {
                case .file(let path, let options):
                    fresh0 = try load(
                        Located(path, at: name.range), as: name, options: options, context: context,
                        timeZone: s.timeZone)
                case .query(let request):
                    fresh0 = try load(
                        request, as: name, location: name.range, query: name.range,
                        timeZone: s.timeZone)
                case .generated(let generator):
                    try replace(
                        try generated(dataset.name, generator, at: name.range), in: &s,
                        at: name.range)
                    continue
                case .inline:
                    throw Diagnostic(.notReloadable(name.value), at: name.range)
                }
                // Read again from its source: the same name and window as before.
                // A window keeps the newest rows of every column: all are read first.
                var fresh =
                    dataset.window == nil ? fresh0 : try readAllColumns(of: fresh0, at: name.range)
                fresh.name = dataset.name
                fresh.window = dataset.window
                fresh.applyWindow()
                try replace(fresh, in: &s, at: name.range)
                notes += Self.forgetting(fresh)
                notes.append(.feedback(Feedback.loaded(fresh, verb: "reloaded", in: s)))
            }
            return notes + [.render]
        case .drop(let name, let force):
            _ = try existingDataset(name, in: s)
            let users = s.plots.filter { $0.series.dataset == name.value }.map(\.id)
            if !users.isEmpty && !force {
                throw Diagnostic(.datasetInUse(name.value, plots: users), at: name.range)
            }
            s.plots.removeAll { $0.series.dataset == name.value }
            s.markedLines.removeAll {
                if case .statistic(_, let ref) = $0.value {
                    ref.dataset == name.value
                } else {
                    false
                }
            }
            switch s.axes.labelSource {
            case .datasetLabels(name.value): s.axes.labelSource = nil
            case .column(let ref) where ref.dataset == name.value: s.axes.labelSource = nil
            default: break
            }
            s.datasets.removeAll { $0.name == name.value }
        case .describe(let name):
            let dataset = try readAllColumns(of: existingDataset(name, in: s), at: name.range)
            return [.print(SessionReport.describe(dataset))]
        case .push(let name, let values):
            var dataset =
                s.dataset(named: name.value)
                ?? Dataset(
                    name: name.value, columns: [Column(name: name.value, numbers: [])],
                    source: .inline)
            let width = max(dataset.numericColumns.count, 1)
            try checkBudget(
                dataset.count + values.count / width, columns: max(dataset.columns.count, 1),
                at: name.range)
            guard values.count % width == 0 else {
                throw Diagnostic(
                    .invalidValue(
                        key: "push", value: "\(values.count) values",
                        expected:
                            "a multiple of \(width), one per numeric column of '\(name.value)'"),
                    at: name.range)
            }
            // Rows are appended to every column: all are read first.
            dataset = try readAllColumns(of: dataset, at: name.range)
            for start in stride(from: 0, to: values.count, by: width) {
                dataset.append(row: Array(values[start..<(start + width)]))
            }
            s.upsert(dataset)
        case .setDataWindow(let name, let window):
            var dataset = try readAllColumns(of: existingDataset(name, in: s), at: name.range)
            dataset.window = window
            dataset.applyWindow()
            s.upsert(dataset)
        default: return nil
        }
        return [.render]
    }

    /// For a remote dataset just (re)loaded: the shell forgets what it kept of its query.
    static func forgetting(_ dataset: Dataset) -> [Effect] {
        guard dataset.remote != nil, case .query(let query) = dataset.source else { return [] }
        return [.forgetRemoteAnswers(query)]
    }
}
