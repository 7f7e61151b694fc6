import ChartbookModel

/// A cursor over delimited bytes that yields one record at a time.
///
/// Fields are byte ranges into the buffer; quoted fields keep their quotes until `text(of:)`
/// unescapes them. Positions are byte offsets; `recordLine` is the 1-based line on which the
/// last record started. Lines whose first byte is `#` are comments, and lines of nothing but
/// blanks are blank: both are skipped. Fields, records and their count are held to `limits`.
struct FieldScanner {
    struct Field {
        var start: Int
        var end: Int
        var quoted: Bool
    }

    let buffer: UnsafeBufferPointer<UInt8>
    let separator: UInt8
    let limits: ResourceLimits
    private(set) var position: Int
    private(set) var line = 1
    private(set) var recordLine = 1
    /// Where the current record started (for the line-length limit).
    private var recordStart = 0

    init(
        buffer: UnsafeBufferPointer<UInt8>, separator: UInt8, position: Int,
        limits: ResourceLimits = ResourceLimits()
    ) {
        self.buffer = buffer
        self.separator = separator
        self.position = position
        self.limits = limits
    }

    private static let quote = UInt8(ascii: "\"")

    /// Where a record starts, to come back to.
    struct Mark { var position: Int; var line: Int }
    var mark: Mark { Mark(position: position, line: line) }
    mutating func seek(_ mark: Mark) { position = mark.position; line = mark.line }

    /// Where a `#` line is the header rather than a comment: this position (the file's first
    /// line, when it splits like the line after it — `#,Name,Type` — see `DelimitedReader`).
    var headerWithHash: Int?

    /// Whether the line at `position` starts with `#`.
    var atHashLine: Bool { position < buffer.count && buffer[position] == UInt8(ascii: "#") }

    /// Skips comment lines and blank lines; true when a record starts at `position`.
    private mutating func skipToRecord() -> Bool {
        guard let base = buffer.baseAddress else { return false }
        let blank = SkippableLine.blank(for: separator)
        while position < buffer.count {
            guard
                let next = SkippableLine.next(
                    after: position, in: base, end: buffer.count, blank: blank,
                    commentAllowed: position != headerWithHash)
            else { return true }
            position = next
            line += 1
        }
        return false
    }

    /// Starts a record: its line, and where it began for the length limit.
    private mutating func beginRecord() {
        recordLine = line
        recordStart = position
    }

    /// The next record's fields, or nil at the end.
    mutating func nextRecord() throws(DataError) -> [Field]? {
        var fields = [Field]()
        return try nextRecord(into: &fields) ? fields : nil
    }

    /// The next record's fields in `fields` (emptied first, its storage kept: a pass over
    /// millions of records makes no array per record); false at the end.
    mutating func nextRecord(into fields: inout [Field]) throws(DataError) -> Bool {
        guard skipToRecord() else { return false }
        beginRecord()
        fields.removeAll(keepingCapacity: true)
        var atEnd = false
        while !atEnd {
            fields.append(try nextField(&atEnd))
            if fields.count > limits.maxColumns {
                throw .tooManyColumns(line: recordLine, limit: limits.maxColumns)
            }
        }
        return true
    }

    /// Per-column tallies of one read: cells present (not blank, not missing); of those the
    /// ones that are not numbers (`failures`), the times among them, and the times that name
    /// their zone.
    struct Tally {
        var present: [Int]
        var failures: [Int]
        var times: [Int]
        var zoned: [Int]
        /// Failures that tell a decimal comma or points grouping thousands
        /// (`GroupedNumber.tellsComma`: `13.100.000`).
        var commaTold: [Int]
        init(width: Int) {
            present = Array(repeating: 0, count: width)
            failures = present
            times = present
            zoned = present
            commaTold = present
        }

        mutating func add(_ other: Tally) {
            for c in present.indices {
                present[c] += other.present[c]
                failures[c] += other.failures[c]
                times[c] += other.times[c]
                zoned[c] += other.zoned[c]
                commaTold[c] += other.commaTold[c]
            }
        }

        /// Adds `weight` cells of column `c` that read as `facts`.
        mutating func add(_ facts: CellFacts, weight: Int, column c: Int) {
            if facts.contains(.present) { present[c] += weight }
            if facts.contains(.failure) { failures[c] += weight }
            if facts.contains(.time) { times[c] += weight }
            if facts.contains(.zoned) { zoned[c] += weight }
            if facts.contains(.commaTold) { commaTold[c] += weight }
        }

        /// Whether column `c` holds times: most of its cells are dates.
        func isTime(_ c: Int) -> Bool { times[c] > 0 && times[c] * 2 > present[c] }
        /// Whether column `c` is text: most of its cells are neither numbers nor times.
        func isText(_ c: Int) -> Bool {
            present[c] > 0 && !isTime(c) && failures[c] * 2 > present[c]
        }
        /// Whether column `c` mixes numbers and times (its values must be read again by cell).
        func isMixed(_ c: Int) -> Bool { times[c] > 0 && present[c] - failures[c] > 0 }
    }

    /// Parses the next record straight into numeric columns. Returns the number of fields,
    /// or nil at the end. Cells beyond `width` are not stored (the caller reports them).
    mutating func nextRecord(into columns: inout [[Double]], tally: inout Tally, width: Int)
        throws(DataError) -> Int?
    {
        guard skipToRecord() else { return nil }
        beginRecord()
        var atEnd = false
        var count = 0
        while !atEnd {
            let field = try nextField(&atEnd)
            if count < width {
                let (s, e) = trimmed(field)
                switch Cell.classify(buffer, s, e) {
                case .blank, .missing: columns[count].append(.nan)
                case .number(let value):
                    columns[count].append(value)
                    tally.present[count] += 1
                case .time(let seconds, let zoned):
                    columns[count].append(seconds)
                    tally.present[count] += 1
                    tally.failures[count] += 1
                    tally.times[count] += 1
                    if zoned { tally.zoned[count] += 1 }
                case .text:
                    columns[count].append(.nan)
                    tally.present[count] += 1
                    tally.failures[count] += 1
                    if let base = buffer.baseAddress, GroupedNumber.tellsComma(base, from: s, to: e)
                    {
                        tally.commaTold[count] += 1
                    }
                }
            }
            count += 1
        }
        // Short rows: the missing cells are missing values.
        if count < width { for c in count..<width { columns[c].append(.nan) } }
        return count
    }

    /// The field's content without quotes and surrounding blanks.
    func trimmed(_ field: Field) -> (Int, Int) {
        var s = field.start, e = field.end
        if field.quoted { s += 1; e -= 1 }
        while s < e && (buffer[s] == 32 || buffer[s] == 9) { s += 1 }
        while e > s && (buffer[e - 1] == 32 || buffer[e - 1] == 9) { e -= 1 }
        return (s, e)
    }

    /// Reads one field; sets `atEnd` when the record ends after it (newline or end of input).
    private mutating func nextField(_ atEnd: inout Bool) throws(DataError) -> Field {
        let start = position
        if position < buffer.count && buffer[position] == Self.quote {
            position += 1
            while true {
                guard position < buffer.count else { throw .unterminatedQuote(line: recordLine) }
                let b = buffer[position]
                if b == Self.quote {
                    if position + 1 < buffer.count && buffer[position + 1] == Self.quote {
                        position += 2; continue
                    }
                    position += 1
                    break
                }
                if b == 10 { line += 1 }
                position += 1
            }
            let end = position
            try checkLength(start, end)
            // Anything between the closing quote and the separator is kept as text.
            while position < buffer.count, buffer[position] != separator, buffer[position] != 10,
                buffer[position] != 13
            {
                position += 1
            }
            finishField(&atEnd)
            return Field(start: start, end: end, quoted: true)
        }
        while position < buffer.count {
            let b = buffer[position]
            if b == separator || b == 10 || b == 13 { break }
            position += 1
        }
        let end = position
        try checkLength(start, end)
        finishField(&atEnd)
        return Field(start: start, end: end, quoted: false)
    }

    private func checkLength(_ start: Int, _ end: Int) throws(DataError) {
        if end - start > limits.maxFieldBytes {
            throw .fieldTooLong(line: recordLine, limit: limits.maxFieldBytes)
        }
        if end - recordStart > limits.maxLineBytes {
            throw .lineTooLong(line: recordLine, limit: limits.maxLineBytes)
        }
    }

    private mutating func finishField(_ atEnd: inout Bool) {
        guard position < buffer.count else { atEnd = true; return }
        let b = buffer[position]
        if b == separator { position += 1; return }
        if b == 13 {
            position += 1; if position < buffer.count && buffer[position] == 10 { position += 1 }
        } else if b == 10 {
            position += 1
        }
        line += 1
        atEnd = true
    }

    /// The field's text, unquoted and unescaped.
    func text(of field: Field) -> String {
        var s = field.start, e = field.end
        if field.quoted {
            s += 1; e -= 1
            let raw = String(
                decoding: UnsafeBufferPointer(rebasing: buffer[s..<max(s, e)]), as: UTF8.self)
            return raw.replacingQuotes()
        }
        return String(decoding: UnsafeBufferPointer(rebasing: buffer[s..<e]), as: UTF8.self)
    }
}

private extension String {
    func replacingQuotes() -> String {
        guard contains("\"\"") else { return self }
        var result = ""
        var previousQuote = false
        for c in self {
            if c == "\"" && previousQuote { previousQuote = false; continue }
            previousQuote = c == "\""
            result.append(c)
        }
        return result
    }
}
