/// Names and text written into SQL that chartbook builds (remote datasets, the transform
/// compiler): the one place that quotes them, one way per dialect, used by every engine.
///
/// Quoting works on Unicode scalars, never on Swift `Character`s: a grapheme cluster can glue
/// a quote to its neighbour (U+0600 ARABIC NUMBER SIGN before it, a combining accent after
/// it), and a split or a search by clusters would leave that quote unescaped — an injection
/// (round three's PostgreSQL bug, then issue 49's ClickHouse one). A name the engines cannot
/// hold (a NUL, which also ends a C string) is refused, not mangled.
public enum SQLQuoting: Sendable, CaseIterable {
    /// Standard SQL as PostgreSQL and SQLite read it: `"a""b"` for the name `a"b`, `'it''s'`
    /// for the text `it's`; a backslash is an ordinary character.
    case standard
    /// ClickHouse: a backslash escapes the character after it in quoted names and literals
    /// alike (`'a\'` is no literal's end), so a name is written in backquotes with `` ` ``
    /// and `\` escaped by a backslash, and a literal with `'` doubled and `\` escaped.
    case clickHouse

    /// Whether `name` can be written as a quoted identifier.
    public static func canQuote(_ name: String) -> Bool {
        !name.isEmpty && !name.unicodeScalars.contains("\u{0}")
    }

    /// `name` as a quoted identifier of this dialect. Precondition: `canQuote(name)` (callers
    /// check the engine's names once, where they learn them; a NUL is left out).
    public func identifier(_ name: String) -> String {
        switch self {
        case .standard: Self.quoted(name, by: "\"", doubling: "\"")
        case .clickHouse: Self.quoted(name, by: "`", escaping: ["`", "\\"])
        }
    }

    /// `text` as a string literal of this dialect, NULs left out.
    public func literal(_ text: String) -> String {
        switch self {
        case .standard: Self.quoted(text, by: "'", doubling: "'")
        case .clickHouse: Self.quoted(text, by: "'", doubling: "'", escaping: ["\\"])
        }
    }

    /// `text` between `quote`s, scalar by scalar: `doubling` written twice, each of
    /// `escaping` after a backslash, a NUL left out.
    private static func quoted(
        _ text: String, by quote: Unicode.Scalar, doubling: Unicode.Scalar? = nil,
        escaping: Set<Unicode.Scalar> = []
    ) -> String {
        var out = String.UnicodeScalarView()
        out.append(quote)
        for scalar in text.unicodeScalars where scalar != "\u{0}" {
            if scalar == doubling {
                out.append(scalar)
            } else if escaping.contains(scalar) {
                out.append("\\")
            }
            out.append(scalar)
        }
        out.append(quote)
        return String(out)
    }
}
