/// Writing text back as the lexer reads it (Docs/commands.md, "Syntax"): the one place
/// that knows which characters need a string and how it escapes them.
public enum ScriptQuoting {
    /// `text` as a double-quoted string with `\"`, `\\`, `\n`, `\t` and `\u{…}` escapes.
    public static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7f {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// `text` as it is when it reads back as one word, else quoted.
    public static func quotedIfNeeded(_ text: String) -> String {
        let needs =
            text.isEmpty
            || text.unicodeScalars.contains {
                " \t;\"=#\\".unicodeScalars.contains($0) || $0.value < 0x20
            }
        return needs ? quoted(text) : text
    }
}
