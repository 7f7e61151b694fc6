import ChartbookModel

extension Grouping {
    /// One row per group: its key, its `by=` value, its aggregate and how many rows it
    /// covers; in output order (`ordered`).
    var table: Table {
        let result = accumulator.results, rows = accumulator.rows
        let order = ordered
        let x: Table.XValues
        if !keyTexts.isEmpty || (keyNumbers.isEmpty && kind == .text && unit == nil) {
            x = .text(order.map { keyTexts[keyOf[$0]] })
        } else {
            let numbers = order.map { keyNumbers[keyOf[$0]] }
            if let unit, unit.isCyclic, kind == .text {
                x = .text(numbers.map { unit.name(ofKey: $0) ?? "" })
            } else {
                x = .numbers(numbers, kind: kind)
            }
        }
        return Table(
            x: x, group: byNames.isEmpty ? nil : order.map { byOf[$0] },
            byNames: byNames.isEmpty ? nil : byNames,
            y: order.map { result[$0] }, rows: order.map { rows[$0] }, labels: nil)
    }
}
