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
    static func isMissing(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        let length = end - start
        guard length >= 1, length <= 7 else { return false }
        var lower = [UInt8]()
        lower.reserveCapacity(length)
        for i in start..<end {
            let b = bytes[i]
            lower.append(b >= 65 && b <= 90 ? b | 0x20 : b)
        }
        return words.contains(String(decoding: lower, as: UTF8.self))
    }

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
