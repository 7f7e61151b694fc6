import ChartbookModel
import Foundation

/// The functions a `let` expression may call, declared once: name, what they take and give,
/// one sentence of help, and how they compute a column (missing in → missing out).
public struct ExpressionFunction: Sendable {
    public let name: String
    public let signature: String
    public let summary: String
    let arity: ClosedRange<Int>
    /// The result's type for these argument types; nil when they do not fit.
    let type: @Sendable ([ExpressionType]) -> ExpressionType?
    /// Its column; a function whose cells may grow past their arguments' (text) refuses
    /// before it makes them, when they would hold more than `context.memoryBudget` bytes.
    let apply:
        @Sendable ([ExpressionColumn], ExpressionContext) throws(OverBudget) -> ExpressionColumn

    /// Making a column would need `needed` bytes, more than the budget left.
    struct OverBudget: Error {
        var needed: Int
    }

    public static let all: [ExpressionFunction] = math + [conditional] + time + text + rows

    public static func named(_ name: String) -> ExpressionFunction? {
        all.first { $0.name == name }
    }

    static func unary(
        _ name: String, _ summary: String, _ f: @escaping @Sendable (Double) -> Double
    )
        -> ExpressionFunction
    {
        ExpressionFunction(
            name: name, signature: "\(name)(x)", summary: summary, arity: 1...1,
            type: { $0 == [.number] ? .number : nil },
            apply: { args, _ in .numbers(args[0].numbers.map(f)) })
    }

    static let math: [ExpressionFunction] = [
        unary("log", "natural logarithm (missing for x ≤ 0)") {
            $0 > 0 ? Foundation.log($0) : .nan
        },
        unary("log10", "logarithm to base 10 (missing for x ≤ 0)") {
            $0 > 0 ? DecimalMagnitude.logarithm($0) : .nan
        },
        unary("exp", "e to the power x", Foundation.exp),
        unary("sqrt", "square root (missing for x < 0)") { $0 >= 0 ? $0.squareRoot() : .nan },
        unary("abs", "absolute value", Swift.abs),
        unary("floor", "the whole number at or below x") { $0.rounded(.down) },
        unary("ceil", "the whole number at or above x") { $0.rounded(.up) },
        ExpressionFunction(
            name: "round", signature: "round(x[, digits])",
            summary: "x rounded half away from zero, to whole numbers or to digits decimals",
            arity: 1...2, type: { $0.allSatisfy { $0 == .number } ? .number : nil },
            apply: { args, _ in
                let x = args[0].numbers
                guard args.count == 2 else { return .numbers(x.map { $0.rounded() }) }
                let d = args[1].numbers
                return .numbers(
                    x.indices.map { i in
                        let scale = DecimalMagnitude.power(d[i].rounded())
                        return (x[i] * scale).rounded() / scale
                    })
            }),
        extreme("min", Swift.min), extreme("max", Swift.max),
        ExpressionFunction(
            name: "pow", signature: "pow(x, y)", summary: "x to the power y", arity: 2...2,
            type: { $0 == [.number, .number] ? .number : nil },
            apply: { args, _ in
                .numbers(zip(args[0].numbers, args[1].numbers).map { Foundation.pow($0, $1) })
            }),
    ]

    static func extreme(_ name: String, _ f: @escaping @Sendable (Double, Double) -> Double)
        -> ExpressionFunction
    {
        ExpressionFunction(
            name: name, signature: "\(name)(a, b, …)",
            summary:
                "the \(name == "min" ? "smallest" : "largest") of its arguments (missing if any is)",
            arity: 2...16,
            type: { types in
                types.allSatisfy { $0 == .number }
                    ? .number
                    : types.allSatisfy { $0 == .time } ? .time : nil
            },
            apply: { args, _ in
                let columns = args.map(\.numbers)
                let values = columns[0].indices.map { i in
                    columns.dropFirst().reduce(columns[0][i]) { a, c in
                        a.isNaN || c[i].isNaN ? .nan : f(a, c[i])
                    }
                }
                return args[0].isTime ? .times(values) : .numbers(values)
            })
    }

    /// `if(condition, a, b)`.
    static let conditional = ExpressionFunction(
        name: "if", signature: "if(condition, a, b)",
        summary: "a where the condition holds, b where it does not (missing where it is missing)",
        arity: 3...3,
        type: { t in t[0] == .bool && t[1] == t[2] ? t[1] : nil },
        apply: { args, _ in
            let condition = args[0].numbers
            switch (args[1], args[2]) {
            case (.texts(let a), .texts(let b)):
                return .texts(
                    condition.indices.map {
                        condition[$0].isNaN ? "" : condition[$0] != 0 ? a[$0] : b[$0]
                    })
            default:
                let (a, b) = (args[1].numbers, args[2].numbers)
                let values = condition.indices.map {
                    condition[$0].isNaN ? .nan : condition[$0] != 0 ? a[$0] : b[$0]
                }
                return args[1].rebuilt(values)
            }
        })
}
