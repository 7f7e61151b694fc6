import ChartbookModel

/// Rows grouped by key and `by=` group and aggregated in one pass: each row's key is
/// found (`RowKeys`), its group looked up (the last key is kept, so rows in x order cost no
/// lookup) and its value added to the group's `Accumulator`. Groups are ordered by key
/// (numbers ascending, text in order of first appearance), then by group (in order of
/// first appearance).
struct Grouping {
    /// Per group: the index of its key in `keyNumbers`/`keyTexts`, and of its `by=` value in `byNames`.
    var keyOf: [Int] = []
    var byOf: [Int] = []
    /// The distinct keys, in order of first appearance.
    var keyNumbers: [Double] = []
    var keyTexts: [String] = []
    var byNames: [String] = []
    /// Kept rows without a key.
    var leftOut = 0
    var accumulator: Accumulator
    let kind: Column.Kind
    let unit: TimeUnit?

    init(_ input: TableExecutor.Input, _ keys: RowKeys, _ op: Aggregation) {
        kind = keys.kind
        unit = keys.unit
        accumulator = Accumulator(op, counting: input.y == nil)
        var groups = GroupIndex(input)
        // Looked up once, not per row (a copy of a column per row cost a fifth of a long
        // file's `by=`, issue 53).
        let rows = Rows(by: input.by, cells: groups.byCells, y: input.y)
        switch keys.source {
        case .numbers(let x, var binning):
            var lastX = Double.nan, lastKey = -1
            for row in 0..<input.count where input.keeps(row) {
                let value = x[row]
                if value != lastX || lastKey < 0 {
                    let key = Self.key(of: value, &binning)
                    lastX = value
                    lastKey =
                        key.isNaN ? -1 : Self.index(of: key, in: &groups.numbers, list: &keyNumbers)
                }
                guard lastKey >= 0 else {
                    leftOut += 1
                    continue
                }
                add(row, key: lastKey, &groups, rows)
            }
        case .text(let column):
            for row in 0..<input.count where input.keeps(row) {
                let text = column.text(at: row)
                guard !text.isEmpty else {
                    leftOut += 1
                    continue
                }
                add(
                    row, key: Self.index(of: text, in: &groups.texts, list: &keyTexts), &groups,
                    rows)
            }
        }
    }

    /// Adds `row` to the group of `key` and its `by=` value, made when new. The `by=` value is
    /// the row's cell key (`CellKeys`, found once per column), named once per distinct cell,
    /// and the group is found in a table by key and value: no text is copied or hashed per
    /// row (issue 53: a long-format file's `by=host` hashed a string and an id per row).
    private mutating func add(_ row: Int, key: Int, _ groups: inout GroupIndex, _ rows: Rows) {
        let group: Int
        if rows.grouped {
            // (Read in place: a copy of the column or its keys per row cost a fifth of a
            // long file's `by=`.)
            let code = Int(rows.cells.rows[row])
            var b = groups.byOfCell[code]
            if b < 0 {
                b = Self.index(
                    of: rows.by?.text(at: rows.cells.firsts[code]) ?? "", in: &groups.by,
                    list: &byNames)
                groups.byOfCell[code] = b
            }
            let width = rows.cells.firsts.count
            if width <= GroupIndex.tabled {
                let slot = key &* width &+ code
                if groups.groupOf.count <= slot {
                    let keys = slot / width + 1
                    groups.groupOf.append(
                        contentsOf: repeatElement(-1, count: keys * width - groups.groupOf.count))
                }
                if groups.groupOf[slot] >= 0 {
                    group = Int(groups.groupOf[slot])
                } else {
                    group = newGroup(key: key, by: b)
                    groups.groupOf[slot] = Int32(truncatingIfNeeded: group)
                }
            } else {
                let id = key &* (rows.cells.rows.count &+ 1) &+ b
                if let g = groups.ids[id] {
                    group = g
                } else {
                    group = newGroup(key: key, by: b)
                    groups.ids[id] = group
                }
            }
        } else {
            // Without groups, keys are met in the order groups are made: group k is key k.
            group = key < keyOf.count ? key : newGroup(key: key, by: 0)
        }
        accumulator.add(rows.y?[row] ?? 1, to: group)
    }

    /// What `add` reads of every row: the `by=` column, its cell keys (none without one:
    /// `grouped` false) and the values.
    struct Rows {
        let by: Column?
        let cells: CellKeys
        let grouped: Bool
        let y: [Double]?

        init(by: Column?, cells: CellKeys?, y: [Double]?) {
            self.by = by
            self.cells = cells ?? CellKeys(codes: [], distinct: 0)
            grouped = by != nil && cells != nil
            self.y = y
        }
    }

    private mutating func newGroup(key: Int, by: Int) -> Int {
        keyOf.append(key)
        byOf.append(by)
        accumulator.addGroup()
        return keyOf.count - 1
    }

    /// The key of an x value: itself, its bin's centre, or its calendar unit's key.
    private static func key(of x: Double, _ binning: inout RowKeys.Binning) -> Double {
        guard x.isFinite else { return .nan }
        switch binning {
        case .none: return x
        case .step(let w): return XBin.centre(of: x, step: w)
        case .time(var binner):
            let key = binner.key(of: x)
            binning = .time(binner)
            return key
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

/// The lookups a grouping pass keeps: keys and `by=` values to indices, and per key the
/// group of each `by=` cell.
struct GroupIndex {
    var numbers = [Double: Int]()
    var texts = [String: Int]()
    var by = [String: Int]()
    /// The `by=` column's cells as keys; nil without `by=`.
    let byCells: CellKeys?
    /// Per distinct `by=` cell, its index in `byNames` (-1 until a kept row holds it: names
    /// are listed in the order kept rows meet them).
    var byOfCell: [Int]
    /// Per key, per distinct `by=` cell (key × cells + cell), its group (-1: none yet), when
    /// the cells are at most `tabled`; else (key, `by=` index) pairs in `ids`.
    var groupOf: [Int32] = []
    var ids = [Int: Int]()
    static let tabled = 64

    init(_ input: TableExecutor.Input) {
        byCells = input.by?.cellKeys
        byOfCell = [Int](repeating: -1, count: byCells?.firsts.count ?? 0)
    }
}
