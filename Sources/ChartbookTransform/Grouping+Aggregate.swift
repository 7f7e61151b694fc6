import ChartbookModel

extension Grouping {
    /// One row per group: its key, its `by=` value, its aggregate and how many rows it
    /// covers; in output order (`ordered`).
    var table: Table {
        let result = accumulator.results, rows = accumulator.rows
        let order = ordered
        // Text keys are text x; numeric keys numbers, times or a named cycle's names.
        let x: Table.XValues =
            kind == .text && unit == nil
            ? .text(order.map { keyTexts[keyOf[$0]] })
            : .keys(order.map { keyNumbers[keyOf[$0]] }, kind: kind, unit: unit)
        return Table(
            x: x, group: byNames.isEmpty ? nil : order.map { byOf[$0] },
            byNames: byNames.isEmpty ? nil : byNames,
            y: order.map { result[$0] }, rows: order.map { rows[$0] }, labels: nil)
    }
}
