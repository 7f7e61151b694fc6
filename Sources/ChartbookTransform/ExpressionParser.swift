/// Reads a `let` expression (Docs/commands.md, "Derived columns"): arithmetic (`+ - * / %`,
/// unary `-`), comparisons (`< <= > >= ==` or `= !=`), `and`, `or`, `not` (`&& || !`),
/// parentheses, function calls `name(a, b)`, numbers, strings in double quotes and column
/// names (in backquotes when they are not plain words). Usual precedence, left to right.
public struct ExpressionParser {
    var tokens: [ExpressionLexer.Token]
    var index = 0
    /// Parentheses, calls and prefix operators open around the token being read.
    var nesting = 0

    public static func parse(_ text: String) throws(ExpressionError) -> Expression {
        var parser = ExpressionParser(tokens: try ExpressionLexer.tokens(text))
        guard parser.peek.kind != .end else {
            throw ExpressionError("expected an expression", at: 0..<1)
        }
        let e = try parser.or()
        guard parser.peek.kind == .end else {
            throw ExpressionError(
                "unexpected \(parser.describe(parser.peek))", at: parser.peek.span)
        }
        return e
    }

    var peek: ExpressionLexer.Token { tokens[min(index, tokens.count - 1)] }

    mutating func take(_ symbols: [String]) -> String? {
        switch peek.kind {
        case .symbol(let s) where symbols.contains(s):
            index += 1
            return s
        case .name(let n) where symbols.contains(n.lowercased()):
            index += 1
            return n.lowercased()
        default: return nil
        }
    }

    mutating func binary(
        _ symbols: [String: Expression.BinaryOperator],
        _ next: (inout ExpressionParser) throws(ExpressionError) -> Expression
    ) throws(ExpressionError) -> Expression {
        var left = try next(&self)
        while let symbol = take(Array(symbols.keys)), let op = symbols[symbol] {
            let right = try next(&self)
            left = try node(.binary(op, left, right), left.span.lowerBound..<right.span.upperBound)
        }
        return left
    }

    /// A node of the tree, refused past `Expression.maximumDepth` (a sum of too many terms).
    func node(_ kind: Expression.Kind, _ span: Range<Int>) throws(ExpressionError) -> Expression {
        let e = Expression(kind, span)
        guard e.height <= Expression.maximumDepth else { throw tooDeep(at: span) }
        return e
    }

    /// Reads what `read` reads one level deeper (inside a parenthesis, a call's arguments,
    /// after a prefix operator), refused past `Expression.maximumDepth` before the parser's
    /// own recursion runs out of stack.
    mutating func nested<T>(
        at span: Range<Int>, _ read: (inout ExpressionParser) throws(ExpressionError) -> T
    ) throws(ExpressionError) -> T {
        guard nesting < Expression.maximumDepth else { throw tooDeep(at: span) }
        nesting += 1
        defer { nesting -= 1 }
        return try read(&self)
    }

    func tooDeep(at span: Range<Int>) -> ExpressionError {
        ExpressionError(
            "the expression nests more than \(Expression.maximumDepth) deep",
            hint: "compute a part of it with a 'let' of its own first", at: span)
    }

    mutating func or() throws(ExpressionError) -> Expression {
        try binary(["or": .or, "||": .or]) { p throws(ExpressionError) in try p.and() }
    }

    mutating func and() throws(ExpressionError) -> Expression {
        try binary(["and": .and, "&&": .and]) { p throws(ExpressionError) in try p.negation() }
    }

    mutating func negation() throws(ExpressionError) -> Expression {
        let start = peek.span.lowerBound
        let word = peek.span
        guard take(["not", "!"]) != nil else { return try comparison() }
        let operand = try nested(at: word) { p throws(ExpressionError) in try p.negation() }
        return try node(.not(operand), start..<operand.span.upperBound)
    }

    mutating func comparison() throws(ExpressionError) -> Expression {
        try binary([
            "<": .less, "<=": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual, "==": .equal,
            "=": .equal, "!=": .notEqual,
        ]) { p throws(ExpressionError) in try p.additive() }
    }

    mutating func additive() throws(ExpressionError) -> Expression {
        try binary(["+": .add, "-": .subtract]) { p throws(ExpressionError) in
            try p.multiplicative()
        }
    }

    mutating func multiplicative() throws(ExpressionError) -> Expression {
        try binary(["*": .multiply, "/": .divide, "%": .remainder]) { p throws(ExpressionError) in
            try p.unary()
        }
    }

    mutating func unary() throws(ExpressionError) -> Expression {
        let start = peek.span.lowerBound
        let minus = peek.span
        guard take(["-"]) != nil else { return try primary() }
        let operand = try nested(at: minus) { p throws(ExpressionError) in try p.unary() }
        return try node(.negate(operand), start..<operand.span.upperBound)
    }

    mutating func primary() throws(ExpressionError) -> Expression {
        let token = peek
        index += 1
        switch token.kind {
        case .number(let v): return Expression(.number(v), token.span)
        case .text(let t): return Expression(.text(t), token.span)
        case .symbol("("):
            let inner = try nested(at: token.span) { p throws(ExpressionError) in try p.or() }
            guard take([")"]) != nil else {
                throw ExpressionError("expected ')'", hint: "close the '(' here", at: peek.span)
            }
            return Expression(inner.kind, token.span.lowerBound..<tokens[index - 1].span.upperBound)
        case .name(let name):
            guard take(["("]) != nil else { return Expression(.column(name), token.span) }
            var arguments = [Expression]()
            if take([")"]) == nil {
                repeat {
                    arguments.append(
                        try nested(at: token.span) { p throws(ExpressionError) in try p.or() })
                } while take([","]) != nil
                guard take([")"]) != nil else {
                    throw ExpressionError(
                        "expected ',' or ')' in the arguments of \(name)", at: peek.span)
                }
            }
            return try node(
                .call(name.lowercased(), arguments),
                token.span.lowerBound..<tokens[index - 1].span.upperBound)
        default:
            throw ExpressionError("expected a value, found \(describe(token))", at: token.span)
        }
    }

    func describe(_ token: ExpressionLexer.Token) -> String {
        switch token.kind {
        case .end: return "the end"
        case .symbol(let s): return "'\(s)'"
        case .name(let n): return "'\(n)'"
        case .number(let v): return "'\(v)'"
        case .text(let t): return "\"\(t)\""
        }
    }
}
