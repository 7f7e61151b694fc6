import ChartbookModel

/// Reads CSV/TSV bytes (RFC 4180: quoted fields with `""` escapes and embedded newlines,
/// CRLF or LF, optional UTF-8 BOM, no trailing newline needed) into a dataset's columns.
///
/// One scan parses every numeric cell straight from the bytes into `[Double]`
/// (see `NumberParser`); only columns that turn out to be text are read again as strings.
public struct DelimitedReader: Sendable {
    public var options: LoadOptions
    /// Off only in tests, to compare the fast path with the general one.
    var useFastPath = true

    public init(options: LoadOptions = LoadOptions()) {
        self.options = options
    }

    /// The columns and labels read from `bytes`.
    public struct Table: Equatable, Sendable {
        public var columns: [Column]
        public var labels: [String]?
    }

    /// - Parameter shouldCancel: polled every 64Ki records; when it answers true the read
    ///   stops with `DataError.cancelled`.
    public func read(_ bytes: [UInt8], shouldCancel: () -> Bool = { false }) throws(DataError) -> Table {
        try bytes.withUnsafeBufferPointer { buffer throws(DataError) in
            try read(buffer, shouldCancel: shouldCancel)
        }
    }

    /// - Parameters:
    ///   - parallel: use both cores for large inputs.
    ///   - release: told which byte ranges were consumed, so a file mapping can drop them.
    ///   - progress: the fraction read so far (0...1), possibly from several threads.
    public func read(_ buffer: UnsafeBufferPointer<UInt8>, shouldCancel: () -> Bool = { false }, parallel: Bool = true,
                     release: (Int, Int) -> Void = { _, _ in },
                     progress: @escaping @Sendable (Double) -> Void = { _ in }) throws(DataError) -> Table {
        var start = 0
        if buffer.count >= 3, buffer[0] == 0xEF, buffer[1] == 0xBB, buffer[2] == 0xBF { start = 3 }
        let separator: UInt8
        switch options.separator {
        case .character(let c): separator = c
        case .auto: separator = Self.detectSeparator(buffer, from: start)
        }
        var scanner = FieldScanner(buffer: buffer, separator: separator, position: start)
        let firstMark = scanner.mark

        // First record: header or data.
        guard let firstRecord = try scanner.nextRecord() else { throw .empty }
        let firstCells = firstRecord.map { scanner.text(of: $0) }
        let secondMark = scanner.mark
        let secondRecord = try scanner.nextRecord()
        let hasHeader: Bool
        switch options.header {
        case .yes: hasHeader = true
        case .no: hasHeader = false
        case .auto: hasHeader = Self.looksLikeHeader(firstCells, next: secondRecord.map { $0.map { scanner.text(of: $0) } })
        }
        let width = firstCells.count
        let names: [String] = hasHeader
            ? Self.uniqueNames(firstCells.enumerated().map { $0.element.isEmpty ? "c\($0.offset + 1)" : $0.element })
            : (1...max(width, 1)).map { "c\($0)" }

        // Pass 1: numbers for every column — the fast path for unquoted numeric data, else the
        // general scanner (which also reports ragged rows with their line).
        var numbers = Array(repeating: [Double](), count: width)
        var present = Array(repeating: 0, count: width)   // non-empty cells
        var failures = Array(repeating: 0, count: width)  // non-empty cells that are not numbers
        let bodyStart = (hasHeader ? secondMark : firstMark).position
        let outcome = withoutActuallyEscaping(shouldCancel) { cancel in
            withoutActuallyEscaping(release) { release in
                var fast = FastNumericParser(separator: separator, width: width, shouldCancel: cancel, release: release)
                fast.progress = progress
                guard useFastPath, let base = buffer.baseAddress else { return FastNumericParser.Outcome.fallback }
                return fast.parse(base, start: bodyStart, end: buffer.count, parallel: parallel)
            }
        }
        switch outcome {
        case .cancelled: throw .cancelled
        case .parsed(let result):
            numbers = result.columns
            present = result.present
            failures = result.failures
        case .fallback:
            let estimate = buffer.count / max(1, secondMark.position - start)
            scanner.seek(hasHeader ? secondMark : firstMark)
            for c in 0..<width { numbers[c].reserveCapacity(min(estimate, 1 << 24)) }
            var records = 0
            while let record = try scanner.nextRecord(into: &numbers, present: &present, failures: &failures, width: width) {
                records &+= 1
                if records & 0xffff == 0 {
                    if shouldCancel() { throw .cancelled }
                    progress(Double(scanner.position) / Double(max(buffer.count, 1)))
                }
                if record > width { throw .raggedRow(line: scanner.recordLine, fields: record, expected: width) }
            }
        }

        // Text columns: majority of non-empty cells are not numbers (dates, names).
        var textColumns = Set<Int>()
        for c in 0..<width where present[c] > 0 && failures[c] * 2 > present[c] { textColumns.insert(c) }
        var labelIndex: Int?
        if let labelName = options.labelColumn {
            guard let index = names.firstIndex(of: labelName) else {
                throw .unknownLabelColumn(labelName, available: names)
            }
            labelIndex = index
            textColumns.insert(index)
        }
        var texts = [Int: [String]]()
        if !textColumns.isEmpty {
            for c in textColumns { texts[c] = []; texts[c]?.reserveCapacity(numbers[c].count) }
            scanner.seek(hasHeader ? secondMark : firstMark)
            while let record = try scanner.nextRecord() {
                for c in textColumns {
                    texts[c]?.append(c < record.count ? TextMetrics.sanitized(scanner.text(of: record[c])) : "")
                }
            }
        }
        var columns = [Column]()
        var labels: [String]?
        for c in 0..<width {
            if c == labelIndex { labels = texts[c]; continue }
            if let text = texts[c] {
                columns.append(Column(name: names[c], text: text))
            } else {
                columns.append(Column(name: names[c], numbers: numbers[c], unparseable: failures[c]))
            }
        }
        guard columns.contains(where: \.isNumeric) else { throw .noNumericColumn(names: names) }
        return Table(columns: columns, labels: labels)
    }

    /// The most frequent of `,` `;` tab on the first line outside quotes (`,` on a tie).
    static func detectSeparator(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt8 {
        var counts: [UInt8: Int] = [UInt8(ascii: ","): 0, UInt8(ascii: ";"): 0, UInt8(ascii: "\t"): 0]
        var inQuotes = false
        var i = start
        while i < buffer.count {
            let b = buffer[i]
            if b == UInt8(ascii: "\"") { inQuotes.toggle() }
            else if !inQuotes && (b == 10 || b == 13) { break }
            else if !inQuotes, counts[b] != nil { counts[b, default: 0] += 1 }
            i += 1
        }
        let best = counts.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }
        return (best?.value ?? 0) > 0 ? best?.key ?? UInt8(ascii: ",") : UInt8(ascii: ",")
    }

    /// A header when some cell of the first row is non-empty text, and, if a second row
    /// exists, that column holds a number there (or every first-row cell is text).
    static func looksLikeHeader(_ first: [String], next: [String]?) -> Bool {
        let isNumber = { (s: String) in NumberParser.parse(s.trimmingSpaces) != nil }
        let textColumns = first.indices.filter { !first[$0].trimmingSpaces.isEmpty && !isNumber(first[$0]) }
        guard !textColumns.isEmpty else { return false }
        guard let next else { return true }
        if textColumns.count == first.count { return true }
        return textColumns.contains { $0 < next.count && isNumber(next[$0]) }
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
