import ChartbookModel
import Foundation

/// Computes a checked expression (`ExpressionChecker`) over every row at once, a column per
/// node. A missing value in gives a missing value out; a division by zero is missing and
/// counted (`divisionsByZero`), never infinite.
public struct ExpressionEvaluator {
    public let context: ExpressionContext
    public private(set) var divisionsByZero = 0

    public init(_ context: ExpressionContext) { self.context = context }

    public mutating func evaluate(_ e: Expression) -> ExpressionColumn {
        let n = context.count
        switch e.kind {
        case .number(let v): return .numbers(Array(repeating: v, count: n))
        case .text(let t): return .texts(Array(repeating: t, count: n))
        case .column(let name):
            guard let column = context.dataset.column(named: name) else {
                return .numbers(Array(repeating: .nan, count: n))
            }
            if let numbers = column.numbers {
                return column.isTime ? .times(numbers) : .numbers(numbers)
            }
            return .texts((0..<n).map(column.text))
        case .negate(let a): return .numbers(evaluate(a).numbers.map { -$0 })
        case .not(let a):
            return .bools(evaluate(a).numbers.map { $0.isNaN ? .nan : $0 == 0 ? 1 : 0 })
        case .binary(let op, let a, let b): return binary(op, evaluate(a), evaluate(b))
        case .call(let name, let arguments):
            let values = arguments.map { evaluate($0) }
            guard let f = ExpressionFunction.named(name) else {
                return .numbers(Array(repeating: .nan, count: n))
            }
            return f.apply(values, context)
        }
    }

    mutating func binary(
        _ op: Expression.BinaryOperator, _ a: ExpressionColumn, _ b: ExpressionColumn
    )
        -> ExpressionColumn
    {
        if case .texts(let x) = a, case .texts(let y) = b {
            return .bools(
                zip(x, y).map { p, q in
                    if p.isEmpty || q.isEmpty { return .nan }
                    switch op {
                    case .equal: return p == q ? 1 : 0
                    case .notEqual: return p != q ? 1 : 0
                    case .less: return p < q ? 1 : 0
                    case .lessOrEqual: return p <= q ? 1 : 0
                    case .greater: return p > q ? 1 : 0
                    default: return p >= q ? 1 : 0
                    }
                })
        }
        let (x, y) = (a.numbers, b.numbers)
        func each(_ f: (Double, Double) -> Double) -> [Double] {
            zip(x, y).map { p, q in p.isNaN || q.isNaN ? .nan : f(p, q) }
        }
        func truth(_ f: (Double, Double) -> Bool) -> ExpressionColumn {
            .bools(each { f($0, $1) ? 1 : 0 })
        }
        switch op {
        case .add: return a.isTime || b.isTime ? .times(each(+)) : .numbers(each(+))
        case .subtract:
            return a.isTime && !b.isTime ? .times(each(-)) : .numbers(each(-))
        case .multiply: return .numbers(each(*))
        case .divide, .remainder:
            var zeros = 0
            let values = each { p, q in
                guard q != 0 else {
                    zeros += 1
                    return .nan
                }
                return op == .divide ? p / q : p.truncatingRemainder(dividingBy: q)
            }
            divisionsByZero += zeros
            return .numbers(values)
        case .less: return truth(<)
        case .lessOrEqual: return truth(<=)
        case .greater: return truth(>)
        case .greaterOrEqual: return truth(>=)
        case .equal: return truth(==)
        case .notEqual: return truth(!=)
        case .and:
            // Missing and false is false; missing and true is missing.
            return .bools(
                zip(x, y).map { p, q in p == 0 || q == 0 ? 0 : p.isNaN || q.isNaN ? .nan : 1 })
        case .or:
            return .bools(
                zip(x, y).map { p, q in p == 1 || q == 1 ? 1 : p.isNaN || q.isNaN ? .nan : 0 })
        }
    }
}
