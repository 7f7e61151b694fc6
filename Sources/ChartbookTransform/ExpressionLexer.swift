/// An expression's text → tokens: numbers, names (letters, digits, `_`, `.`; any text in
/// backquotes), strings in double quotes, and operators.
struct ExpressionLexer {
    enum Kind: Equatable {
        case number(Double)
        case name(String)
        case text(String)
        case symbol(String)
        case end
    }

    struct Token: Equatable {
        var kind: Kind
        var span: Range<Int>
    }

    static let symbols = [
        "<=", ">=", "==", "!=", "&&", "||", "+", "-", "*", "/", "%", "(", ")", ",", "<", ">", "=",
        "!",
    ]

    static func tokens(_ text: String) throws(ExpressionError) -> [Token] {
        let chars = Array(text)
        var tokens = [Token]()
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if c == " " || c == "\t" {
                i += 1
                continue
            }
            let start = i
            if c.isNumber || (c == "." && i + 1 < chars.count && chars[i + 1].isNumber) {
                i = numberEnd(chars, from: i)
                let word = String(chars[start..<i])
                guard let value = Double(word) else {
                    throw ExpressionError("'\(word)' is not a number", at: start..<i)
                }
                tokens.append(Token(kind: .number(value), span: start..<i))
            } else if c.isLetter || c == "_" {
                while i < chars.count, chars[i].isLetter || chars[i].isNumber || chars[i] == "_" {
                    i += 1
                }
                tokens.append(Token(kind: .name(String(chars[start..<i])), span: start..<i))
            } else if c == "`" || c == "\"" {
                i += 1
                while i < chars.count, chars[i] != c { i += 1 }
                guard i < chars.count else {
                    throw ExpressionError(
                        c == "`" ? "unterminated column name" : "unterminated string",
                        hint: "add a closing \(c)", at: start..<chars.count)
                }
                let body = String(chars[(start + 1)..<i])
                i += 1
                tokens.append(Token(kind: c == "`" ? .name(body) : .text(body), span: start..<i))
            } else if let symbol = symbols.first(where: { matches($0, chars, at: i) }) {
                i += symbol.count
                tokens.append(Token(kind: .symbol(symbol), span: start..<i))
            } else {
                throw ExpressionError("unexpected '\(c)'", at: start..<(start + 1))
            }
        }
        tokens.append(Token(kind: .end, span: chars.count..<(chars.count + 1)))
        return tokens
    }

    static func numberEnd(_ chars: [Character], from start: Int) -> Int {
        var i = start
        while i < chars.count, chars[i].isNumber || chars[i] == "." { i += 1 }
        if i < chars.count, chars[i] == "e" || chars[i] == "E" {
            var j = i + 1
            if j < chars.count, chars[j] == "+" || chars[j] == "-" { j += 1 }
            if j < chars.count, chars[j].isNumber {
                i = j
                while i < chars.count, chars[i].isNumber { i += 1 }
            }
        }
        return i
    }

    static func matches(_ symbol: String, _ chars: [Character], at i: Int) -> Bool {
        let s = Array(symbol)
        guard i + s.count <= chars.count else { return false }
        return Array(chars[i..<(i + s.count)]) == s
    }
}
