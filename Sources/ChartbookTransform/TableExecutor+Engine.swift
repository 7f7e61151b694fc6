import ChartbookModel

extension TableExecutor {
    /// What an engine answered a compiled pipeline (`SQLCompiler`) with, one row per group in
    /// the executor's order: its key, group, value and rows.
    public struct EngineRow: Sendable {
        public var key: Double
        public var group: String?
        public var value: Double
        public var rows: Double

        public init(key: Double, group: String?, value: Double, rows: Double) {
            self.key = key
            self.group = group
            self.value = value
            self.rows = rows
        }
    }

    /// The kind of key a pipeline's x and bin give: times for calendar units and a time x,
    /// text for the named cycles, numbers otherwise.
    static func keyKind(_ p: TransformPipeline, x: Column.Kind) -> Column.Kind {
        switch p.bin {
        case .time(let unit):
            return unit.isCyclic ? (unit == .hourOfDay ? .number : .text) : .time
        case .step, .count: return .number
        case .none: return x
        }
    }

    /// The drawn table of an engine's answer, named as the local executor names it.
    public static func result(
        ofEngine rows: [EngineRow], _ p: TransformPipeline, on dataset: Dataset
    ) throws(TransformError) -> Result {
        let input = try Input(p, dataset)
        let kind = keyKind(p, x: input.x?.kind ?? .number)
        let keys = rows.map(\.key)
        let x: Table.XValues
        if kind == .text, case .time(let unit) = p.bin {
            x = .text(keys.map { unit.name(ofKey: $0) ?? "" })
        } else {
            x = .numbers(keys, kind: kind)
        }
        var byNames: [String]?, group: [Int]?
        if p.by != nil {
            var index = [String: Int](), names = [String]()
            group = rows.map { Grouping.index(of: $0.group ?? "", in: &index, list: &names) }
            byNames = names
        }
        let table = Table(
            x: x, group: group, byNames: byNames, y: rows.map(\.value),
            rows: p.aggregate == nil ? nil : rows.map(\.rows), labels: nil)
        return table.result(input, p, notes: [], source: dataset)
    }
}
