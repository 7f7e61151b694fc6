import ChartbookModel

/// One result column of a database query as its rows arrive: numbers in place (NaN for null,
/// missing and text cells), the text of the cells that are not numbers kept aside only once
/// one appears. The SQLite and PostgreSQL readers share it, so a cell reads the same from
/// either engine (and as `ValueTable` then types it).
struct ColumnAccumulator {
    var numbers = [Double]()
    /// Text of the cells that are not numbers, row for row; nil until the first one.
    var texts: [String?]?
    /// Cells that hold something (not null, not a missing-value word).
    var present = 0
    /// Present cells that are not numbers.
    var strings = 0
    /// The engine typed the column as points in time (`numbers` are seconds since the epoch).
    var isTime = false
    /// Bytes the column holds: 8 a row for its numbers, and once text appears 16 a row for
    /// the text slots plus every kept text's own bytes (what the memory budget counts).
    private(set) var bytes = 0

    /// Bytes a row of `numbers` and of `texts` costs beside the text itself.
    static let numberBytes = 8, textSlotBytes = 16
    /// The most a row adds beside its text's own bytes.
    static let rowBytes = numberBytes + textSlotBytes

    /// Admits row `row` (1-based) of a result before its cells are kept: every byte kept
    /// counts against the budget, text too — what the columns hold (`held(c)`) plus the
    /// row's cells (`length(c)` bytes each, and a row's slots). A cell over the field limit
    /// is refused like a CSV field. The one check of the SQLite and PostgreSQL readers;
    /// returns the row's cell bytes.
    @discardableResult
    static func admit(
        row: Int, columns: Int, length: (Int) -> Int, held: (Int) -> Int,
        name: (Int) -> String, limits: ResourceLimits
    ) throws(DataError) -> Int {
        var needed = 0, cells = 0
        for c in 0..<columns {
            let bytes = length(c)
            cells += bytes
            guard bytes <= limits.maxFieldBytes else {
                throw .cellTooLong(row: row, column: name(c), limit: limits.maxFieldBytes)
            }
            needed += held(c) + bytes + rowBytes
        }
        guard limits.fits(needed, of: 1) else {
            throw .overBudget(needed: needed, budget: limits.memoryBudget)
        }
        return cells
    }

    /// A cell the engine typed as a number.
    @inline(__always)
    mutating func add(number: Double) {
        present += 1
        numbers.append(number)
        bytes += Self.numberBytes + (texts == nil ? 0 : Self.textSlotBytes)
    }

    /// A cell the engine typed as a number, from its text: a number it cannot be, as NaN and
    /// infinities are written by the engines, is missing — not a value a chart can place.
    mutating func add(numberText bytes: UnsafeBufferPointer<UInt8>) {
        if let value = NumberParser.parse(bytes, 0, bytes.count) {
            add(number: value)
        } else {
            addMissing()
        }
    }

    /// A cell the engine typed as a time or a date, written `YYYY-MM-DD[ hh:mm:ss[.f][±zz]]`
    /// (as PostgreSQL and ClickHouse write them); one that is not (ClickHouse's zero date
    /// `0000-00-00`, PostgreSQL's `infinity`) is missing.
    mutating func add(timeText bytes: UnsafeBufferPointer<UInt8>) {
        if let parsed = PostgresTimeText.parse(bytes) {
            add(number: parsed.seconds)
        } else {
            addMissing()
        }
    }

    /// A null cell.
    @inline(__always)
    mutating func addMissing() {
        numbers.append(.nan)
        bytes += Self.numberBytes + (texts == nil ? 0 : Self.textSlotBytes)
    }

    /// A cell as text: blanks around it are ignored, a missing-value word (`NA`, `null` …) is
    /// missing, text that reads as a number is that number, and other text is kept.
    mutating func add(text bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0, end = bytes.count
        while start < end, bytes[start] == 32 { start += 1 }
        while end > start, bytes[end - 1] == 32 { end -= 1 }
        if start == end || MissingValue.isMissing(bytes, start, end) {
            addMissing()
        } else if let value = NumberParser.parse(bytes, start, end) {
            // As a CSV cell reads (`Cell`): an infinity is missing.
            if value.isInfinite { addMissing() } else { add(number: value) }
        } else {
            present += 1
            strings += 1
            let row = numbers.count
            numbers.append(.nan)
            if texts == nil {
                texts = [String?](repeating: nil, count: row)
                self.bytes += row * Self.textSlotBytes
            }
            while (texts?.count ?? 0) < row { texts?.append(nil) }
            texts?.append(String(decoding: bytes, as: UTF8.self))
            self.bytes += Self.numberBytes + Self.textSlotBytes + bytes.count
        }
    }

    /// The cell at `row` as text (numbers in their shortest form, missing as empty).
    func text(at row: Int) -> String {
        if let texts, row < texts.count, let text = texts[row] { return text }
        return numbers[row].isNaN ? "" : NumberText.shortest(numbers[row])
    }

    /// The column as `ValueTable` reads it, under `name`; wall-clock times (a column of
    /// `wallClock` ones) placed in `zone` first.
    func read(named name: String, wallClock: Bool, zone: TimeZoneSetting) -> ValueTable.Read {
        var placed = self
        if wallClock { zone.utc(fromWall: &placed.numbers) }
        return placed.read(named: name)
    }

    /// The column as `ValueTable` reads it, under `name`.
    func read(named name: String) -> ValueTable.Read {
        ValueTable.Read(
            name: name, numbers: numbers, present: present, strings: strings, text: text(at:),
            isTime: isTime)
    }
}
