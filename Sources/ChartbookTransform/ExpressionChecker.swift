import ChartbookData
import ChartbookModel

/// Types an expression against a dataset before anything is computed: every column known,
/// every operator and function given values it takes — or an error pointing at the part
/// that is wrong (`year + "a"`: cannot add number and text).
public struct ExpressionChecker {
    public var dataset: Dataset
    public var timeZone: TimeZoneSetting

    public init(dataset: Dataset, timeZone: TimeZoneSetting) {
        self.dataset = dataset
        self.timeZone = timeZone
    }

    /// The expression with text compared to times read as times, and its type.
    public func checked(_ e: Expression) throws(ExpressionError) -> (Expression, ExpressionType) {
        switch e.kind {
        case .number: return (e, .number)
        case .text: return (e, .text)
        case .column(let name):
            guard let column = dataset.column(named: name) else {
                throw ExpressionError(
                    "unknown column '\(name)' of dataset '\(dataset.name)'",
                    candidates: dataset.columns.map(\.name), at: e.span)
            }
            let type: ExpressionType =
                column.isTime ? .time : column.isNumeric ? .number : .text
            return (Expression(.column(column.name), e.span), type)
        case .negate(let a):
            let (a, t) = try checked(a)
            guard t == .number else { throw mismatch("negate", [t], at: e.span) }
            return (Expression(.negate(a), e.span), .number)
        case .not(let a):
            let (a, t) = try checked(a)
            guard t == .bool else { throw mismatch("'not' a", [t], at: e.span) }
            return (Expression(.not(a), e.span), .bool)
        case .binary(let op, let a, let b): return try binary(op, a, b, e.span)
        case .call(let name, let arguments): return try call(name, arguments, e.span)
        }
    }

    func binary(
        _ op: Expression.BinaryOperator, _ a: Expression, _ b: Expression, _ span: Range<Int>
    ) throws(ExpressionError) -> (Expression, ExpressionType) {
        var (a, ta) = try checked(a)
        var (b, tb) = try checked(b)
        // A date written as text, compared with times: `date >= "2014-01-01"`.
        if ta == .time, tb == .text { (b, tb) = try time(b) }
        if tb == .time, ta == .text { (a, ta) = try time(a) }
        let node = Expression(.binary(op, a, b), span)
        let type: ExpressionType?
        switch op {
        case .add:
            type =
                ta == .number && tb == .number
                ? .number
                : (ta, tb) == (.time, .number) || (ta, tb) == (.number, .time) ? .time : nil
        case .subtract:
            type =
                ta == .number && tb == .number
                ? .number
                : (ta, tb) == (.time, .number) ? .time : (ta, tb) == (.time, .time) ? .number : nil
        case .multiply, .divide, .remainder: type = ta == .number && tb == .number ? .number : nil
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            type = ta == tb && ta != .bool ? .bool : nil
        case .equal, .notEqual: type = ta == tb ? .bool : nil
        case .and, .or: type = ta == .bool && tb == .bool ? .bool : nil
        }
        guard let type else { throw mismatch("'\(op.rawValue)'", [ta, tb], at: span) }
        return (node, type)
    }

    func call(_ name: String, _ arguments: [Expression], _ span: Range<Int>)
        throws(ExpressionError) -> (Expression, ExpressionType)
    {
        guard let f = ExpressionFunction.named(name) else {
            throw ExpressionError(
                "unknown function '\(name)'", candidates: ExpressionFunction.all.map(\.name),
                at: span.lowerBound..<(span.lowerBound + name.count))
        }
        guard f.arity.contains(arguments.count) else {
            let (low, high) = (f.arity.lowerBound, f.arity.upperBound)
            let takes =
                low == high
                ? "\(low) argument\(low == 1 ? "" : "s")" : "\(low) to \(high) arguments"
            throw ExpressionError(
                "\(f.signature) takes \(takes), not \(arguments.count)", hint: f.summary, at: span)
        }
        var checkedArguments = [Expression](), types = [ExpressionType]()
        for argument in arguments {
            let (a, t) = try checked(argument)
            checkedArguments.append(a)
            types.append(t)
        }
        guard let type = f.type(types) else {
            throw ExpressionError(
                "\(f.signature) cannot take \(types.isEmpty ? "no arguments" : types.map(\.rawValue).joined(separator: ", "))",
                hint: f.summary, at: span)
        }
        if name == "parse" {
            guard case .text(let pattern) = checkedArguments[1].kind else {
                throw ExpressionError(
                    "parse's format must be written in quotes", at: checkedArguments[1].span)
            }
            do throws(TimeFormat.Problem) { _ = try TimeFormat(pattern) } catch {
                throw ExpressionError(
                    "'\(pattern)' is not a time pattern",
                    hint: "use %Y %y %m %d %e %j %H %I %p %M %S %b %B %z",
                    at: checkedArguments[1].span)
            }
        }
        return (Expression(.call(name, checkedArguments), span), type)
    }

    /// A text literal read as a time (`"2014-01-01"`), in the session's zone.
    func time(_ e: Expression) throws(ExpressionError) -> (Expression, ExpressionType) {
        guard case .text(let text) = e.kind, let parsed = TimeParser.parse(text) else {
            throw ExpressionError("only a date in quotes compares with times", at: e.span)
        }
        let offset = parsed.offset ?? timeZone.offset(atWall: parsed.wallSeconds)
        return (Expression(.number(parsed.seconds(assumingOffset: offset)), e.span), .time)
    }

    func mismatch(_ what: String, _ types: [ExpressionType], at span: Range<Int>) -> ExpressionError
    {
        let listed = types.map(\.rawValue).joined(separator: " and ")
        return ExpressionError("\(what) cannot take \(listed)", at: span)
    }
}
