import ChartbookModel

/// Rows grouped by key and `by=` group, found in one pass: each group's key, its `by=`
/// value, and the rows it holds — ordered by key (numbers ascending, text in order of first
/// appearance), then by group (in order of first appearance).
struct Grouping {
    /// The group of each row; -1 for rows without a key.
    var groupOfRow: [Int32]
    /// Per group: the index of its key in `keys`, and of its `by=` value in `byNames`.
    var keyOf: [Int] = []
    var byOf: [Int] = []
    /// The distinct keys, in order of first appearance.
    var keyNumbers: [Double] = []
    var keyTexts: [String] = []
    var byNames: [String] = []
    let keys: RowKeys

    init(_ input: TableExecutor.Input, _ keys: RowKeys) {
        self.keys = keys
        groupOfRow = Array(repeating: -1, count: input.count)
        var numberIndex = [Double: Int](), textIndex = [String: Int]()
        var byIndex = [String: Int](), groupIndex = [Int: Int32]()
        var lastKey = Double.nan, lastKeyIndex = -1
        for row in 0..<input.count {
            let k: Int
            switch keys.values {
            case .numbers(let v):
                let key = v[row]
                guard !key.isNaN else { continue }
                if key != lastKey {
                    lastKeyIndex = Self.index(of: key, in: &numberIndex, list: &keyNumbers)
                    lastKey = key
                }
                k = lastKeyIndex
            case .text(let t):
                guard !t[row].isEmpty else { continue }
                k = Self.index(of: t[row], in: &textIndex, list: &keyTexts)
            }
            // Without groups, keys are met in the order groups are made: group k is key k.
            guard input.by != nil else {
                if k == keyOf.count {
                    keyOf.append(k)
                    byOf.append(0)
                }
                groupOfRow[row] = Int32(k)
                continue
            }
            let b =
                input.by.map { Self.index(of: $0.text(at: row), in: &byIndex, list: &byNames) } ?? 0
            let id = k &* (input.count + 1) &+ b
            if let g = groupIndex[id] {
                groupOfRow[row] = g
            } else {
                let g = Int32(keyOf.count)
                groupIndex[id] = g
                keyOf.append(k)
                byOf.append(b)
                groupOfRow[row] = g
            }
        }
    }

    /// The index of `value` in `list`, appended when new.
    static func index<T: Hashable>(of value: T, in index: inout [T: Int], list: inout [T]) -> Int {
        if let i = index[value] { return i }
        index[value] = list.count
        list.append(value)
        return list.count - 1
    }

    var count: Int { keyOf.count }

    /// The groups in output order: by key, then by `by=` value.
    var ordered: [Int] {
        let numeric = !keyNumbers.isEmpty
        return (0..<count).sorted { a, b in
            let (ka, kb) = (keyOf[a], keyOf[b])
            if ka != kb { return numeric ? keyNumbers[ka] < keyNumbers[kb] : ka < kb }
            return byOf[a] < byOf[b]
        }
    }
}
