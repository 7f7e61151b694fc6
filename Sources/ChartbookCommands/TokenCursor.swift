import ChartbookModel

/// Reads one command's tokens left to right, throwing diagnostics that point at the token
/// in question (or just past the command's end when something is missing).
struct TokenCursor {
    let tokens: [Token]
    var index = 0
    /// Where "missing" diagnostics point: one past the last token.
    let end: SourceRange

    init(_ command: CommandTokens) {
        tokens = command.tokens
        if let last = command.tokens.last {
            end = SourceRange(
                line: last.range.start.line, column: last.range.start.column + last.range.length,
                length: 1)
        } else {
            end = SourceRange(start: command.start, length: 1)
        }
    }

    var atEnd: Bool { index >= tokens.count }
    var peek: Token? { atEnd ? nil : tokens[index] }

    /// Whether the next tokens are `key =`.
    var atOption: Bool {
        index + 1 < tokens.count && tokens[index].kind == .word && tokens[index + 1].kind == .equals
    }

    mutating func next() -> Token? {
        defer { index += 1 }
        return atEnd ? nil : tokens[index]
    }

    /// The next token, which must be a word or string (not `=`).
    mutating func value(_ expected: Expectation) throws(Diagnostic) -> Token {
        guard let token = peek else { throw Diagnostic(.expected(expected, found: nil), at: end) }
        guard token.kind != .equals else {
            throw Diagnostic(.expected(expected, found: "="), at: token.range)
        }
        index += 1
        return token
    }

    /// A series: `dataset.column`, `name`, `dataset."quoted column"` (the string right after
    /// the dot, no space) or `"quoted column"`.
    mutating func series(_ expected: Expectation) throws(Diagnostic) -> Located<SeriesName> {
        let token = try value(expected)
        if token.kind == .string {
            return Located(SeriesName(column: token.text, quoted: true), at: token.range)
        }
        if token.text.hasSuffix("."), token.text.count > 1, let string = peek,
            string.kind == .string, !string.spaceBefore
        {
            index += 1
            let range = SourceRange(
                start: token.range.start, length: token.range.length + string.range.length)
            return Located(
                SeriesName(
                    dataset: String(token.text.dropLast()), column: string.text, quoted: true),
                at: range)
        }
        return Located(SeriesName(word: token.text), at: token.range)
    }

    /// The next token as a bare word.
    mutating func word(_ expected: Expectation) throws(Diagnostic) -> Token {
        let token = try value(expected)
        guard token.kind == .word else {
            throw Diagnostic(.expected(expected, found: "\"" + token.text + "\""), at: token.range)
        }
        return token
    }

    /// A keyword out of `choices` (case-insensitive), reported as `role` when unknown.
    mutating func keyword(
        _ role: Diagnostic.Role, _ choices: [String], expected: Expectation, context: String? = nil
    ) throws(Diagnostic) -> (String, Token) {
        let token = try word(expected)
        let lower = token.text.lowercased()
        guard choices.contains(lower) else {
            throw Diagnostic(
                .unknown(role, token.text, context: context, candidates: choices), at: token.range)
        }
        return (lower, token)
    }

    /// A name (dataset, plot id): letters, digits, `_`, `-`, starting with a letter or `_`.
    mutating func name(_ expected: Expectation) throws(Diagnostic) -> Located<String> {
        let token = try value(expected)
        guard Identifier.isValid(token.text) else {
            throw Diagnostic(
                .expected(.validName(expected), found: token.text),
                at: token.range)
        }
        return Located(token.text, at: token.range)
    }

    /// The remaining tokens as `key=value` options.
    mutating func options() throws(Diagnostic) -> [TypedOption] {
        var options = [TypedOption]()
        while let token = peek {
            guard atOption else {
                if token.kind == .equals {
                    throw Diagnostic(
                        .expected(.optionName, found: "="), at: token.range)
                }
                throw Diagnostic(.unexpected(token.text), at: token.range)
            }
            options.append(try option())
        }
        return options
    }

    /// `where=` values hold operators the lexer splits off (`symbol=AAPL`, `price>=10`): the
    /// tokens typed without a space after the value are joined to it.
    private mutating func glued(_ value: Token, for key: Token) -> Token {
        guard key.text.lowercased() == "where" else { return value }
        var joined = value
        while let next = peek, !next.spaceBefore {
            joined = Token(
                kind: .word, text: joined.text + next.text, range: joined.range.through(next.range),
                spaceBefore: joined.spaceBefore)
            index += 1
        }
        return joined
    }

    /// One `key=value` option (the cursor is at one: `atOption`).
    mutating func option() throws(Diagnostic) -> TypedOption {
        let key = tokens[index]
        index += 2
        guard let value = peek, value.kind != .equals else {
            throw Diagnostic(
                .expected(.optionValue(key: key.text), found: peek?.text), at: peek?.range ?? end)
        }
        index += 1
        return TypedOption(key: key, value: glued(value, for: key))
    }

    /// Fails on anything left over.
    func expectEnd() throws(Diagnostic) {
        if let token = peek { throw Diagnostic(.unexpected(token.text), at: token.range) }
    }

    /// The end of a command whose one operand is a text (`first`): more words are refused
    /// with the quoted text to type instead.
    func expectEndOfText(after first: Token, command: String) throws(Diagnostic) {
        guard let token = peek else { return }
        let rest = tokens[index...].map(\.text)
        throw Diagnostic(
            .unquotedText(
                word: token.text, command: command,
                text: ([first.text] + rest).joined(separator: " ")),
            at: token.range)
    }
}

/// A `key=value` pair as typed.
public struct TypedOption: Equatable, Sendable {
    public var key: Token
    public var value: Token
    public var name: String { key.text.lowercased() }
    /// Where it was typed, key through value.
    public var range: SourceRange { key.range.through(value.range) }

    /// Equal when they say the same: the key without case, the value's kind and text
    /// (wherever they were typed).
    public static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && a.value.kind == b.value.kind && a.value.text == b.value.text
    }
}
