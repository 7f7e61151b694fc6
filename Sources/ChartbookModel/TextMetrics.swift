/// Display width and sanitising of text that reaches a terminal cell or an SVG text node.
///
/// Widths are in terminal cells: East Asian wide and fullwidth characters and most emoji
/// take 2 cells, combining marks and zero-width characters take 0, everything else 1.
public enum TextMetrics {
    /// The character that replaces control and bidi-override characters found in data.
    public static let replacement: Character = "\u{FFFD}"

    /// `text` with every control character (C0, DEL, C1), bidi override/isolate and other
    /// format character that could move the cursor or reorder text replaced by U+FFFD.
    /// Newlines and tabs are replaced too: one label is one line.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if isUnsafe(scalar) { scalars.append("\u{FFFD}") } else { scalars.append(scalar) }
        }
        return String(scalars)
    }

    /// `sanitized` for each line of a multi-line text, keeping its newlines (reports, listings).
    public static func sanitizedLines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { sanitized(String($0)) }
            .joined(separator: "\n")
    }

    /// Whether a scalar may not reach a terminal cell or an SVG text node.
    public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x20 || (0x7f...0x9f).contains(value) { return true }
        // Bidi embeddings, overrides and isolates; line/paragraph separators.
        if (0x202a...0x202e).contains(value) || (0x2066...0x2069).contains(value) { return true }
        if value == 0x2028 || value == 0x2029 || value == 0x200e || value == 0x200f
            || value == 0x061c
        {
            return true
        }
        return false
    }

    /// Terminal cells a string occupies (sum of its characters' widths).
    public static func width(of text: String) -> Int {
        text.reduce(0) { $0 + width(of: $1) }
    }

    /// Terminal cells one grapheme occupies: 0, 1 or 2.
    public static func width(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        // Emoji presentation selector makes a narrow base wide.
        if character.unicodeScalars.contains(where: { $0.value == 0xFE0F })
            && first.properties.isEmoji
        {
            return 2
        }
        return width(of: first)
    }

    /// Cells of a single scalar: wcwidth semantics for printable text.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value == 0 { return 0 }
        if value < 0x20 || (0x7f..<0xa0).contains(value) { return 1 }  // shown as replacement
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200b || (0x1160...0x11ff).contains(value) { return 0 }
        return isWide(value) ? 2 : 1
    }

    private static func isWide(_ v: UInt32) -> Bool {
        if v < 0x1100 { return false }
        return (0x1100...0x115f).contains(v) || v == 0x2329 || v == 0x232a
            || (0x231a...0x231b).contains(v) || (0x23e9...0x23ec).contains(v) || v == 0x23f0
            || v == 0x23f3
            || (0x25fd...0x25fe).contains(v) || (0x2614...0x2615).contains(v)
            || (0x2648...0x2653).contains(v)
            || v == 0x267f || v == 0x2693 || v == 0x26a1 || (0x26aa...0x26ab).contains(v)
            || (0x26bd...0x26be).contains(v) || (0x26c4...0x26c5).contains(v) || v == 0x26ce
            || v == 0x26d4
            || v == 0x26ea || (0x26f2...0x26f3).contains(v) || v == 0x26f5 || v == 0x26fa
            || v == 0x26fd
            || v == 0x2705 || (0x270a...0x270b).contains(v) || v == 0x2728 || v == 0x274c
            || v == 0x274e
            || (0x2753...0x2755).contains(v) || v == 0x2757 || (0x2795...0x2797).contains(v)
            || v == 0x27b0
            || v == 0x27bf || (0x2b1b...0x2b1c).contains(v) || v == 0x2b50 || v == 0x2b55
            || (0x2e80...0x303e).contains(v) || (0x3041...0x33ff).contains(v)
            || (0x3400...0x4dbf).contains(v)
            || (0x4e00...0x9fff).contains(v) || (0xa000...0xa4cf).contains(v)
            || (0xa960...0xa97f).contains(v)
            || (0xac00...0xd7a3).contains(v) || (0xf900...0xfaff).contains(v)
            || (0xfe10...0xfe19).contains(v)
            || (0xfe30...0xfe6f).contains(v) || (0xff00...0xff60).contains(v)
            || (0xffe0...0xffe6).contains(v)
            || (0x16fe0...0x16fe4).contains(v) || (0x17000...0x18cff).contains(v)
            || (0x1b000...0x1b2ff).contains(v)
            || (0x1f004 == v) || v == 0x1f0cf || v == 0x1f18e || (0x1f191...0x1f19a).contains(v)
            || (0x1f200...0x1f251).contains(v) || (0x1f300...0x1f64f).contains(v)
            || (0x1f680...0x1f6ff).contains(v)
            || (0x1f7e0...0x1f7eb).contains(v) || (0x1f90c...0x1f9ff).contains(v)
            || (0x1fa70...0x1faff).contains(v)
            || (0x20000...0x2fffd).contains(v) || (0x30000...0x3fffd).contains(v)
    }

    /// The longest prefix of `text` that fits in `cells` terminal cells. When it had to be cut
    /// and `ellipsis` is set, the last cell is an ellipsis. Reads at most `cells` characters
    /// past what fits, so a megabyte-long label costs what a short one does.
    public static func truncated(_ text: String, toWidth cells: Int, ellipsis: Bool = true)
        -> String
    {
        guard cells > 0 else { return "" }
        var result = ""
        var used = 0
        var cut = false
        for character in text {
            let w = width(of: character)
            if used + w > cells {
                cut = true
                break
            }
            result.append(character)
            used += w
        }
        guard cut else { return text }
        guard ellipsis else { return result }
        while used > cells - 1, let last = result.popLast() { used -= width(of: last) }
        return result + "…"
    }

    /// Names cut to `cells` each so that names that differ stay apart: cut at the end
    /// (`Elderber…`) where that keeps them distinct; where it does not (`Salmon River`,
    /// `Salmon Creek` → `Salm…` twice), cut in the middle (`Sa…er`, `Sa…ek`), else keep the
    /// end (`…River`). Names equal to begin with, or too long for any of these to part, stay
    /// cut at the end.
    public static func distinctlyTruncated(_ names: [String], toWidth cells: Int) -> [String] {
        let atEnd = names.map { truncated($0, toWidth: cells) }
        var cut = atEnd
        let cuts: [(String, Int) -> String] = [middleTruncated, endKept]
        for shorten in cuts {
            let clashing = clashes(names, cut)
            guard !clashing.isEmpty else { return cut }
            for i in clashing { cut[i] = shorten(names[i], cells) }
        }
        for i in clashes(names, cut) { cut[i] = atEnd[i] }
        return cut
    }

    /// The indices whose text in `cut` another, different name shares.
    static func clashes(_ names: [String], _ cut: [String]) -> [Int] {
        var owners = [String: Set<String>]()
        for (name, text) in zip(names, cut) { owners[text, default: []].insert(name) }
        return names.indices.filter { owners[cut[$0], default: []].count > 1 }
    }

    /// `text` cut in its middle to `cells` (`Sa…er`); whole when it fits.
    public static func middleTruncated(_ text: String, toWidth cells: Int) -> String {
        guard width(of: text) > cells, cells >= 3 else { return truncated(text, toWidth: cells) }
        let tailCells = (cells - 1) / 2
        let head = truncated(text, toWidth: cells - 1 - tailCells, ellipsis: false)
        return head + "…" + suffix(of: text, cells: tailCells)
    }

    /// `text` cut at its start to `cells` (`…River`); whole when it fits.
    public static func endKept(_ text: String, toWidth cells: Int) -> String {
        guard width(of: text) > cells, cells >= 2 else { return truncated(text, toWidth: cells) }
        return "…" + suffix(of: text, cells: cells - 1)
    }

    /// The last characters of `text` that fit in `cells`.
    static func suffix(of text: String, cells: Int) -> String {
        var result = ""
        var used = 0
        for character in text.reversed() {
            let w = width(of: character)
            if used + w > cells { break }
            result.insert(character, at: result.startIndex)
            used += w
        }
        return result
    }

    /// `text` (one paragraph) broken into lines of at most `cells` display cells: at
    /// `separator`s when it has them (`a · b · c`), else at spaces; lines after the first
    /// start with `indent`. A word longer than a line is cut (never overflows).
    public static func wrapped(
        _ text: String, toWidth cells: Int, indent: String = "  ", separator: String = " "
    ) -> [String] {
        guard cells > width(of: indent) + 4 else {
            return [truncated(text, toWidth: max(cells, 0))]
        }
        // Leading blanks stay on the first line.
        let lead = String(text.prefix(while: { $0 == " " }))
        let pieces = String(text.dropFirst(lead.count)).components(separatedBy: separator)
        var lines = [String]()
        var line = lead
        var fresh = true  // nothing after the line's own lead or indent yet
        for piece in pieces {
            let candidate = fresh ? line + piece : line + separator + piece
            if fresh || width(of: candidate) <= cells {
                line = candidate
            } else {
                lines.append(line)
                line = indent + piece
            }
            fresh = false
            while width(of: line) > cells {
                let head = truncated(line, toWidth: cells, ellipsis: false)
                lines.append(head)
                line = indent + String(line.dropFirst(head.count))
            }
        }
        if !fresh || !line.isEmpty { lines.append(line) }
        return lines
    }
}
