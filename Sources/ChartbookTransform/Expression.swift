/// A `let` expression, parsed (`ExpressionParser`): a tree of nodes, each with the span of
/// the text it was read from (character offsets, for carets pointing into the expression).
public struct Expression: Equatable, Sendable {
    public indirect enum Kind: Equatable, Sendable {
        case number(Double)
        case text(String)
        case column(String)
        case negate(Expression)
        case not(Expression)
        case binary(BinaryOperator, Expression, Expression)
        case call(String, [Expression])
    }

    public enum BinaryOperator: String, Equatable, Sendable {
        case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"
        case less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
        case equal = "==", notEqual = "!="
        case and, or
    }

    public var kind: Kind
    /// Characters [lowerBound, upperBound) of the expression's text.
    public var span: Range<Int>
    /// How many nodes the longest path from this one to a leaf holds (a value: 1; `a + b`:
    /// 2; a sum of n terms: n). Every pass over the tree recurses this deep.
    public private(set) var height: Int

    /// The most `height` and the most parentheses, calls and prefix operators nested in an
    /// expression (`ExpressionParser` refuses more with a caret): every pass over a tree —
    /// parsing, checking, computing, compiling, freeing — recurses as deep, and a limit
    /// well inside a thread's stack (8 MiB) is what keeps a deep expression from killing
    /// the process (issue 49: 10 000 parentheses ended in SIGSEGV).
    public static let maximumDepth = 256

    public init(_ kind: Kind, _ span: Range<Int>) {
        self.kind = kind
        self.span = span
        switch kind {
        case .number, .text, .column: height = 1
        case .negate(let a), .not(let a): height = a.height + 1
        case .binary(_, let a, let b): height = max(a.height, b.height) + 1
        case .call(_, let arguments): height = (arguments.map(\.height).max() ?? 0) + 1
        }
    }

    /// The columns it reads, each once, in order of first use.
    public var columns: [String] {
        var names = [String]()
        func visit(_ e: Expression) {
            switch e.kind {
            case .number, .text: break
            case .column(let name): if !names.contains(name) { names.append(name) }
            case .negate(let a), .not(let a): visit(a)
            case .binary(_, let a, let b):
                visit(a)
                visit(b)
            case .call(_, let arguments): arguments.forEach(visit)
            }
        }
        visit(self)
        return names
    }
}

/// Why an expression cannot be read, typed or computed: a message, one hint, and the span
/// of the expression's text it is about.
public struct ExpressionError: Error, Equatable, Sendable {
    public var message: String
    public var hint: String?
    /// Names the word was probably meant to be (the caller says "did you mean …?").
    public var candidates: [String]
    public var span: Range<Int>

    public init(
        _ message: String, hint: String? = nil, candidates: [String] = [], at span: Range<Int>
    ) {
        self.message = message
        self.hint = hint
        self.candidates = candidates
        self.span = span
    }
}
