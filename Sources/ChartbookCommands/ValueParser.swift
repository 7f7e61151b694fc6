import Foundation
import ChartbookModel

/// Typed values from tokens: numbers, booleans, colours, ranges, sizes, enum names.
enum ValueParser {
    /// `12`, `-3.5`, `1e6`, `1_000`. Infinite and NaN are not numbers here.
    static func number(_ token: Token, _ what: Expectation = .number) throws(Diagnostic)
        -> Double
    {
        guard let value = number(token.text), token.kind == .word else {
            throw Diagnostic(.expected(what, found: token.text), at: token.range)
        }
        return value
    }

    static func number(_ text: String) -> Double? {
        let cleaned = text.replacingOccurrences(of: "_", with: "")
        guard !cleaned.isEmpty, cleaned.first != "_", let value = Double(cleaned), value.isFinite,
            cleaned.allSatisfy({ $0.isNumber || "+-.eE".contains($0) })
        else { return nil }
        return value
    }

    /// The words typed values use for a missing value (`data`, `push`).
    static let missingWords: Set<String> = ["nan", "-", "?"]

    /// A number, or NaN for a word of `missingWords`.
    static func numberOrMissing(_ text: String) -> Double? {
        missingWords.contains(text.lowercased()) ? .nan : number(text)
    }

    /// A number above 0 and at most `limit` (widths, sizes, spacing, periods).
    /// A number in `minimum...limit` (above 0 when `minimum` is 0).
    static func positive(
        _ token: Token, key: String, what: String, minimum: Double = 0,
        limit: Double = 100
    ) throws(Diagnostic) -> Double {
        let value = try number(token, .quantity(what, nil))
        guard value > 0, value >= minimum, value <= limit else {
            let expected =
                minimum > 0
                ? "a number from \(NumberText.shortest(minimum)) to \(NumberText.shortest(limit))"
                : "a number above 0, at most \(NumberText.shortest(limit))"
            throw Diagnostic(
                .invalidValue(key: key, value: token.text, expected: expected), at: token.range)
        }
        return value
    }

    static func integer(_ token: Token, _ what: String, in range: ClosedRange<Int>)
        throws(Diagnostic) -> Int
    {
        let cleaned = token.text.replacingOccurrences(of: "_", with: "")
        guard let value = Int(cleaned), range.contains(value) else {
            throw Diagnostic(
                .expected(.quantity(what, range), found: token.text),
                at: token.range)
        }
        return value
    }

    /// `timeout=`: `30s`, `2m`, `1h`, a number of seconds, or `off`; from 1 s to a day.
    static func timeout(_ token: Token) throws(Diagnostic) -> LoadOptions.QueryTimeout {
        let text = token.text.lowercased()
        if text == "off" { return .off }
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        let (unit, seconds) = units.first { text.hasSuffix($0.0) } ?? ("", 1)
        guard let value = number(String(text.dropLast(unit.count))), value * seconds >= 1,
            value * seconds <= 86_400
        else {
            throw Diagnostic(
                .invalidValue(
                    key: "timeout", value: token.text,
                    expected: "a duration from 1s to 24h (30s, 5m, 1h) or off"), at: token.range)
        }
        return .seconds(value * seconds)
    }

    /// `timeout=`'s value as `timeout(_:)` reads it back.
    static func timeoutText(_ timeout: LoadOptions.QueryTimeout) -> String {
        guard let seconds = timeout.seconds else { return "off" }
        return NumberText.shortest(seconds) + "s"
    }

    static let booleanWords: [String: Bool] = [
        "on": true, "off": false, "yes": true, "no": false, "true": true, "false": false,
    ]

    static func boolean(_ token: Token, key: String) throws(Diagnostic) -> Bool {
        guard let value = booleanWords[token.text.lowercased()] else {
            throw Diagnostic(
                .unknown(.value, token.text, context: key, candidates: ["on", "off"]),
                at: token.range)
        }
        return value
    }

    static func color(_ token: Token, key: String) throws(Diagnostic) -> Color {
        guard let color = Color(parsing: token.text) else {
            if token.text.hasPrefix("#") || token.text.contains("@") {
                throw Diagnostic(
                    .invalidValue(
                        key: key, value: token.text,
                        expected: "a colour like #16aafc, #16aafc80 or red@0.5"), at: token.range)
            }
            let names = Color.named.keys.sorted()
            guard Suggestion.closest(to: token.text, in: names) != nil else {
                throw Diagnostic(
                    .invalidValue(
                        key: key, value: token.text,
                        expected:
                            "a colour: a name (\(names.prefix(8).joined(separator: ", ")), …), #16aafc or red@0.5"
                    ), at: token.range)
            }
            throw Diagnostic(
                .unknown(.value, token.text, context: key, candidates: names), at: token.range)
        }
        return color
    }

    static func choice<T: RawRepresentable & CaseIterable>(
        _ token: Token, key: String, as type: T.Type
    ) throws(Diagnostic) -> T
    where T.RawValue == String {
        let lower = token.text.lowercased()
        guard let value = T.allCases.first(where: { $0.rawValue == lower }) else {
            throw Diagnostic(
                .unknown(.value, token.text, context: key, candidates: T.allCases.map(\.rawValue)),
                at: token.range)
        }
        return value
    }

    /// `a, b or c` (`conjunction` "or"): words listed in a message.
    static func listed(_ words: [String], _ conjunction: String) -> String {
        guard let last = words.last else { return "" }
        let head = words.dropLast()
        return head.isEmpty ? last : head.joined(separator: ", ") + " \(conjunction) " + last
    }

    /// The two ends of `A..B` as typed (either may be empty); nil without `..`. The one
    /// reading of an interval's text: `view A..B`, `add refline x=A..B`, `fold A..B`.
    static func ends(of text: String) -> (lower: String, upper: String)? {
        guard let dots = text.range(of: "..") else { return nil }
        return (String(text[..<dots.lowerBound]), String(text[dots.upperBound...]))
    }

    /// `0..100`, `..100`, `5..` (either side open).
    static func range(_ token: Token, key: String) throws(Diagnostic) -> (Double?, Double?) {
        let parts = token.text.components(separatedBy: "..")
        guard parts.count == 2 else {
            throw Diagnostic(
                .invalidValue(
                    key: key, value: token.text, expected: "a range like 0..100, ..100 or 5.."),
                at: token.range)
        }
        let lower = parts[0].isEmpty ? nil : number(parts[0])
        let upper = parts[1].isEmpty ? nil : number(parts[1])
        if (!parts[0].isEmpty && lower == nil) || (!parts[1].isEmpty && upper == nil)
            || (lower == nil && upper == nil)
        {
            throw Diagnostic(
                .invalidValue(
                    key: key, value: token.text, expected: "a range like 0..100, ..100 or 5.."),
                at: token.range)
        }
        if let lower, let upper, lower >= upper {
            throw Diagnostic(
                .invalidValue(
                    key: key, value: token.text, expected: "the lower bound below the upper"),
                at: token.range)
        }
        return (lower, upper)
    }

    /// `100x30` (columns × rows, or pixels with a larger `limit`).
    static func size(_ token: Token, key: String, limit: Int? = nil) throws(Diagnostic) -> (
        Int, Int
    ) {
        let parts = token.text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let maxWidth = limit ?? 2000, maxHeight = limit ?? 1000
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
            (1...maxWidth).contains(w), (1...maxHeight).contains(h)
        else {
            let expected =
                limit == nil
                ? "a size like 100x30 (columns x rows)" : "a size in pixels like 800x400"
            throw Diagnostic(
                .invalidValue(key: key, value: token.text, expected: expected), at: token.range)
        }
        return (w, h)
    }
}
