import Foundation

/// A `TabSeparated` answer as it streams in: the pieces joined, the complete lines handed
/// on, a partial one kept for the next piece (ClickHouse's loading path and a
/// remote dataset's every row, `save csv`).
struct TabSeparatedLines {
    /// The bytes of the line not yet complete.
    private(set) var pending = [UInt8]()

    /// Adds a piece; the lines it completes (without their newlines), in order.
    mutating func append(_ data: Data) -> [[UInt8]] {
        var lines = [[UInt8]]()
        forEachLine(in: data) { lines.append(Array($0)) }
        return lines
    }

    /// Adds a piece and hands each line it completes (without its newline) to `body`, in
    /// order, where the bytes lie — no array per line.
    mutating func forEachLine<E: Error>(
        in data: Data, _ body: (ArraySlice<UInt8>) throws(E) -> Void
    ) throws(E) {
        pending.append(contentsOf: data)
        var start = 0
        // Taken off together, once: not a copy of the rest per line.
        defer { pending.removeFirst(start) }
        while let end = pending[start...].firstIndex(of: 10) {
            try body(pending[start..<end])
            start = end + 1
        }
    }

    /// Fails when the answer ended in the middle of a line.
    func finish() throws(DatabaseFailure) {
        guard pending.isEmpty else {
            throw .query("the answer ended in the middle of a row", offset: nil)
        }
    }
}
