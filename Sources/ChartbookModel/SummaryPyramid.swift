import Dispatch

/// The extremes of a column of numbers per block of `blockSize` values, and per block of
/// `fanout` such blocks, and so on up: the lowest and the highest finite value of each block
/// with where each first occurs, and whether the block holds a missing or infinite value.
///
/// The extremes of any stretch of the column are the combination of the few blocks that
/// tile it (at most `fanout - 1` per level on each side) and the loose values at its two
/// ends (fewer than `blockSize` each), taken left to right: `extremes(in:of:)` costs
/// O(blockSize + fanout · levels) instead of O(stretch), and gives exactly what one pass
/// over the stretch gives — the same values at the same first indices. A line's per-dot-
/// column reduction and the y extent of a view are made of such stretches, so a redraw of a
/// 10⁸-point column costs O(width · log N) at every zoom.
///
/// Invariant: built from `count` values; `levels[k]` has one entry per complete block of
/// `blockSize · fanout^k` values (an incomplete block at the end is not summarised: its
/// values are read directly). Memory: 40 bytes per `blockSize` values, plus a 1/(fanout−1)
/// share for the levels above (≈ 0.17 bytes a value at the defaults).
public struct SummaryPyramid: Sendable {
    /// The extremes of a stretch of values. Empty: `lowAt == highAt == -1`.
    public struct Extremes: Equatable, Sendable {
        /// The lowest finite value (+∞ when none) and the first index holding it.
        public var low = Double.infinity
        public var lowAt = -1
        /// The highest finite value (−∞ when none) and the first index holding it.
        public var high = -Double.infinity
        public var highAt = -1
        /// Whether some value of the stretch is NaN (missing) or infinite.
        public var hasNonFinite = false

        public init() {}

        /// Whether the stretch holds a finite value.
        public var hasFinite: Bool { lowAt >= 0 }

        /// Takes in the value at `index`, which comes after every index taken so far.
        @inline(__always) mutating func add(_ value: Double, at index: Int) {
            guard value.isFinite else { hasNonFinite = true; return }
            if value < low { low = value; lowAt = index }
            if value > high { high = value; highAt = index }
        }

        /// Takes in the extremes of a stretch that comes after every index taken so far
        /// (strict comparisons keep the first occurrence).
        @inline(__always) mutating func merge(_ next: Extremes) {
            if next.low < low { low = next.low; lowAt = next.lowAt }
            if next.high > high { high = next.high; highAt = next.highAt }
            hasNonFinite = hasNonFinite || next.hasNonFinite
        }
    }

    /// Values per entry of the lowest level.
    public let blockSize: Int
    /// Entries of one level per entry of the level above.
    public let fanout: Int
    /// The number of values summarised.
    public let count: Int
    private var levels: [[Extremes]]

    /// Columns shorter than this are scanned directly (a pass over them is quicker than
    /// building a pyramid); `Column.summary` is nil for them.
    public static let minimumCount = 1 << 16

    /// Summarises `values`; large columns are summarised on both cores.
    public init(_ values: [Double], blockSize: Int = 256, fanout: Int = 16) {
        let size = max(blockSize, 1), fanout = max(fanout, 2)
        self.blockSize = size
        self.fanout = fanout
        self.count = values.count
        var levels = [values.withUnsafeBufferPointer { Self.leaves($0, blockSize: size) }]
        while let top = levels.last, top.count >= fanout {
            levels.append(Self.parents(of: top, fanout: fanout))
        }
        self.levels = levels
    }

    /// The extremes of `values[range]`; `values` must be the array this was built from.
    public func extremes(in range: Range<Int>, of values: UnsafeBufferPointer<Double>)
        -> Extremes
    {
        var result = Extremes()
        walk(range, of: values) { tile in
            switch tile {
            case .value(let k): result.add(values[k], at: k)
            case .block(let level, let index): result.merge(levels[level][index])
            }
            return true
        }
        return result
    }

    /// The first index of `range` whose value `holds`, or nil. `blockMayHold` is asked of a
    /// block's extremes (never a false no): a block that may hold one is searched, the
    /// others are skipped — O(blockSize + fanout · levels) when it answers exactly.
    public func firstIndex(
        in range: Range<Int>, of values: UnsafeBufferPointer<Double>,
        blockMayHold: (Extremes) -> Bool, holds: (Double) -> Bool
    ) -> Int? {
        var found: Int?
        walk(range, of: values) { tile in
            switch tile {
            case .value(let k): if holds(values[k]) { found = k }
            case .block(let level, let index):
                found = search(level, index, values, blockMayHold: blockMayHold, holds: holds)
            }
            return found == nil
        }
        return found
    }

    /// A piece of a stretch: a loose value, or a whole block of some level.
    private enum Tile {
        case value(Int)
        case block(level: Int, index: Int)
    }

    /// The tiles of `range` from left to right: loose values up to a block boundary, then the
    /// largest blocks that start there and end within the range. `visit` answers whether
    /// to go on.
    private func walk(
        _ range: Range<Int>, of values: UnsafeBufferPointer<Double>, _ visit: (Tile) -> Bool
    ) {
        let end = min(range.upperBound, count, values.count)
        var i = max(range.lowerBound, 0)
        while i < end {
            if i % blockSize != 0 || i + blockSize > end {
                if !visit(.value(i)) { return }
                i += 1
                continue
            }
            var level = 0, size = blockSize
            while level + 1 < levels.count, i % (size * fanout) == 0, i + size * fanout <= end {
                level += 1
                size *= fanout
            }
            if !visit(.block(level: level, index: i / size)) { return }
            i += size
        }
    }

    /// The first index inside block `index` of `level` whose value holds.
    private func search(
        _ level: Int, _ index: Int, _ values: UnsafeBufferPointer<Double>,
        blockMayHold: (Extremes) -> Bool, holds: (Double) -> Bool
    ) -> Int? {
        guard blockMayHold(levels[level][index]) else { return nil }
        if level == 0 {
            let start = index * blockSize
            return (start..<(start + blockSize)).first { holds(values[$0]) }
        }
        for child in (index * fanout)..<((index + 1) * fanout) {
            if let k = search(level - 1, child, values, blockMayHold: blockMayHold, holds: holds) {
                return k
            }
        }
        return nil
    }

    /// The extremes of `values[range]` for an array the caller holds.
    public func extremes(in range: Range<Int>, of values: [Double]) -> Extremes {
        values.withUnsafeBufferPointer { extremes(in: range, of: $0) }
    }

    /// One entry per complete block of `blockSize` values: two halves on two cores when large.
    private static func leaves(_ values: UnsafeBufferPointer<Double>, blockSize: Int)
        -> [Extremes]
    {
        let blocks = values.count / blockSize
        let parts = blocks >= 1 << 14 ? 2 : 1
        return [Extremes](unsafeUninitializedCapacity: blocks) { storage, initialised in
            guard let base = storage.baseAddress else { initialised = 0; return }
            let out = SendablePointer(base)
            let input = SendableBuffer(values)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let first = blocks * part / parts, last = blocks * (part + 1) / parts
                for b in first..<last {
                    var e = Extremes()
                    let start = b * blockSize
                    for k in start..<(start + blockSize) { e.add(input.buffer[k], at: k) }
                    (out.pointer + b).initialize(to: e)
                }
            }
            initialised = blocks
        }
    }

    private static func parents(of level: [Extremes], fanout: Int) -> [Extremes] {
        (0..<(level.count / fanout)).map { p in
            var e = Extremes()
            for k in (p * fanout)..<((p + 1) * fanout) { e.merge(level[k]) }
            return e
        }
    }
}
