/// A column's cells as keys: each row's index among the distinct cells in order of first
/// appearance (`rows`), and the row each distinct cell first appears at (`firsts`). Made
/// once per column (`Column.cellKeys`); groups and panels then compare integers, not texts.
public struct CellKeys: Sendable {
    /// Per row, the index of its cell among the distinct ones (0 for the first to appear).
    public let rows: [UInt32]
    /// Per distinct cell, the first row holding it.
    public let firsts: [Int]

    /// Keys already made: `codes` meeting `distinct` keys in order (`TextCells`).
    public init(codes: [UInt32], distinct: Int) {
        var firsts = [Int](repeating: -1, count: distinct)
        var found = 0
        for (row, code) in codes.enumerated() where firsts[Int(code)] < 0 {
            firsts[Int(code)] = row
            found += 1
            if found == distinct { break }
        }
        self.rows = codes
        self.firsts = firsts
    }

    init<S: Sequence>(_ cells: S) where S.Element: Hashable {
        var index = [S.Element: UInt32]()
        var rows = [UInt32]()
        var firsts = [Int]()
        for (row, cell) in cells.enumerated() {
            if let known = index[cell] {
                rows.append(known)
            } else {
                let key = UInt32(firsts.count)
                index[cell] = key
                firsts.append(row)
                rows.append(key)
            }
        }
        self.rows = rows
        self.firsts = firsts
    }

    /// The distinct cells among the rows `keep` holds (every row when nil), in order of
    /// first appearance there: their keys.
    public func keys(keeping keep: [Bool]?) -> [Int] {
        guard let keep else { return Array(firsts.indices) }
        var seen = [Bool](repeating: false, count: firsts.count)
        var order = [Int]()
        for (row, key) in rows.enumerated() where row < keep.count && keep[row] {
            let k = Int(key)
            if !seen[k] {
                seen[k] = true
                order.append(k)
                if order.count == firsts.count { break }
            }
        }
        return order
    }
}
