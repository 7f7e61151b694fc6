/// The words data files use for "no value here". A cell holding one (case-insensitive,
/// surrounding blanks ignored) is a missing value — NaN, like an empty cell — not text, so
/// a numeric column with `NA` cells stays numeric. The one list every reader consults.
public enum MissingValue {
    /// In lower case. `nan` is parsed as a number (NaN), which is missing too.
    public static let words: Set<String> = [
        "na", "n/a", "#n/a", "#na", "null", "none", "nil", "-", ".", "?", "missing",
    ]

    /// The first bytes of `words` (lower case): a cell starting otherwise is not one.
    static let leads = Set(words.compactMap(\.utf8.first))

    /// Whether `bytes[start..<end]` (blanks already trimmed) is one of `words`.
    /// Compared byte by byte, ASCII letters folded, nothing allocated: every text cell of a
    /// long-format file's `host` column is asked (issue 53: an array and a string made and
    /// hashed per cell were a tenth of reading it).
    static func isMissing(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let length = end - start
        guard length >= 1, length <= 7 else { return false }
        for word in wordBytes where word.count == length {
            var i = 0
            while i < length {
                let b = bytes[start + i]
                guard (b >= 65 && b <= 90 ? b | 0x20 : b) == word[i] else { break }
                i += 1
            }
            if i == length { return true }
        }
        return false
    }

    /// `words` as bytes.
    static let wordBytes: [[UInt8]] = words.map { Array($0.utf8) }

    /// Whether `cell` is blank or one of `words`, blanks around it ignored; most text is
    /// passed by on its first letter (`leads`).
    static func isBlankOrMissing(_ cell: String) -> Bool {
        var cell = cell
        return cell.withUTF8 { bytes in
            var start = 0, end = bytes.count
            while start < end, bytes[start] == 32 || bytes[start] == 9 { start += 1 }
            while end > start, bytes[end - 1] == 32 || bytes[end - 1] == 9 { end -= 1 }
            return start == end
                || (leads.contains(bytes[start] | 0x20) && isMissing(bytes, start, end))
        }
    }

    /// `isMissing` for text.
    public static func isMissing(_ text: String) -> Bool {
        words.contains(text.trimmingSpaces.lowercased())
    }
}
