import ChartbookData
import ChartbookModel
import Foundation

extension ExpressionFunction {
    /// Text made into numbers and cleaned before it is grouped or read: what a column of
    /// `12 ms`, `1.234,5` or `North ` needs before it is drawn.
    static let text: [ExpressionFunction] = [
        ExpressionFunction(
            name: "number", signature: "number(x[, \",\"])",
            summary:
                "text read as a number: a point's decimals, commas grouping thousands (1,234.5); with \",\" a decimal comma (1.234,5); missing where it is none",
            arity: 1...2,
            type: { t in
                (t.first == .text || t.first == .number) && (t.count == 1 || t[1] == .text)
                    ? .number : nil
            },
            apply: { args, _ in
                let mark = args.count == 2 ? args[1].text(at: 0) : "."
                guard case .texts(let cells) = args[0] else { return .numbers(args[0].numbers) }
                return .numbers(
                    cells.map {
                        GroupedNumber.value($0, decimalComma: mark == ",") ?? .nan
                    })
            }),
        textFunction(
            "replace", "replace(text, \"from\", \"to\")",
            "the text with every \"from\" written as \"to\"", arity: 3
        ) { cells, args, budget throws(OverBudget) in
            let from = Array(args[1].text(at: 0).utf8), to = Array(args[2].text(at: 0).utf8)
            guard !from.isEmpty else { return cells }
            // The cells' size first (each occurrence counted, none written), then the cells.
            let bytes = cells.reduce(0) { total, cell in
                let n = TextReplacement.occurrences(of: from, in: cell)
                return total
                    + ExpressionColumn.bytes(ofCell: cell.utf8.count + n * (to.count - from.count))
            }
            guard bytes <= budget else { throw OverBudget(needed: bytes) }
            return cells.map { TextReplacement.replacing(from, with: to, in: $0) }
        },
        textFunction("trim", "trim(text)", "the text without blanks around it", arity: 1) {
            cells, _, _ in cells.map { $0.trimmingCharacters(in: .whitespaces) }
        },
        textFunction("lower", "lower(text)", "the text in lower case", arity: 1) {
            cells, _, budget throws(OverBudget) in
            try casing(cells, budget) { $0.lowercased() }
        },
        textFunction("upper", "upper(text)", "the text in upper case", arity: 1) {
            cells, _, budget throws(OverBudget) in
            try casing(cells, budget) { $0.uppercased() }
        },
        ExpressionFunction(
            name: "concat", signature: "concat(a, b, …)",
            summary:
                "the texts of its arguments one after the other (numbers as written, times as ISO 8601; missing if any is)",
            arity: 2...16, type: { $0.contains(.bool) ? nil : .text },
            apply: { args, context throws(OverBudget) in
                // The cells' size first (each part measured, none joined), then the cells.
                let bytes = (0..<context.count).reduce(0) { total, i in
                    let lengths = args.map { $0.text(at: i).utf8.count }
                    return total
                        + ExpressionColumn.bytes(
                            ofCell: lengths.contains(0) ? 0 : lengths.reduce(0, +))
                }
                guard bytes <= context.memoryBudget else { throw OverBudget(needed: bytes) }
                return .texts(
                    (0..<context.count).map { i in
                        let parts = args.map { $0.text(at: i) }
                        return parts.contains(where: \.isEmpty) ? "" : parts.joined()
                    })
            }),
    ]

    /// Cells in another case, refused first where they could pass `budget`: case mapping
    /// makes at most three times the UTF-8 it reads (`ΐ` upper-cased is three scalars).
    static func casing(_ cells: [String], _ budget: Int, _ f: (String) -> String)
        throws(OverBudget) -> [String]
    {
        let bytes = cells.reduce(0) { $0 + ExpressionColumn.bytes(ofCell: 3 * $1.utf8.count) }
        guard bytes <= budget else { throw OverBudget(needed: bytes) }
        return cells.map(f)
    }

    /// A function of a text column (its first argument; the others texts in quotes) giving
    /// text; a missing cell stays missing. `f` is given the bytes its cells may hold.
    static func textFunction(
        _ name: String, _ signature: String, _ summary: String, arity: Int,
        _ f: @escaping @Sendable ([String], [ExpressionColumn], Int) throws(OverBudget) -> [String]
    ) -> ExpressionFunction {
        ExpressionFunction(
            name: name, signature: signature, summary: summary, arity: arity...arity,
            type: { $0.count == arity && $0.allSatisfy { $0 == .text } ? .text : nil },
            apply: { args, context throws(OverBudget) in
                guard case .texts(let cells) = args[0] else { return args[0] }
                let made = try f(cells, args, context.memoryBudget)
                return .texts(zip(cells, made).map { $0.isEmpty ? "" : $1 })
            })
    }
}
