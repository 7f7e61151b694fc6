/// Guesses the field separator of a delimited file: `,`, `;` or tab.
///
/// Each candidate is counted (outside quotes) on each of the first records, comment and
/// blank lines skipped. The separator is the candidate that splits every sampled record
/// into the same number of fields, the most fields winning; when none is consistent, the
/// most frequent on the first record; `,` when nothing separates at all. Looking at several
/// records keeps a stray `;` in a header (an escape sequence, a unit like "kg;m") from
/// winning over the real separator.
enum SeparatorDetector {
    static let candidates: [UInt8] = [UInt8(ascii: ","), 9, UInt8(ascii: ";")]
    /// Records sampled.
    static let sampleRecords = 20

    static func detect(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt8 {
        let rows = counts(buffer, from: start)
        guard let first = rows.first else { return candidates[0] }
        var best: (separator: UInt8, fields: Int)?
        for (index, separator) in candidates.enumerated() {
            let perRecord = rows.map { $0[index] }
            guard perRecord[0] > 0, perRecord.allSatisfy({ $0 == perRecord[0] }) else { continue }
            if best == nil || perRecord[0] > best?.fields ?? 0 { best = (separator, perRecord[0]) }
        }
        if let best { return best.separator }
        let most = first.enumerated().max { a, b in
            a.element != b.element ? a.element < b.element : a.offset > b.offset
        }
        guard let most, most.element > 0 else { return candidates[0] }
        return candidates[most.offset]
    }

    /// For each sampled record, how often each candidate occurs outside quotes.
    private static func counts(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> [[Int]] {
        var rows = [[Int]]()
        var current = [Int](repeating: 0, count: candidates.count)
        var inQuotes = false
        var lineStart = true, skipping = false, anyContent = false
        var i = start
        func finish() {
            if anyContent && !skipping { rows.append(current) }
            current = [Int](repeating: 0, count: candidates.count)
            lineStart = true; skipping = false; anyContent = false
        }
        while i < buffer.count && rows.count < sampleRecords {
            let b = buffer[i]
            i += 1
            if lineStart {
                lineStart = false
                if b == UInt8(ascii: "#") { skipping = true }
            }
            if b == UInt8(ascii: "\"") { inQuotes.toggle() }
            if !inQuotes && (b == 10 || b == 13) {
                if b == 13 && i < buffer.count && buffer[i] == 10 { i += 1 }
                finish()
                continue
            }
            // Only records with something besides blanks and separators are sampled.
            if !inQuotes, let index = candidates.firstIndex(of: b) {
                current[index] += 1
            } else if b != 32 {
                anyContent = true
            }
        }
        if rows.count < sampleRecords { finish() }
        return rows
    }
}
