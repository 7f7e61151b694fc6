/// A cursor over delimited bytes that yields one record at a time.
///
/// Fields are byte ranges into the buffer; quoted fields keep their quotes until `text(of:)`
/// unescapes them. Positions are byte offsets; `recordLine` is the 1-based line on which the
/// last record started.
struct FieldScanner {
    struct Field {
        var start: Int
        var end: Int
        var quoted: Bool
    }

    let buffer: UnsafeBufferPointer<UInt8>
    let separator: UInt8
    private(set) var position: Int
    private(set) var line = 1
    private(set) var recordLine = 1

    init(buffer: UnsafeBufferPointer<UInt8>, separator: UInt8, position: Int) {
        self.buffer = buffer
        self.separator = separator
        self.position = position
    }

    private static let quote = UInt8(ascii: "\"")

    /// Where a record starts, to come back to.
    struct Mark { var position: Int; var line: Int }
    var mark: Mark { Mark(position: position, line: line) }
    mutating func seek(_ mark: Mark) { position = mark.position; line = mark.line }

    /// The next non-blank record's fields, or nil at the end.
    mutating func nextRecord() throws(DataError) -> [Field]? {
        var fields = [Field]()
        while position < buffer.count {
            fields.removeAll(keepingCapacity: true)
            recordLine = line
            var atEnd = false
            while !atEnd {
                let field = try nextField(&atEnd)
                fields.append(field)
            }
            if fields.count == 1 && fields[0].start == fields[0].end && !fields[0].quoted { continue } // blank line
            return fields
        }
        return nil
    }

    /// Parses the next record straight into numeric columns. Returns the number of fields,
    /// or nil at the end. Cells beyond `width` are not stored (the caller reports them).
    mutating func nextRecord(into columns: inout [[Double]], present: inout [Int], failures: inout [Int],
                             width: Int) throws(DataError) -> Int? {
        while position < buffer.count {
            recordLine = line
            var atEnd = false
            var count = 0
            var blank = false
            while !atEnd {
                let field = try nextField(&atEnd)
                if count == 0 && atEnd && field.start == field.end && !field.quoted { blank = true; break }
                if count < width {
                    var s = field.start, e = field.end
                    if field.quoted { s += 1; e -= 1 }
                    while s < e && (buffer[s] == 32 || buffer[s] == 9) { s += 1 }
                    while e > s && (buffer[e - 1] == 32 || buffer[e - 1] == 9) { e -= 1 }
                    if s == e {
                        columns[count].append(.nan)
                    } else if let value = NumberParser.parse(buffer, s, e) {
                        columns[count].append(value)
                        present[count] += 1
                    } else {
                        columns[count].append(.nan)
                        present[count] += 1
                        failures[count] += 1
                    }
                }
                count += 1
            }
            if blank { continue }
            // Short rows: the missing cells are missing values.
            if count < width { for c in count..<width { columns[c].append(.nan) } }
            return count
        }
        return nil
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
                    if position + 1 < buffer.count && buffer[position + 1] == Self.quote { position += 2; continue }
                    position += 1
                    break
                }
                if b == 10 { line += 1 }
                position += 1
            }
            let end = position
            // Anything between the closing quote and the separator is kept as text.
            while position < buffer.count, buffer[position] != separator, buffer[position] != 10, buffer[position] != 13 {
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
        finishField(&atEnd)
        return Field(start: start, end: end, quoted: false)
    }

    private mutating func finishField(_ atEnd: inout Bool) {
        guard position < buffer.count else { atEnd = true; return }
        let b = buffer[position]
        if b == separator { position += 1; return }
        if b == 13 { position += 1; if position < buffer.count && buffer[position] == 10 { position += 1 } }
        else if b == 10 { position += 1 }
        line += 1
        atEnd = true
    }

    /// The field's text, unquoted and unescaped.
    func text(of field: Field) -> String {
        var s = field.start, e = field.end
        if field.quoted {
            s += 1; e -= 1
            let raw = String(decoding: UnsafeBufferPointer(rebasing: buffer[s..<max(s, e)]), as: UTF8.self)
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
