import ChartbookModel
import Foundation

/// Computes a checked expression (`ExpressionChecker`) over every row at once, a column per
/// node. A missing value in gives a missing value out; a division by zero is missing and
/// counted (`divisionsByZero`), never infinite.
///
/// The columns it holds at once — a node's arguments and its result — count against
/// `context.memoryBudget` (`ExpressionColumn.bytes`; a text of the dataset or a literal
/// shared by every row counts only its `String`s): a node that would pass it is refused at
/// its span, before a function whose text may grow (`concat`, `replace`, `lower`, `upper`)
/// makes a cell (issue 49: a `concat` of a 1 MB literal over 2 000 rows took 2 GB).
public struct ExpressionEvaluator {
    public let context: ExpressionContext
    public private(set) var divisionsByZero = 0
    /// Bytes of the columns made and still held.
    private var held = 0

    public init(_ context: ExpressionContext) { self.context = context }

    public mutating func evaluate(_ e: Expression) throws(ExpressionError) -> ExpressionColumn {
        try value(e).column
    }

    /// A column and the bytes counted for it while it is held.
    private struct Held {
        var column: ExpressionColumn
        var bytes: Int
    }

    private mutating func value(_ e: Expression) throws(ExpressionError) -> Held {
        let n = context.count
        switch e.kind {
        case .number(let v): return try made(.numbers(Array(repeating: v, count: n)), e)
        case .text(let t):
            return try made(.texts(Array(repeating: t, count: n)), e, bytes: 16 * n + t.utf8.count)
        case .column(let name):
            guard let column = context.dataset.column(named: name) else {
                return try made(.numbers(Array(repeating: .nan, count: n)), e)
            }
            if let numbers = column.numbers {
                return try made(column.isTime ? .times(numbers) : .numbers(numbers), e)
            }
            return try made(.texts((0..<n).map(column.text)), e, bytes: 16 * n)
        case .negate(let a):
            let operand = try value(a)
            return try made(.numbers(operand.column.numbers.map { -$0 }), e, from: [operand])
        case .not(let a):
            let operand = try value(a)
            let values = operand.column.numbers.map { $0.isNaN ? .nan : $0 == 0 ? 1 : 0 }
            return try made(.bools(values), e, from: [operand])
        case .binary(let op, let a, let b):
            let (x, y) = (try value(a), try value(b))
            return try made(binary(op, x.column, y.column), e, from: [x, y])
        case .call(let name, let arguments):
            var values = [Held]()
            for argument in arguments { values.append(try value(argument)) }
            guard let f = ExpressionFunction.named(name) else {
                return try made(.numbers(Array(repeating: .nan, count: n)), e, from: values)
            }
            var left = context
            left.memoryBudget = max(0, context.memoryBudget - held)
            let result: ExpressionColumn
            do throws(ExpressionFunction.OverBudget) {
                result = try f.apply(values.map(\.column), left)
            } catch {
                throw overBudget(needed: held + error.needed, at: e.span)
            }
            return try made(result, e, from: values)
        }
    }

    /// `column`, made by node `e` from `arguments` (which it no longer holds): counted as
    /// held (`bytes`, else its own), refused where that passes the budget.
    private mutating func made(
        _ column: ExpressionColumn, _ e: Expression, from arguments: [Held] = [],
        bytes: Int? = nil
    ) throws(ExpressionError) -> Held {
        let size = bytes ?? column.bytes
        guard held + size <= context.memoryBudget else {
            throw overBudget(needed: held + size, at: e.span)
        }
        held += size - arguments.reduce(0) { $0 + $1.bytes }
        return Held(column: column, bytes: size)
    }

    private func overBudget(needed: Int, at span: Range<Int>) -> ExpressionError {
        ExpressionError(
            ResourceLimits.overBudgetText(needed: needed, budget: context.memoryBudget),
            hint: "'set memory SIZE' sets the budget", at: span)
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
