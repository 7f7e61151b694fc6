import ChartbookModel

/// Functions that read other rows (issue 50): `lag(x[, n])`, the value n rows before, and
/// `lead(x[, n])`, n rows after — in the dataset's row order (a file's, a query's), as SQL's
/// and Vega-Lite's `lag`/`lead` read a partition's. Missing where that row does not exist,
/// or n is not a whole number from 0 to the row count. Any type: numbers, times, text and
/// truth values shift alike.
extension ExpressionFunction {
    static let rows: [ExpressionFunction] = [
        shift(
            "lag", by: -1,
            "x n rows before (n = 1 by default; missing in the first n rows): x - lag(x) is the change from the row before"
        ),
        shift("lead", by: 1, "x n rows after (n = 1 by default; missing in the last n rows)"),
    ]

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
