import ChartbookModel
import Dispatch
import Synchronization
#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

/// The fast path of `DelimitedReader` for the common case — numbers in unquoted fields — on
/// both cores: the body is split at a newline near its middle, each half counts its lines
/// (an upper bound on its rows), the column arrays are allocated once, and each half parses
/// straight into its own stretch of them. Consumed bytes are handed to `release` (the file
/// mapping drops those pages) so the file does not stay resident.
///
/// It gives up (`.fallback`) on anything unusual — a quote at the start of a field, a row
/// with more fields than the header, more rows than newlines (lone CR line ends), more than
/// `maxWidth` columns — and the caller takes the general path, which handles and reports
/// those exactly. Memory safety does not rest on the line count being right: a part that
/// reaches the end of its stretch of rows stops and falls back before writing past it.
struct FastNumericParser {
    let separator: UInt8
    /// Fields per record (the header's).
    let width: Int
    /// Bytes the columns may take (`ResourceLimits.memoryBudget`), checked before allocating.
    let budget: Int
    let shouldCancel: () -> Bool
    let release: (Int, Int) -> Void
    /// Told the fraction of the body parsed so far (0...1), from any thread.
    var progress: (Double) -> Void = { _ in }
    /// The fields kept, ascending (nil: every field); the others are only stepped over, so a
    /// chart of one column of a wide file reads one column (columns on demand).
    var fields: [Int]? = nil
    /// Kept fields only stepped over — columns a sample judged text, whose cells pass 2
    /// reads, classifies and tallies once per distinct text (`TextCoder`; issue 53: a long
    /// file's `host` held 8 bytes of NaN a row, and a quarter of the CPU classified it). Their
    /// columns come back empty, their tally zero.
    var tallied: Set<Int> = []
    /// How the records lie when a scan has counted them (`DelimitedReader.structure`): the
    /// body splits where the scan split it, and the line count is skipped.
    var layout: RecordLayout? = nil

    /// The fields kept, ascending.
    var keptFields: [Int] { fields ?? Array(0..<width) }

    /// Wider tables take the general path (the storage of every column is lent at once).
    static let maxWidth = 256

    struct Result {
        /// One per kept field, in `keptFields` order.
        var columns: [[Double]]
        /// Per field of the record (counts of fields not kept are zero).
        var tally: FieldScanner.Tally
    }

    enum Outcome {
        case parsed(Result), fallback, cancelled
        /// The columns would need at least this many bytes, more than the budget.
        case overBudget(Int)
    }

    /// Parses `base[start..<end]` (whole records, header excluded).
    func parse(_ base: UnsafePointer<UInt8>, start: Int, end: Int, parallel: Bool) -> Outcome {
        let kept = keptFields
        guard width > 0, width <= Self.maxWidth, !kept.isEmpty,
            kept.allSatisfy({ (0..<width).contains($0) })
        else { return .fallback }
        // A scan's count holds for the stretch it counted: the body, split where it split.
        let scanned = layout.flatMap { l in
            l.body == start && l.splitOffset >= start && l.splitOffset <= end ? l : nil
        }
        let cuts =
            scanned.map { [start, $0.splitOffset, end] }
            ?? Self.cuts(base, from: start, to: end, parallel: parallel)
        let parts = cuts.count - 1
        let job = Job(parser: self, base: base, cuts: cuts)
        defer { job.free() }
        // Phase 1: an upper bound on each part's rows (counted already after a scan).
        if let scanned {
            job.bounds[0] = scanned.rowsBeforeSplit
            job.bounds[1] = scanned.rows - scanned.rowsBeforeSplit
        } else {
            DispatchQueue.concurrentPerform(iterations: parts) { p in job.countPart(p) }
        }
        var offsets = [0]
        for p in 0..<parts { offsets.append(offsets[p] + job.bounds[p]) }
        // Phase 2: parse into place — straight into the final arrays' storage.
        let capacity = offsets[parts]
        let stored = kept.filter { !tallied.contains($0) }
        let rowBytes = max(stored.count, 1) * MemoryLayout<Double>.stride
        guard capacity <= budget / rowBytes else { return .overBudget(capacity * rowBytes) }
        // A tallied field's cells all go to its one element (`parsePart`).
        var arrays = kept.map { field in
            let size = tallied.contains(field) ? 1 : max(capacity, 1)
            return [Double](unsafeUninitializedCapacity: size) { _, count in count = size }
        }
        var lent = [UnsafeMutablePointer<Double>]()
        Self.withPointers(&arrays, from: 0, collected: &lent) { pointers in
            job.useColumns(pointers, offsets: offsets)
            DispatchQueue.concurrentPerform(iterations: parts) { p in job.parsePart(p) }
        }
        let stats = job.stats
        var rows = 0
        var tally = FieldScanner.Tally(width: width)
        for p in 0..<parts {
            let s = stats[p]
            if s.outcome != .ok { return s.outcome == .cancelled ? .cancelled : .fallback }
            if rows != offsets[p] {
                // Blank lines left a gap before this part's rows: close it.
                for c in arrays.indices where !tallied.contains(kept[c]) {
                    arrays[c].withUnsafeMutableBufferPointer { b in
                        guard let base = b.baseAddress else { return }
                        (base + rows).update(from: base + offsets[p], count: s.rows)
                    }
                }
            }
            rows += s.rows
            tally.add(s.tally)
        }
        for c in arrays.indices {
            if tallied.contains(kept[c]) {
                arrays[c] = []
            } else {
                arrays[c].removeLast(arrays[c].count - rows)
            }
        }
        return .parsed(Result(columns: arrays, tally: tally))
    }

    /// Where `base[start..<end]` is split for the cores: at the start of the line after its
    /// middle when `parallel` and past 1 MiB, else not at all. `RecordCounter`'s scan splits
    /// the same way, and a later read reuses its count (`layout`).
    static func cuts(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int, parallel: Bool)
        -> [Int]
    {
        let mid = start + (end - start) / 2
        guard parallel, end - start > 1 << 20, let nl = memchr(base + mid, 10, end - mid) else {
            return [start, end]
        }
        return [
            start, UnsafePointer<UInt8>(nl.assumingMemoryBound(to: UInt8.self)) - base + 1, end,
        ]
    }

    /// Calls `body` with the storage of every array, each lent by its own
    /// `withUnsafeMutableBufferPointer` (arrays are moved out one by one, so no two accesses
    /// overlap).
    /// Recursion depth is the column count, at most `maxWidth`.
    static func withPointers(
        _ arrays: inout [[Double]], from index: Int,
        collected: inout [UnsafeMutablePointer<Double>],
        _ body: ([UnsafeMutablePointer<Double>]) -> Void
    ) {
        guard index < arrays.count else { body(collected); return }
        var array = arrays[index]
        arrays[index] = []
        array.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            collected.append(base)
            withPointers(&arrays, from: index + 1, collected: &collected, body)
        }
        arrays[index] = array
    }

    /// One field from `start`, its first byte past leading blanks: what it holds and where it
    /// ends (its separator, line end or `end`). Scanned once — sign, digits, point, digits,
    /// blanks, then the separator or the line's end — for a plain decimal, the common case;
    /// anything else is classified by the careful parser (`Cell.classify`).
    @inline(__always)
    static func field(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, separator sep: UInt8,
        blank: UInt8
    ) -> (Cell, end: Int) {
        var q = start
        var negative = false
        if q < end && (base[q] == 45 || base[q] == 43) { negative = base[q] == 45; q &+= 1 }
        // Digits go straight into the mantissa; more than 19 digits in all (leading zeros
        // included, which only errs on the careful side) takes the careful parser.
        var mantissa: UInt64 = 0
        var exponent = 0
        let integerStart = q
        q = digitRun(base, from: q, to: end, into: &mantissa)
        var digits = q &- integerStart
        if q < end && base[q] == 46 {
            q &+= 1
            let fractionStart = q
            q = digitRun(base, from: q, to: end, into: &mantissa)
            exponent = fractionStart &- q
            digits &+= q &- fractionStart
        }
        while q < end && (base[q] == 32 || base[q] == blank) { q &+= 1 }
        let terminated = q == end || base[q] == sep || base[q] == 10 || base[q] == 13
        if terminated && digits > 0 && digits <= 19 && mantissa <= 1 << 53 && exponent >= -22 {
            var value = Double(mantissa)
            if exponent < 0 { value /= NumberParser.exactPowerOfTen(-exponent) }
            return (.number(negative ? -value : value), q)
        }
        // Not a plain decimal: the field's end, its trailing blanks left out, decides.
        q = ByteScan.fieldEnd(base, from: q, to: end, separator: sep)
        var t = q
        while t > start && (base[t &- 1] == 32 || base[t &- 1] == blank) { t &-= 1 }
        return (Cell.classify(UnsafeBufferPointer(start: base, count: end), start, t), q)
    }

    /// The digits from `start` appended to `mantissa` (wrapping: the caller rejects more
    /// than 19 digits); returns where they end. (Eight digits a word, SWAR, was measured
    /// slower on numbers of three or four digits a side: Docs/performance.md.)
    @inline(__always)
    static func digitRun(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int, into mantissa: inout UInt64
    ) -> Int {
        var q = start
        while q < end {
            let d = base[q] &- 48
            if d >= 10 { break }
            mantissa = mantissa &* 10 &+ UInt64(d)
            q &+= 1
        }
        return q
    }

    static func countLines(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int {
        var count = 0, offset = 0
        while offset < n, let hit = memchr(p + offset, 10, n - offset) {
            count += 1
            offset = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - p + 1
        }
        return count + (offset < n ? 1 : 0)
    }

    /// Where the rows mapped end after a look at `row` (`PassPaging.prefault`):
    /// `PassPaging.mapAhead` rows more of every column written (`destination`, per field)
    /// when `row` nears `mapped`.
    private func mappedAhead(
        _ destination: UnsafeMutablePointer<UnsafeMutablePointer<Double>?>, row: Int,
        mapped: Int, end: Int
    ) -> Int {
        guard row + PassPaging.lookEvery >= mapped, mapped < end else { return mapped }
        let next = min(end, mapped + PassPaging.mapAhead)
        for field in keptFields {
            if let column = destination[field] {
                PassPaging.prefault(column + mapped, next - mapped)
            }
        }
        return next
    }

    struct PartStats {
        enum Outcome { case ok, fallback, cancelled }
        var outcome: Outcome = .ok
        var rows = 0
        var tally: FieldScanner.Tally
    }

    /// One part, sequentially. Rows go to `columns[k][rows]` for the k-th kept field; a part
    /// with more rows than that falls back before writing the first row past it.
    func parsePart(
        _ base: UnsafePointer<UInt8>, from start: Int, to end: Int,
        into columns: [UnsafeMutablePointer<Double>], rows: Range<Int>,
        parsed: (Int) -> Void = { _ in }
    ) -> PartStats {
        let first = rows.lowerBound
        var stats = PartStats(tally: FieldScanner.Tally(width: width))
        // Present, failures, times, zoned times and failures telling a decimal comma per
        // column, side by side.
        let counters = UnsafeMutablePointer<Int>.allocate(capacity: 5 * width)
        counters.initialize(repeating: 0, count: 5 * width)
        let present = counters, failures = counters + width, times = counters + 2 * width
        let zonedTimes = counters + 3 * width, commaTold = counters + 4 * width
        // Per field: where its cells go, nil for a field only stepped over.
        let destination = UnsafeMutablePointer<UnsafeMutablePointer<Double>?>.allocate(
            capacity: width)
        destination.initialize(repeating: nil, count: width)
        for (k, field) in keptFields.enumerated() where !tallied.contains(field) {
            destination[field] = columns[k]
        }
        let lastKept = keptFields.last { !tallied.contains($0) } ?? width
        // (Counters are copied into `stats` explicitly before the normal return: a `defer`
        // would run after `return stats` had already taken its copy.)
        defer { counters.deallocate(); destination.deallocate() }
        let width = self.width
        // Blanks around a number are spaces, and tabs unless the tab separates fields.
        let tabIsBlank = SkippableLine.blank(for: separator)
        var p = start
        var row = first
        var lastRelease = start
        // Rows below this are mapped (`PassPaging.prefault`), kept ahead of `row` at each look.
        var mapped = mappedAhead(destination, row: row, mapped: first, end: rows.upperBound)
        let sep = separator
        while p < end {
            if let next = SkippableLine.next(after: p, in: base, end: end, blank: tabIsBlank) {
                p = next
                continue
            }
            guard row < rows.upperBound else { stats.outcome = .fallback; return stats }
            var column = 0
            while true {
                // Ragged: reported by the general path.
                guard column < width else { stats.outcome = .fallback; return stats }
                var q = p
                while q < end && (base[q] == 32 || base[q] == tabIsBlank) { q &+= 1 }
                // Quoted: the general path.
                if q < end && base[q] == 34 { stats.outcome = .fallback; return stats }
                if let cells = destination[column] {
                    let fieldStart = q
                    let (cell, fieldEnd) = Self.field(
                        base, from: q, to: end, separator: sep, blank: tabIsBlank)
                    q = fieldEnd
                    switch cell {
                    case .blank, .missing:
                        cells[row] = .nan
                    case .number(let value):
                        cells[row] = value
                        present[column] &+= 1
                    case .time(let seconds, let zoned):
                        cells[row] = seconds
                        present[column] &+= 1
                        failures[column] &+= 1
                        times[column] &+= 1
                        if zoned { zonedTimes[column] &+= 1 }
                    case .text:
                        cells[row] = .nan
                        present[column] &+= 1
                        failures[column] &+= 1
                        if GroupedNumber.tellsComma(base, from: fieldStart, to: fieldEnd) {
                            commaTold[column] &+= 1
                        }
                    }
                } else if column > lastKept {
                    // Past the last field kept: the record's end, its fields only counted.
                    let tail = ByteScan.recordTail(base, from: q, to: end, separator: sep)
                    guard !tail.quoted, column &+ 1 &+ tail.separators <= width else {
                        stats.outcome = .fallback
                        return stats
                    }
                    column = width &- 1
                    q = tail.end
                } else {
                    // A field not kept: stepped over to the separator or the line's end.
                    q = ByteScan.fieldEnd(base, from: q, to: end, separator: sep)
                }
                column &+= 1
                p = q
                if p < end && base[p] == sep { p &+= 1; continue }
                // End of record.
                if p < end && base[p] == 13 { p &+= 1 }
                if p < end && base[p] == 10 { p &+= 1 }
                break
            }
            while column < width { destination[column]?[row] = .nan; column += 1 }
            row += 1
            if (row - first) & (PassPaging.lookEvery - 1) == 0 {
                if shouldCancel() { stats.outcome = .cancelled; return stats }
                mapped = mappedAhead(destination, row: row, mapped: mapped, end: rows.upperBound)
                if p - lastRelease >= PassPaging.releaseChunk {
                    release(lastRelease, p); parsed(p - lastRelease); lastRelease = p
                }
            }
        }
        release(lastRelease, end)
        stats.rows = row - first
        stats.tally.present = Array(UnsafeBufferPointer(start: present, count: width))
        stats.tally.failures = Array(UnsafeBufferPointer(start: failures, count: width))
        stats.tally.times = Array(UnsafeBufferPointer(start: times, count: width))
        stats.tally.zoned = Array(UnsafeBufferPointer(start: zonedTimes, count: width))
        stats.tally.commaTold = Array(UnsafeBufferPointer(start: commaTold, count: width))
        return stats
    }
}
