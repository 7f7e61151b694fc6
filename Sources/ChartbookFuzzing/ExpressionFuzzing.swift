import ChartbookCommands
import ChartbookModel
import ChartbookTransform

/// The `let` expression language as a fuzzed surface (issue 49): bytes as an expression —
/// as text, or as words of `words` where a byte may repeat a word hundreds of times (deep
/// and wide expressions, long texts, which mutations of text rarely reach) — read, typed and
/// computed over `dataset` under a small memory budget, then run as a `let` command.
/// Invariants: an error points into the expression; a tree is never deeper than the limit;
/// a computed column has a cell per row; a `let` that fails leaves the session as it was.
enum ExpressionFuzzing {
    /// The words a byte picks (its low six bits).
    static let words: [String] = [
        "(", ")", "+", "-", "*", "/", "%", "<", "<=", "==", "!=", "and", "or", "not", ",",
        "v", "n", "s", "t", "`v`", "1", "0", "-1e308", "2.5", "\"x\"", "\"aaaaaaaaaa\"", "\"\"",
        "concat(", "replace(", "lower(", "upper(", "trim(", "number(", "if(", "min(", "max(",
        "abs(", "log(", "sqrt(", "round(", "pow(", "year(", "month(", "date(", "parse(",
        "\"%Y\"", "\"a\"", "\",\"", "\"\u{301}\"", "\"\u{600}\"", "\"\\\"\"", "``", "exp(",
        "floor(", "hour(", "weekday(", "!", "&&", "||", "=", ">", ">=", "\u{0}",
    ]

    /// The rows every expression is computed over: numbers, text and times, missing ones.
    static let dataset = Dataset(
        name: "d",
        columns: [
            Column(name: "v", numbers: [1, .nan, -2.5, 1e300, 0, 7]),
            Column(name: "n", numbers: [0, 1, 2, 3, 4, 5]),
            Column(name: "s", text: ["a", "", "b\u{301}", "aaaa", "12,5", "x y"]),
            Column(name: "t", times: [0, 86_400, .nan, 1e9, -1e9, 4e9]),
        ], source: .inline)

    /// The expression of `data`: text after an even first byte; else words, a byte with bit
    /// 0x40 repeating its word the next byte's value plus two times (up to 257: past the
    /// nesting limit).
    static func text(_ data: [UInt8]) -> String {
        guard let mode = data.first, mode & 1 == 1 else {
            return String(decoding: data.dropFirst(), as: UTF8.self)
        }
        var out = ""
        var i = 1
        while i < data.count {
            let byte = data[i]
            let word = words[Int(byte & 0x3f) % words.count]
            var times = 1
            if byte & 0x40 != 0, i + 1 < data.count {
                times = 2 + Int(data[i + 1])
                i += 1
            }
            out += String(repeating: word + (byte & 0x80 != 0 ? " " : ""), count: times)
            i += 1
        }
        return out
    }

    static func run(_ data: [UInt8], limits: ResourceLimits, initial: Notebook) -> [String] {
        let text = self.text(data)
        var problems = [String]()
        let length = text.count
        func pointsIn(_ error: ExpressionError) {
            if error.span.lowerBound < 0 || error.span.lowerBound > length {
                problems.append("an error points outside the expression: \(error.span)")
            }
        }
        do {
            let parsed = try ExpressionParser.parse(text)
            if parsed.height > Expression.maximumDepth {
                problems.append("a tree \(parsed.height) deep was read")
            }
            let (checked, _) = try ExpressionChecker(dataset: dataset, timeZone: .utc).checked(
                parsed)
            var evaluator = ExpressionEvaluator(
                ExpressionContext(
                    dataset: dataset, timeZone: .utc, memoryBudget: limits.memoryBudget))
            let column = try evaluator.evaluate(checked)
            if column.column(named: "z").count != dataset.count {
                problems.append("a computed column has other than a cell per row")
            }
        } catch { pointsIn(error) }
        // The same as a command: a failure changes nothing (a short one: the command path
        // reads the line three times more, and the fuzzer's speed is its reach).
        guard text.utf8.count <= 4096, !text.contains("\n"), !text.contains("\r") else {
            return problems
        }
        // (A `;` in the text ends the `let`: each command is its own transaction.)
        var notebook = initial
        return problems
            + FuzzHarness.transactions(
                ScriptSource(name: "fuzz", text: "let fz.z = " + text), &notebook)
    }
}
