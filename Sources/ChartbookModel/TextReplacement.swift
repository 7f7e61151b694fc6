/// Literal replacement on UTF-8 bytes — `replace(text, "from", "to")` of a `let` expression,
/// and the passwords taken out of a diagnostic's message: every occurrence of
/// `from`, left to right and not overlapping, written as `to`. A match of valid UTF-8 in
/// valid UTF-8 starts and ends between scalars, so this is a literal replacement of Unicode
/// scalars (as SQL's `REPLACE`), with no canonical equivalence: `é` is not `e` + U+0301.
/// Counting first (`occurrences`) sizes the result before it is made (the memory budget).
public enum TextReplacement {
    /// How many times `pattern` (not empty) occurs in `text`, not overlapping.
    public static func occurrences(of pattern: [UInt8], in text: String) -> Int {
        var text = text
        return text.withUTF8 { bytes in
            var count = 0
            scan(pattern, in: bytes) { _ in count += 1 }
            return count
        }
    }

    /// `text` with every occurrence of `pattern` (not empty) written as `replacement` (the
    /// text itself, not a copy, where there is none).
    public static func replacing(_ pattern: [UInt8], with replacement: [UInt8], in text: String)
        -> String
    {
        var text = text
        return text.withUTF8 { bytes in
            var out = [UInt8]()
            var copied = 0
            scan(pattern, in: bytes) { at in
                if copied == 0 { out.reserveCapacity(bytes.count) }
                out += bytes[copied..<at]
                out += replacement
                copied = at + pattern.count
            }
            guard copied > 0 else { return nil }
            out += bytes[copied...]
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }

    /// Calls `found` with the byte offset of each occurrence, left to right, not overlapping.
    private static func scan(
        _ pattern: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, _ found: (Int) -> Void
    ) {
        guard let first = pattern.first, pattern.count <= bytes.count else { return }
        var i = 0
        let last = bytes.count - pattern.count
        while i <= last {
            if bytes[i] == first && pattern.indices.allSatisfy({ bytes[i + $0] == pattern[$0] }) {
                found(i)
                i += pattern.count
            } else {
                i += 1
            }
        }
    }

    /// `text` with every occurrence of `pattern` written as `replacement` (`text` itself
    /// where `pattern` is empty).
    public static func replacing(_ pattern: String, with replacement: String, in text: String)
        -> String
    {
        pattern.isEmpty
            ? text : replacing(Array(pattern.utf8), with: Array(replacement.utf8), in: text)
    }
}
