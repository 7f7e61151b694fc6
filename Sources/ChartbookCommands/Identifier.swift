/// Names a person can type for datasets and plots: a letter or `_`, then letters, digits,
/// `_` or `-`.
public enum Identifier {
    public static func isValid(_ text: String) -> Bool {
        guard let first = text.first, first.isLetter || first == "_" else { return false }
        return text.allSatisfy(isAllowed)
    }

    static func isAllowed(_ c: Character) -> Bool {
        c.isLetter || c.isNumber || c == "_" || c == "-"
    }

    /// `text` with every character a name cannot hold replaced by `_` (the first character
    /// is left to the caller's policy).
    public static func replacingInvalidCharacters(_ text: some StringProtocol) -> String {
        String(text.map { isAllowed($0) ? $0 : "_" })
    }

    /// A valid name made from `text`: invalid characters become `_`, and a leading `_` is
    /// added when the first is not a letter; `fallback` when nothing is left.
    public static func made(from text: some StringProtocol, fallback: String) -> String {
        var name = replacingInvalidCharacters(text)
        if let first = name.first, !(first.isLetter || first == "_") { name = "_" + name }
        return name.isEmpty ? fallback : name
    }

    /// `base`, or `base2`, `base3`, … — the first not in `taken`.
    public static func unique(_ base: String, taken: Set<String>) -> String {
        guard taken.contains(base) else { return base }
        var n = 2
        while taken.contains("\(base)\(n)") { n += 1 }
        return "\(base)\(n)"
    }
}
