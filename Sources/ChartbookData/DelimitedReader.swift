import ChartbookModel

/// Reads CSV/TSV bytes (RFC 4180: quoted fields with `""` escapes and embedded newlines,
/// CRLF or LF, optional UTF-8 BOM, no trailing newline needed) into a dataset's columns.
///
/// One scan parses every numeric cell straight from the bytes into `[Double]`
/// (see `NumberParser`); only columns that turn out to be text are read again as strings.
public struct DelimitedReader: Sendable {
    public var options: LoadOptions
    public var limits: ResourceLimits
    /// Off only to compare the fast path with the general one (tests and the fuzzer's
    /// differential check): both must read every input the same.
    public var useFastPath = true
    /// The zone times written without one are in (`set timezone`).
    public var timeZone = TimeZoneSetting.utc

    public init(options: LoadOptions = LoadOptions(), limits: ResourceLimits = ResourceLimits()) {
        self.options = options
        self.limits = limits
    }

    /// The columns and labels read from `bytes`.
    public struct Table: Equatable, Sendable {
        public var columns: [Column]
        public var labels: [String]?

        public init(columns: [Column], labels: [String]?) {
            self.columns = columns
            self.labels = labels
        }
    }

    /// - Parameter shouldCancel: polled every 64Ki records; when it answers true the read
    ///   stops with `DataError.cancelled`.
    public func read(_ bytes: [UInt8], shouldCancel: () -> Bool = { false }) throws(DataError)
        -> Table
    {
        try bytes.withUnsafeBufferPointer { buffer throws(DataError) in
            try read(buffer, shouldCancel: shouldCancel)
        }
    }

    /// - Parameters:
    ///   - parallel: use both cores for large inputs.
    ///   - release: told which byte ranges were consumed, so a file mapping can drop them.
    ///   - progress: the fraction read so far (0...1), possibly from several threads.
    public func read(
        _ buffer: UnsafeBufferPointer<UInt8>, shouldCancel: () -> Bool = { false },
        parallel: Bool = true,
        release: (Int, Int) -> Void = { _, _ in },
        progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) throws(DataError) -> Table {
        switch try TextEncoding.detect(buffer) {
        case .utf8(let bom):
            return try readUTF8(
                buffer, from: bom, shouldCancel: shouldCancel, parallel: parallel, release: release,
                progress: progress)
        case .utf16(let bigEndian):
            let utf8 = try TextEncoding.utf16ToUTF8(
                buffer, bigEndian: bigEndian, budget: limits.memoryBudget)
            return try utf8.withUnsafeBufferPointer { converted throws(DataError) in
                try readUTF8(
                    converted, from: 0, shouldCancel: shouldCancel, parallel: parallel,
                    release: { _, _ in },
                    progress: progress)
            }
        }
    }

    /// Where a file's records start and what its columns are called.
    struct Heading {
        var separator: UInt8
        var names: [String]
        /// The first record.
        var body: FieldScanner.Mark
        /// Where a `#` line that is the header starts (see `hashHeader`).
        var headerWithHash: Int?

        func scanner(_ buffer: UnsafeBufferPointer<UInt8>, limits: ResourceLimits)
            -> FieldScanner
        {
            var scanner = FieldScanner(
                buffer: buffer, separator: separator, position: body.position, limits: limits)
            scanner.headerWithHash = headerWithHash
            scanner.seek(body)
            return scanner
        }
    }

    /// The separator, the header (or names `c1`, `c2` … when there is none) and where the
    /// records start, from the first two records at `start`.
    func heading(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) throws(DataError)
        -> Heading
    {
        let separator: UInt8
        switch options.separator {
        case .character(let c): separator = c
        case .auto: separator = SeparatorDetector.detect(buffer, from: start)
        }
        var scanner = FieldScanner(
            buffer: buffer, separator: separator, position: start, limits: limits)
        // A `#` first line that splits like the next is the header — always, since every
        // other reading of the file (the fast path) takes `#` lines as comments. With
        // header=no it is a comment like any other.
        if options.header != .no {
            scanner.headerWithHash = try Self.hashHeader(
                buffer, separator: separator, from: start, limits: limits)
        }

        // First record: header or data.
        guard let firstRecord = try scanner.nextRecord() else { throw .empty }
        let firstMark = FieldScanner.Mark(position: start, line: 1)
        let firstCells = firstRecord.map { scanner.text(of: $0) }
        let secondMark = scanner.mark
        let secondRecord = try scanner.nextRecord()
        let hasHeader: Bool
        switch options.header {
        case .yes: hasHeader = true
        case .no: hasHeader = false
        case .auto:
            hasHeader =
                scanner.headerWithHash != nil
                || Self.looksLikeHeader(
                    firstCells, next: secondRecord.map { $0.map { scanner.text(of: $0) } })
        }
        let width = firstCells.count
        let names: [String] =
            hasHeader
            ? Self.uniqueNames(
                firstCells.enumerated().map {
                    $0.element.isEmpty ? "c\($0.offset + 1)" : $0.element
                })
            : (1...max(width, 1)).map { "c\($0)" }
        if hasHeader && secondRecord == nil { throw .empty }
        return Heading(
            separator: separator, names: names, body: hasHeader ? secondMark : firstMark,
            headerWithHash: scanner.headerWithHash)
    }

    private func readUTF8(
        _ buffer: UnsafeBufferPointer<UInt8>, from start: Int, shouldCancel: () -> Bool,
        parallel: Bool,
        release: (Int, Int) -> Void,
        progress: @escaping @Sendable (Double) -> Void
    ) throws(DataError) -> Table {
        let heading = try heading(buffer, from: start)
        let names = heading.names
        let width = names.count
        var numbers = try readNumbers(
            buffer, body: heading.body, separator: heading.separator, width: width,
            shouldCancel: shouldCancel, parallel: parallel, release: release, progress: progress)
        var labelIndex: Int?
        if let labelName = options.labelColumn {
            guard let index = Column.index(of: labelName, in: names) else {
                throw .unknownLabelColumn(labelName, available: names)
            }
            labelIndex = index
        }
        var scanner = heading.scanner(buffer, limits: limits)
        let fields = Array(0..<width)
        let read = try columns(
            fields, numbers: &numbers.columns, tally: numbers.tally, names: names,
            scanner: &scanner, body: heading.body, textsToo: Set(labelIndex.map { [$0] } ?? []),
            shouldCancel: shouldCancel, release: release)
        var columns = [Column]()
        var labels: [String]?
        for c in fields {
            if c == labelIndex { labels = read.texts[c]?.strings; continue }
            columns.append(read.columns[c])
        }
        if columns.isEmpty, let name = options.labelColumn { throw .onlyLabels(name) }
        return Table(columns: columns, labels: labels)
    }

    /// `fields` (ascending) as columns, from their numbers and tally of pass 1: text columns
    /// (most non-empty cells are neither numbers nor times) and columns that mix numbers and
    /// times are read again, as text, by pass 2 — with the fields of `textsToo`; the texts
    /// read are returned beside the columns, by field.
    func columns(
        _ fields: [Int], numbers: inout [[Double]], tally: FieldScanner.Tally, names: [String],
        scanner: inout FieldScanner, body: FieldScanner.Mark, textsToo: Set<Int>,
        shouldCancel: () -> Bool, release: (Int, Int) -> Void = { _, _ in }
    ) throws(DataError) -> (columns: [Column], texts: [Int: TextCells]) {
        let first = Rereading(
            tally: tally, options: options, separator: scanner.separator, zone: timeZone,
            patterned: patternedColumn(names))
        // A field pass 1 stepped over (`FastNumericParser.tallied`) has no numbers: it is read
        // as text and tallied then, and cell by cell should it not be text after all.
        let unstored = Set(fields.indices.filter { numbers[$0].isEmpty }.map { fields[$0] })
        let rows = numbers.map(\.count).max() ?? 0
        let textColumns = Set(fields.filter(first.readsText)).union(textsToo).union(
            rows > 0 ? unstored : [])
        // A text column's numbers of pass 1 (all missing, mostly) are let go before its
        // texts are read: only its texts make it (`Rereading.column(_:named:text:)`).
        let alreadyUsed = rows * numbers.count * MemoryLayout<Double>.stride
        for (k, c) in fields.enumerated() where first.marked(c) && c != first.patterned {
            numbers[k] = []
        }
        var full = tally
        let texts = try readTexts(
            of: textColumns, tallying: rows > 0 ? unstored : [], into: &full, scanner: &scanner,
            body: body, rows: rows, alreadyUsed: alreadyUsed, shouldCancel: shouldCancel,
            release: release)
        let again = Rereading(
            tally: full, options: options, separator: scanner.separator, zone: timeZone,
            patterned: patternedColumn(names))
        var columns = [Column]()
        for (k, c) in fields.enumerated() {
            if let text = texts[c], let column = again.column(c, named: names[c], text: text) {
                columns.append(column)
            } else {
                columns.append(
                    again.column(
                        c, named: names[c], numbers: numbers[k], texts[c],
                        cellByCell: rows > 0 && unstored.contains(c)))
            }
        }
        return (columns, texts)
    }

    /// The field of the x column whose cells a `time=` pattern reads (`load … x=C time=%d…`).
    func patternedColumn(_ names: [String]) -> Int? {
        guard case .format? = options.time, let x = options.xColumn else { return nil }
        return Column.index(of: x, in: names)
    }

    /// Pass 1: numbers for the columns of `fields` (ascending; nil: every column) — the fast
    /// path for unquoted numeric data, else the general scanner (which also reports ragged
    /// rows with their line).
    /// `layout`: the records as a scan counted them (the fast path then skips its line count).
    func readNumbers(
        _ buffer: UnsafeBufferPointer<UInt8>, body: FieldScanner.Mark, separator: UInt8, width: Int,
        fields: [Int]? = nil, tallied: Set<Int> = [], layout: RecordLayout? = nil,
        shouldCancel: () -> Bool, parallel: Bool, release: (Int, Int) -> Void,
        progress: @escaping @Sendable (Double) -> Void
    ) throws(DataError)
        -> (columns: [[Double]], tally: FieldScanner.Tally)
    {
        let outcome = withoutActuallyEscaping(shouldCancel) { cancel in
            withoutActuallyEscaping(release) { release in
                var fast = FastNumericParser(
                    separator: separator, width: width, budget: limits.memoryBudget,
                    shouldCancel: cancel, release: release)
                fast.progress = progress
                fast.fields = fields
                fast.tallied = tallied
                fast.layout = layout
                guard useFastPath, let base = buffer.baseAddress else {
                    return FastNumericParser.Outcome.fallback
                }
                return fast.parse(base, start: body.position, end: buffer.count, parallel: parallel)
            }
        }
        switch outcome {
        case .cancelled: throw .cancelled
        case .overBudget(let needed): throw .overBudget(needed: needed, budget: limits.memoryBudget)
        case .parsed(let result): return (result.columns, result.tally)
        case .fallback: break
        }
        let all = try readAllNumbers(
            buffer, body: body, separator: separator, width: width, shouldCancel: shouldCancel,
            progress: progress)
        guard let fields else { return all }
        return (fields.map { all.columns[$0] }, all.tally)
    }

    /// Pass 1 by the general scanner: numbers for every column.
    private func readAllNumbers(
        _ buffer: UnsafeBufferPointer<UInt8>, body: FieldScanner.Mark, separator: UInt8, width: Int,
        shouldCancel: () -> Bool, progress: @escaping @Sendable (Double) -> Void
    ) throws(DataError) -> (columns: [[Double]], tally: FieldScanner.Tally) {
        var scanner = FieldScanner(
            buffer: buffer, separator: separator, position: body.position, limits: limits)
        scanner.seek(body)
        var numbers = Array(repeating: [Double](), count: width)
        var tally = FieldScanner.Tally(width: width)
        let bytesPerRow = max(width, 1) * MemoryLayout<Double>.stride
        let rowBudget = limits.memoryBudget / bytesPerRow
        let estimate = min(buffer.count / max(1, body.position + 1), rowBudget, 1 << 24)
        for c in 0..<width { numbers[c].reserveCapacity(estimate) }
        var records = 0
        while let record = try scanner.nextRecord(into: &numbers, tally: &tally, width: width) {
            records &+= 1
            if records & 0xffff == 0 {
                if shouldCancel() { throw .cancelled }
                progress(Double(scanner.position) / Double(max(buffer.count, 1)))
            }
            if records > rowBudget {
                throw .overBudget(needed: records * bytesPerRow, budget: limits.memoryBudget)
            }
            if record > width {
                throw .raggedRow(line: scanner.recordLine, fields: record, expected: width)
            }
        }
        return (numbers, tally)
    }

    /// The cells of a column read one by one, as the kind it was judged to be (every cell of
    /// the other kind is missing); times without a zone are read in `zone`.
    /// Coded cells are read once per distinct text.
    static func values(of cells: TextCells, asTimes: Bool, zone: TimeZoneSetting) -> [Double] {
        guard let (names, codes) = cells.coded else {
            return values(of: cells.strings, asTimes: asTimes, zone: zone)
        }
        let read = values(of: names, asTimes: asTimes, zone: zone)
        return codes.map { read[Int($0)] }
    }

    static func values(of cells: [String], asTimes: Bool, zone: TimeZoneSetting) -> [Double] {
        cells.map { cell in
            var bytes = Array(cell.utf8)
            let kind = bytes.withUnsafeMutableBufferPointer { b in
                Cell.classify(UnsafeBufferPointer(b), 0, b.count)
            }
            switch kind {
            case .number(let v) where !asTimes: return v
            case .time(let seconds, let zoned) where asTimes:
                return zoned ? seconds : seconds - Double(zone.offset(atWall: seconds))
            default: return .nan
            }
        }
    }

    /// `start` when the first line begins with `#` but is a header, not a comment: it has
    /// two or more fields and as many as the next record (`#,Name,Type 1` over
    /// `1,Bulbasaur,Grass`; but `# exported 2024` over `t,v` is a comment).
    static func hashHeader(
        _ buffer: UnsafeBufferPointer<UInt8>, separator: UInt8, from start: Int,
        limits: ResourceLimits
    ) throws(DataError) -> Int? {
        var probe = FieldScanner(
            buffer: buffer, separator: separator, position: start, limits: limits)
        guard probe.atHashLine else { return nil }
        probe.headerWithHash = start
        guard let first = try probe.nextRecord(), first.count >= 2 else { return nil }
        return try probe.nextRecord()?.count == first.count ? start : nil
    }

    /// A header when some cell of the first row is non-empty text, and, if a second row
    /// exists, that column holds a number there (or every first-row cell is text).
    static func looksLikeHeader(_ first: [String], next: [String]?) -> Bool {
        let isNumber = { (s: String) in NumberParser.parse(s.trimmingSpaces) != nil }
        let textColumns = first.indices.filter {
            !first[$0].trimmingSpaces.isEmpty && !isNumber(first[$0])
        }
        guard !textColumns.isEmpty else { return false }
        guard let next else { return true }
        if textColumns.count == first.count { return true }
        return textColumns.contains { $0 < next.count && isNumber(next[$0]) }
    }

    /// The names in the first line of `bytes` (a file's head), for completion: split at the
    /// separator the reader would detect, quotes and blanks removed.
    public static func headerNames(_ bytes: [UInt8]) -> [String] {
        bytes.withUnsafeBufferPointer { buffer in
            let separator = SeparatorDetector.detect(buffer, from: 0)
            let end = buffer.firstIndex(where: { $0 == 10 || $0 == 13 }) ?? buffer.count
            let line = String(decoding: buffer[0..<end], as: UTF8.self)
            return line.split(separator: Character(UnicodeScalar(separator))).map {
                TextMetrics.sanitized(
                    String($0.filter { $0 != "\"" && $0 != "\u{FEFF}" }).trimmingSpaces)
            }.filter { !$0.isEmpty }
        }
    }

    static func uniqueNames(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.map { raw in
            let base = TextMetrics.sanitized(raw.trimmingSpaces)
            var name = base
            var n = 2
            while seen.contains(name) { name = "\(base)_\(n)"; n += 1 }
            seen.insert(name)
            return name
        }
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }
}
