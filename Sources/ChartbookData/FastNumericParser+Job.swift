import Synchronization

extension FastNumericParser {
    /// What the parallel iterations share. Safe by construction: iteration `p` writes only
    /// `bounds[p]`, `stats[p]` and the column rows of its own part (`offsets[p]` onwards,
    /// at most `bounds[p]` of them); the caller reads them after `concurrentPerform` returns.
    final class Job: @unchecked Sendable {
        let parser: FastNumericParser
        let base: UnsafePointer<UInt8>
        let cuts: [Int]
        /// Bytes parsed by all parts together (for progress).
        let parsedBytes = Atomic<Int>(0)
        let bounds: UnsafeMutableBufferPointer<Int>
        let stats: UnsafeMutableBufferPointer<PartStats>
        private(set) var columns: [UnsafeMutablePointer<Double>] = []
        private(set) var offsets: [Int] = []

        init(parser: FastNumericParser, base: UnsafePointer<UInt8>, cuts: [Int]) {
            self.parser = parser
            self.base = base
            self.cuts = cuts
            bounds = .allocate(capacity: cuts.count - 1)
            bounds.initialize(repeating: 0)
            stats = .allocate(capacity: cuts.count - 1)
            stats.initialize(repeating: PartStats(tally: FieldScanner.Tally(width: 0)))
        }

        func countPart(_ p: Int) {
            var count = 0
            var position = cuts[p]
            while position < cuts[p + 1] {
                let chunkEnd = min(position + PassPaging.releaseChunk, cuts[p + 1])
                count += FastNumericParser.countLines(base + position, chunkEnd - position)
                // A line split at the chunk's end is counted twice at most: still an upper bound.
                parser.release(position, chunkEnd)
                position = chunkEnd
            }
            bounds[p] = count + 1
        }

        /// Where each part writes: the final arrays' storage, lent for the parse.
        func useColumns(_ pointers: [UnsafeMutablePointer<Double>], offsets: [Int]) {
            columns = pointers
            self.offsets = offsets
        }

        func parsePart(_ p: Int) {
            let total = Double(max(cuts[cuts.count - 1] - cuts[0], 1))
            let rows = offsets[p]..<(offsets[p] + bounds[p])
            stats[p] = parser.parsePart(
                base, from: cuts[p], to: cuts[p + 1], into: columns, rows: rows
            ) { bytes in
                let done = self.parsedBytes.add(bytes, ordering: .relaxed).newValue
                self.parser.progress(Double(done) / total)
            }
        }

        func free() {
            bounds.deallocate()
            stats.deinitialize().deallocate()
        }
    }
}
