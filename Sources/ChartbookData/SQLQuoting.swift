/// Names and text written into SQL that chartbook builds (remote datasets): the one place
/// that quotes them, for every engine.
///
/// Quoting works on Unicode scalars, never on Swift `Character`s: a grapheme cluster can glue
/// a quote to its neighbour (U+0600 ARABIC NUMBER SIGN before it, a combining accent after
/// it), and a split by clusters would leave that quote undoubled — an injection. A name the
/// engines cannot hold (a NUL, which also ends a C string) is refused, not mangled.
public enum SQLQuoting {
    /// Whether `name` can be written as a quoted identifier.
    public static func canQuote(_ name: String) -> Bool {
        !name.isEmpty && !name.unicodeScalars.contains("\u{0}")
    }

    /// `name` as a double-quoted identifier (`"a""b"` for `a"b`), standard SQL as PostgreSQL,
    /// SQLite and ClickHouse read it. Precondition: `canQuote(name)` (callers check the
    /// engine's names once, where they learn them).
    public static func identifier(_ name: String) -> String {
        quoted(name, by: "\"")
    }

    /// `text` as a string literal (`'it''s'`), in the same way: by Unicode scalar, quotes
    /// doubled, NULs left out.
    public static func literal(_ text: String) -> String {
        quoted(text, by: "'")
    }

    /// `text` as a ClickHouse string literal: there a backslash escapes the character after
    /// it (`'a\'` is no literal's end), so backslashes are doubled as well as quotes.
    public static func backslashedLiteral(_ text: String) -> String {
        quoted(text, by: "'", escaping: "\\")
    }

    private static func quoted(
        _ text: String, by quote: Unicode.Scalar, escaping escape: Unicode.Scalar? = nil
    ) -> String {
        var out = String.UnicodeScalarView()
        out.append(quote)
        for scalar in text.unicodeScalars where scalar != "\u{0}" {
            if scalar == quote || scalar == escape { out.append(scalar) }
            out.append(scalar)
        }
        out.append(quote)
        return String(out)
    }
}
