import ChartbookData
import ChartbookModel

extension TableExecutor {
    /// The kind of key a pipeline's x and bin give: times for calendar units and a time x,
    /// text for the named cycles, numbers otherwise.
    static func keyKind(_ p: TransformPipeline, x: Column.Kind) -> Column.Kind {
        switch p.bin {
        case .time(let unit): return unit.keyKind
        case .step, .count: return .number
        case .span: return .time
        case .none: return x
        }
    }

    /// Refuses a pipeline `dataset`'s columns cannot take (a number bin of a time x …) as
    /// running it would: what an engine is asked only after.
    public static func check(_ p: TransformPipeline, on dataset: Dataset) throws(TransformError) {
        _ = try Input(p, dataset)
    }

    /// The drawn table of an engine's answer to a compiled pipeline (one row per group, in
    /// the executor's order), named as the local executor names it.
    public static func result(
        ofEngine rows: [RemoteTransformRow], _ p: TransformPipeline, on dataset: Dataset
    ) throws(TransformError) -> Result {
        let input = try Input(p, dataset)
        let kind = keyKind(p, x: input.x?.kind ?? .number)
        var unit: TimeUnit?
        if case .time(let u) = p.bin { unit = u }
        let x = Table.XValues.keys(rows.map(\.key), kind: kind, unit: unit)
        var byNames: [String]?, group: [Int]?
        if p.by != nil {
            var index = [String: Int](), names = [String]()
            group = rows.map { Grouping.index(of: $0.group ?? "", in: &index, list: &names) }
            byNames = names
        }
        let table = Table(
            x: x, group: group, byNames: byNames, y: rows.map(\.value),
            rows: p.aggregate == nil ? nil : rows.map(\.rows), labels: nil)
        var result = table.result(input, p, notes: [], source: dataset)
        if let top = p.top {
            let keys = rows.first?.keys.map { Int(saturating: $0) } ?? 0
            result.chartNotes = topNotes(leftOut: max(0, keys - top), top: top)
        }
        return result
    }
}
