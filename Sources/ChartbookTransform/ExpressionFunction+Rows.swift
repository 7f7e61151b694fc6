import ChartbookModel

/// Functions that read other rows (issue 50): `lag(x[, n])`, the value n rows before, and
/// `lead(x[, n])`, n rows after — in the dataset's row order (a file's, a query's), as SQL's
/// and Vega-Lite's `lag`/`lead` read a partition's. Missing where that row does not exist,
/// or n is not a whole number from 0 to the row count. Any type: numbers, times, text and
/// truth values shift alike. `rank(x)`: each value's place among all of them, smallest
/// first, ties sharing the first place of their run (1, 2, 2, 4: SQL's and Vega-Lite's
/// `rank`).
extension ExpressionFunction {
    static let rows: [ExpressionFunction] = [
        shift(
            "lag", by: -1,
            "x n rows before (n = 1 by default; missing in the first n rows): x - lag(x) is the change from the row before"
        ),
        shift("lead", by: 1, "x n rows after (n = 1 by default; missing in the last n rows)"),
        ExpressionFunction(
            name: "rank", signature: "rank(x)",
            summary:
                "x's place among all the rows' values, smallest first, ties sharing a place (1, 2, 2, 4); rank(-x) is largest first; missing where x is",
            arity: 1...1,
            type: { types in types[0] == .number || types[0] == .time ? .number : nil },
            apply: { args, _ in .numbers(ranks(args[0].numbers)) }),
    ]

    /// Competition ranks of `values` (1 = smallest; ties take the first place of their run),
    /// NaN for missing values.
    static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.filter { !values[$0].isNaN }.sorted {
            values[$0] < values[$1] || (values[$0] == values[$1] && $0 < $1)
        }
        var ranks = [Double](repeating: .nan, count: values.count)
        for (place, row) in order.enumerated() {
            let previous = place > 0 ? order[place - 1] : nil
            ranks[row] =
                previous.map { values[$0] == values[row] ? ranks[$0] : Double(place + 1) }
                ?? 1
        }
        return ranks
    }

    static func shift(_ name: String, by direction: Int, _ summary: String) -> ExpressionFunction {
        ExpressionFunction(
            name: name, signature: "\(name)(x[, n])", summary: summary, arity: 1...2,
            type: { types in types.count == 1 || types[1] == .number ? types[0] : nil },
            apply: { args, _ in
                let count = args[0].count
                let steps = args.count == 2 ? args[1].numbers : []
                /// The row `i` reads: i ± n, when n is whole and the row exists.
                func source(_ i: Int) -> Int? {
                    let n = steps.isEmpty ? 1 : steps[i]
                    guard n.isFinite, n >= 0, n == n.rounded(), n <= Double(count) else {
                        return nil
                    }
                    let j = i + direction * Int(n)
                    return (0..<count).contains(j) ? j : nil
                }
                if case .texts(let t) = args[0] {
                    return .texts(t.indices.map { source($0).map { t[$0] } ?? "" })
                }
                let v = args[0].numbers
                return args[0].rebuilt(v.indices.map { source($0).map { v[$0] } ?? .nan })
            })
    }
}
