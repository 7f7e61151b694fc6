/// Escaped tab-separated rows as a statement's answer (`ClickHouseConnection.answer`, a batch
/// of its `stream`): every field's bytes in one run, as sent (a NULL is `\N`), and where each
/// ends — not an array per field, which a batch of `save csv` (10 000 rows) made 40 000 of.
/// Every row has `columns` fields.
struct TabSeparatedAnswer: StatementAnswer {
    /// The fields' bytes, one after another (no tabs between them).
    private var bytes = [UInt8]()
    /// Where each field ends in `bytes`, row after row (a field starts where the one before
    /// it ends).
    private var ends = [Int]()
    let columns: Int

    /// How the format writes NULL.
    private static let null: [UInt8] = [92, UInt8(ascii: "N")]

    init(columns: Int) {
        self.columns = columns
    }

    /// An answer as wide as `line` (a row of the format, without its newline).
    init(line: some Collection<UInt8>) {
        columns = line.reduce(1) { $1 == 9 ? $0 + 1 : $0 }
    }

    var rows: Int { columns == 0 ? 0 : ends.count / columns }

    /// Appends a row given as a line of the format (fields between tabs, no newline); one
    /// of another width fails, and leaves the answer as it was.
    mutating func append(line: some Collection<UInt8>) throws(DatabaseFailure) {
        let (byteCount, endCount) = (bytes.count, ends.count)
        for byte in line {
            if byte == 9 { ends.append(bytes.count) } else { bytes.append(byte) }
        }
        ends.append(bytes.count)
        guard ends.count - endCount == columns else {
            let found = ends.count - endCount
            bytes.removeSubrange(byteCount...)
            ends.removeSubrange(endCount...)
            throw Self.width(found)
        }
    }

    /// Forgets every row, keeping the memory for the next batch.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
    }

    private static func width(_ fields: Int) -> DatabaseFailure {
        .query("the server sent a row of \(fields) fields", offset: nil)
    }

    /// Where field (`row`, `column`) lies in `bytes`; nil outside the answer.
    private func range(_ row: Int, _ column: Int) -> Range<Int>? {
        guard row >= 0, row < rows, column >= 0, column < columns else { return nil }
        let i = row * columns + column
        return (i == 0 ? 0 : ends[i - 1])..<ends[i]
    }

    func isNull(_ row: Int, _ column: Int) -> Bool {
        guard let range = range(row, column) else { return true }
        return bytes[range].elementsEqual(Self.null)
    }

    func utf8(_ row: Int, _ column: Int) -> [UInt8] {
        guard let range = range(row, column), !isNull(row, column) else { return [] }
        return ClickHouseReader.unescaped(Array(bytes[range]))
    }

    /// Read where the bytes lie, when they hold no escape (a number's never do).
    func value(_ row: Int, _ column: Int) -> Double? {
        guard let range = range(row, column), !isNull(row, column) else { return nil }
        guard !bytes[range].contains(92) else {
            return utf8(row, column).withUnsafeBufferPointer {
                NumberParser.parse($0, 0, $0.count)
            }
        }
        return bytes.withUnsafeBufferPointer {
            NumberParser.parse($0, range.lowerBound, range.upperBound)
        }
    }
}
