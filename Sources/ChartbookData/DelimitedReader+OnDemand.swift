import ChartbookModel
import Dispatch
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// Columns on demand: `structure` scans a large file once — names, records, and each
/// column's kind judged from a sample — and `readColumns` reads chosen columns later, each
/// exactly as `read` would have (the same parsers, the same kinds from all their cells).
extension DelimitedReader {
    /// What a scan of a file learns without reading its fields.
    public struct Structure: Equatable, Sendable {
        public var names: [String]
        /// Each column's kind in the sample (the first, middle and last stretch of records).
        public var kinds: [Column.Kind]
        public var layout: RecordLayout
    }

    /// Bytes of each stretch of records whose cells judge the columns' kinds.
    public static let sampleBytes = 1 << 18

    /// The structure of `buffer`, or nil when it is not plain enough to be read in parts (a
    /// quote anywhere, a lone carriage return, UTF-16): the caller then reads it whole.
    public func structure(
        _ buffer: UnsafeBufferPointer<UInt8>, shouldCancel: () -> Bool = { false },
        parallel: Bool = true, release: (Int, Int) -> Void = { _, _ in }
    ) throws(DataError) -> Structure? {
        guard case .utf8(let bom) = try TextEncoding.detect(buffer), let base = buffer.baseAddress
        else { return nil }
        let heading = try heading(buffer, from: bom)
        let body = heading.body.position
        guard
            let count = try countRecords(
                base, from: body, to: buffer.count,
                blank: SkippableLine.blank(for: heading.separator), shouldCancel: shouldCancel,
                parallel: parallel, release: release)
        else { return nil }
        let tally = try sampleTally(buffer, heading: heading)
        let judged: [Column.Kind] = heading.names.indices.map { c in
            tally.isText(c) ? .text : tally.isTime(c) ? .time : .number
        }
        let kinds = try decimalKinds(judged, buffer, heading: heading)
        let layout = RecordLayout(
            separator: heading.separator, body: body, bodyLine: heading.body.line,
            rows: count.rows, splitOffset: count.split, rowsBeforeSplit: count.before)
        return Structure(names: heading.names, kinds: kinds, layout: layout)
    }

    /// The columns of `fields` (ascending indices into `names`, the file's column names),
    /// read whole from `buffer` — the file whose records `layout` describes. Throws
    /// `changedSinceLoaded` when the records are not those counted then. `textual`: fields a
    /// sample judged text, whose numbers the numeric pass need not keep (while another
    /// field's are kept, which count the rows).
    public func readColumns(
        _ fields: [Int], names: [String], layout: RecordLayout, textual: Set<Int> = [],
        in buffer: UnsafeBufferPointer<UInt8>, shouldCancel: () -> Bool = { false },
        parallel: Bool = true, release: (Int, Int) -> Void = { _, _ in },
        progress: @escaping @Sendable (Double) -> Void = { _ in }
    ) throws(DataError) -> [Column] {
        guard !fields.isEmpty else { return [] }
        guard buffer.count >= layout.body else { throw .changedSinceLoaded }
        let heading = Heading(
            separator: layout.separator, names: names,
            body: FieldScanner.Mark(position: layout.body, line: layout.bodyLine),
            headerWithHash: nil)
        let tallied = textual.intersection(fields)
        var numbers = try readNumbers(
            buffer, body: heading.body, separator: heading.separator, width: names.count,
            fields: fields, tallied: tallied.count < fields.count ? tallied : [], layout: layout,
            shouldCancel: shouldCancel, parallel: parallel, release: release, progress: progress)
        let counted = zip(fields, numbers.columns).first { !tallied.contains($0.0) }?.1
        guard (counted ?? numbers.columns.first)?.count == layout.rows else {
            throw .changedSinceLoaded
        }
        var scanner = heading.scanner(buffer, limits: limits)
        return try columns(
            fields, numbers: &numbers.columns, tally: numbers.tally, names: names,
            scanner: &scanner, body: heading.body, textsToo: [], shouldCancel: shouldCancel,
            release: release
        ).columns
    }

    /// Records from `start` to `end`, on both cores when `parallel` (split at a line end near
    /// the middle: `split`, with `before` records before it); nil when the bytes are not
    /// plain or the count was cancelled.
    private func countRecords(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, blank: UInt8,
        shouldCancel: () -> Bool, parallel: Bool, release: (Int, Int) -> Void
    ) throws(DataError) -> (rows: Int, split: Int, before: Int)? {
        let cuts = FastNumericParser.cuts(base, from: start, to: end, parallel: parallel)
        let counts = Mutex([Int?](repeating: nil, count: cuts.count - 1))
        withoutActuallyEscaping(shouldCancel) { cancel in
            withoutActuallyEscaping(release) { release in
                let work = CountingWork(
                    base: base, cuts: cuts, blank: blank, shouldCancel: cancel, release: release)
                DispatchQueue.concurrentPerform(iterations: cuts.count - 1) { part in
                    let n = work.count(part)
                    counts.withLock { $0[part] = n }
                }
            }
        }
        if shouldCancel() { throw .cancelled }
        let parts = counts.withLock { $0 }
        guard parts.allSatisfy({ $0 != nil }) else { return nil }
        let rows = parts.reduce(0) { $0 + ($1 ?? 0) }
        return (rows, cuts.count > 2 ? cuts[1] : end, parts[0] ?? 0)
    }

    /// `kinds` as marks in numbers change them (`GroupedNumber`; `options.decimal`): the
    /// columns read again — text ones, and with `decimal=,` number ones too — judged by
    /// the cells of the first stretch of records, as `columns` judges them whole.
    private func decimalKinds(
        _ kinds: [Column.Kind], _ buffer: UnsafeBufferPointer<UInt8>, heading: Heading
    ) throws(DataError) -> [Column.Kind] {
        let fields = kinds.indices.filter {
            options.decimal == .comma ? kinds[$0] != .time : kinds[$0] == .text
        }
        guard !fields.isEmpty else { return kinds }
        let first = UnsafeBufferPointer(
            rebasing: buffer[
                0..<max(firstStretchEnd(buffer, heading: heading), heading.body.position)])
        var scanner = heading.scanner(first, limits: limits)
        var cells = [Int: [String]]()
        while let record = try scanner.nextRecord() {
            for c in fields {
                cells[c, default: []].append(c < record.count ? scanner.text(of: record[c]) : "")
            }
        }
        var judged = kinds
        for c in fields {
            let numbers = GroupedNumber.column(
                TextCells(cells[c] ?? []), mark: options.decimal, separator: heading.separator)
            judged[c] = numbers == nil ? .text : .number
        }
        return judged
    }

    /// Where the first stretch of records whose cells judge the columns ends: the start of
    /// the line `sampleBytes` after the body's.
    private func firstStretchEnd(_ buffer: UnsafeBufferPointer<UInt8>, heading: Heading) -> Int {
        let body = heading.body.position
        return Self.lineStart(of: body + Self.sampleBytes, in: buffer, body: body)
    }

    /// The start of the line holding `offset` (not before `body`); the end itself past the
    /// last byte.
    private static func lineStart(of offset: Int, in buffer: UnsafeBufferPointer<UInt8>, body: Int)
        -> Int
    {
        if offset >= buffer.count { return buffer.count }
        var p = offset
        while p > body && buffer[p - 1] != 10 { p -= 1 }
        return p
    }

    /// The tally of every column over the first, middle and last `sampleBytes` of records
    /// (whole lines). Only the first stretch may report a malformed record: the others do not
    /// know their line numbers, and `readColumns` reports those exactly.
    private func sampleTally(_ buffer: UnsafeBufferPointer<UInt8>, heading: Heading)
        throws(DataError) -> FieldScanner.Tally
    {
        let width = heading.names.count
        let body = heading.body.position
        let lineStart = { (offset: Int) in Self.lineStart(of: offset, in: buffer, body: body) }
        let firstEnd = firstStretchEnd(buffer, heading: heading)
        let first = UnsafeBufferPointer(rebasing: buffer[0..<max(firstEnd, body)])
        var tally = try readNumbers(
            first, body: heading.body, separator: heading.separator, width: width,
            shouldCancel: { false }, parallel: false, release: { _, _ in }, progress: { _ in }
        ).tally
        let middle = lineStart(body + (buffer.count - body) / 2)
        let last = lineStart(buffer.count - Self.sampleBytes)
        for from in Set([middle, last]) where from >= firstEnd {
            let to = lineStart(min(buffer.count, from + Self.sampleBytes))
            guard to > from else { continue }
            let stretch = UnsafeBufferPointer(rebasing: buffer[from..<to])
            let sample = try? readNumbers(
                stretch, body: FieldScanner.Mark(position: 0, line: 1),
                separator: heading.separator, width: width, shouldCancel: { false },
                parallel: false, release: { _, _ in }, progress: { _ in })
            if let sample { tally.add(sample.tally) }
        }
        return tally
    }
}

/// What the two halves of a record count share; each writes nothing but its own result.
private final class CountingWork: @unchecked Sendable {
    let base: UnsafePointer<UInt8>
    let cuts: [Int]
    let blank: UInt8
    let shouldCancel: () -> Bool
    let release: (Int, Int) -> Void

    init(
        base: UnsafePointer<UInt8>, cuts: [Int], blank: UInt8, shouldCancel: @escaping () -> Bool,
        release: @escaping (Int, Int) -> Void
    ) {
        self.base = base
        self.cuts = cuts
        self.blank = blank
        self.shouldCancel = shouldCancel
        self.release = release
    }

    func count(_ part: Int) -> Int? {
        RecordCounter.count(
            base, from: cuts[part], to: cuts[part + 1], blank: blank, shouldCancel: shouldCancel,
            release: release)
    }
}
