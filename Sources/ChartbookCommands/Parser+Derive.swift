import ChartbookModel

extension Parser {
    /// `let DATASET.COLUMN = EXPRESSION`: the expression is the rest of the command as typed
    /// (read again by `ExpressionParser`, which knows operators the command lexer splits).
    static func derive(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let target = try c.series(.derivedColumn)
        guard let dataset = target.value.dataset else {
            throw Diagnostic(
                .expected(.derivedColumn, found: target.value.description), at: target.range)
        }
        guard let equals = c.next(), equals.kind == .equals else {
            throw Diagnostic(.expected(.words(["="]), found: c.peek?.text), at: c.end)
        }
        var rest = [Token]()
        while let token = c.next() { rest.append(token) }
        guard let first = rest.first else {
            throw Diagnostic(.expected(.expression, found: nil), at: equals.range)
        }
        let text = sourceText(of: rest)
        return .derive(
            dataset: Located(dataset, at: target.range),
            column: Located(target.value.column, at: target.range),
            expression: Located(
                text, at: SourceRange(start: first.range.start, length: text.count)))
    }

    /// Tokens of one line written back as they were typed, each at its own column (a string
    /// with its quotes), so a position in the text is a column of the line (columns count
    /// Unicode scalars, as the lexer does; the length is kept as the text grows — counting
    /// it for each token made a long expression quadratic: issue 49).
    static func sourceText(of tokens: [Token]) -> String {
        guard let start = tokens.first?.range.start else { return "" }
        var text = ""
        var length = 0
        func append(_ piece: String) {
            text += piece
            length += piece.unicodeScalars.count
        }
        for token in tokens {
            let column = token.range.start.column - start.column
            if token.range.start.line == start.line, column > length {
                append(String(repeating: " ", count: column - length))
            } else if length > 0, token.spaceBefore {
                append(" ")
            }
            switch token.kind {
            case .string:
                append("\"" + token.text.replacingOccurrences(of: "\"", with: "\\\"") + "\"")
            case .equals: append("=")
            case .word: append(token.text)
            }
        }
        return text
    }
}

extension Parser {
    /// `fold DATASET COLUMN,COLUMN…|FIRST..LAST as KEY VALUE`.
    static func fold(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let dataset = try c.name(.datasetName)
        let first = try c.value(.words(["COLUMN,COLUMN… or FIRST..LAST"]))
        // Quoted names joined by `..` or `,` outside the quotes (`"Jan 2024".."Dec 2024"`)
        // are the same list as one quoted text (`"Jan 2024..Dec 2024"`).
        var text = first.text, range = first.range
        while let separator = c.peek, separator.text == ".." || separator.text == "," {
            _ = c.next()
            let expected = Expectation.words(["a column after '\(separator.text)'"])
            if let word = c.peek, word.kind == .word, word.text.lowercased() == "as" {
                throw Diagnostic(.expected(expected, found: word.text), at: word.range)
            }
            let next = try c.value(expected)
            text += separator.text + next.text
            range = range.through(next.range)
        }
        let columns = (text: text, range: range)
        _ = try c.keyword(.value, ["as"], expected: .words(["as"]))
        let key = try c.value(.newName(.column))
        let value = try c.value(.newName(.column))
        try c.expectEnd()
        return .fold(
            dataset: dataset, columns: Located(columns.text, at: columns.range),
            key: Located(key.text, at: key.range), value: Located(value.text, at: value.range))
    }
}
