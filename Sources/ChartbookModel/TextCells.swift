/// A text column's cells. Where few texts repeat over many rows — a long-format file's
/// `host`, a log's `level` — they are kept coded (issue 53): the distinct texts once
/// (`names`, in order of first appearance) and per row its text's index among them
/// (`codes`), 4 bytes a row instead of a `String`'s 16, and what groups rows (`by=`,
/// facets, `describe`'s distinct count) reads integers. Otherwise each cell is its own
/// `String`. Either way the cells read the same: a collection of strings.
///
/// Invariant of the coded form: `names` are distinct, every code is below `names.count`,
/// and the codes meet the names in order (the first row holds code 0, and each row's code
/// is at most one more than the largest before it) — so equal cells are equal values.
public struct TextCells: RandomAccessCollection, Equatable, Sendable, ExpressibleByArrayLiteral {
    enum Storage: Sendable {
        case plain([String])
        case coded(names: [String], codes: [UInt32])
    }

    private(set) var storage: Storage

    /// The cells as they are, coded when few distinct texts repeat (`TextCells.coding`).
    public init(_ cells: [String]) {
        storage =
            Self.coding(cells).map { .coded(names: $0.names, codes: $0.codes) } ?? .plain(cells)
    }

    public init(arrayLiteral elements: String...) { self.init(elements) }

    /// The cells each a `String` of its own, as a coder that judged them not worth coding
    /// leaves them.
    public init(uncoded cells: [String]) { storage = .plain(cells) }

    /// Coded cells: `names` distinct in the order `codes` first meet them (the invariant;
    /// `canonical(names:codes:)` makes it hold for any codes).
    init(names: [String], codes: [UInt32]) { storage = .coded(names: names, codes: codes) }

    /// Coded cells whose `codes` meet `names` in order (a scan numbering texts as it first
    /// meets them); names that read alike (two spellings of one text) are made one.
    public static func firstMet(names: [String], codes: [UInt32]) -> TextCells {
        guard Set(names).count == names.count else { return canonical(names: names, codes: codes) }
        return TextCells(names: names, codes: codes)
    }

    /// Coded cells from any coding — names perhaps repeated (two spellings read as one text)
    /// or met out of order (parts of a file coded apart): renumbered so that the invariant
    /// holds. One pass over the codes.
    public static func canonical(names: [String], codes: [UInt32]) -> TextCells {
        var first = [String: UInt32]()
        var renamed = [UInt32](repeating: .max, count: names.count)
        var ordered = [String]()
        var out = codes
        out.withUnsafeMutableBufferPointer { rows in
            for i in rows.indices {
                let code = Int(rows[i])
                var new = renamed[code]
                if new == .max {
                    if let known = first[names[code]] {
                        new = known
                    } else {
                        new = UInt32(ordered.count)
                        first[names[code]] = new
                        ordered.append(names[code])
                    }
                    renamed[code] = new
                }
                rows[i] = new
            }
        }
        return TextCells(names: ordered, codes: out)
    }

    /// Most distinct texts a coded column holds: beyond, its cells are mostly apart (ids,
    /// messages) and coding them costs more than it saves.
    public static let mostCodedNames = 1 << 16

    /// Whether a column whose first `rows` cells hold `names` distinct texts is still worth
    /// coding (at most `mostCodedNames`; past 2¹⁶ rows, at most one for every two cells):
    /// the one rule of every coder, checked as each new text is met.
    public static func keepsCoding(names: Int, rows: Int) -> Bool {
        names < mostCodedNames && (rows < 1 << 16 || names * 2 <= rows)
    }

    /// Whether `rows` cells of `names` distinct texts are kept coded: where at least half the
    /// cells repeat a text before them.
    public static func worthCoding(names: Int, rows: Int) -> Bool { names * 2 <= rows }

    /// `cells` coded, while `keepsCoding` holds and when `worthCoding`; nil otherwise.
    static func coding(_ cells: [String]) -> (names: [String], codes: [UInt32])? {
        var index = [String: UInt32](), names = [String](), codes = [UInt32]()
        codes.reserveCapacity(cells.count)
        for cell in cells {
            if let code = index[cell] {
                codes.append(code)
            } else {
                guard keepsCoding(names: names.count, rows: codes.count) else { return nil }
                index[cell] = UInt32(names.count)
                codes.append(UInt32(names.count))
                names.append(cell)
            }
        }
        return worthCoding(names: names.count, rows: codes.count) ? (names, codes) : nil
    }

    public var startIndex: Int { 0 }

    public var endIndex: Int {
        switch storage {
        case .plain(let cells): cells.count
        case .coded(_, let codes): codes.count
        }
    }

    public subscript(position: Int) -> String {
        switch storage {
        case .plain(let cells): cells[position]
        case .coded(let names, let codes): names[Int(codes[position])]
        }
    }

    /// The distinct texts in order of first appearance and each row's index among them, when
    /// the cells are coded.
    public var coded: (names: [String], codes: [UInt32])? {
        if case .coded(let names, let codes) = storage { return (names, codes) }
        return nil
    }

    /// Every cell as a `String` of its own.
    public var strings: [String] {
        switch storage {
        case .plain(let cells): cells
        case .coded(let names, let codes): codes.map { names[Int($0)] }
        }
    }

    /// The cells with `transform` applied to each distinct text (each cell's where they are
    /// not coded): a coded column stays coded, its names transformed once each.
    public func mapTexts(_ transform: (String) -> String) -> TextCells {
        switch storage {
        case .plain(let cells): TextCells(cells.map(transform))
        case .coded(let names, let codes):
            Self.canonical(names: names.map(transform), codes: codes)
        }
    }

    /// The cells of `rows`, in order ("" for a row past the end): coded ones stay coded.
    public func keeping(rows: [Int]) -> TextCells {
        if case .coded(let names, let codes) = storage, rows.allSatisfy({ $0 < codes.count }) {
            return Self.canonical(names: names, codes: rows.map { codes[$0] })
        }
        return TextCells(rows.map { $0 < count ? self[$0] : "" })
    }

    /// Appends one cell in place (amortised constant time: a stream's `push` appends a
    /// cell a row); a coded column looks `text` up among its names.
    public mutating func append(_ text: String) {
        switch storage {
        case .plain(var cells):
            storage = .plain([])
            cells.append(text)
            storage = .plain(cells)
        case .coded(var names, var codes):
            storage = .plain([])
            let code = names.firstIndex(of: text) ?? names.count
            if code == names.count { names.append(text) }
            codes.append(UInt32(code))
            storage = .coded(names: names, codes: codes)
        }
    }

    /// These cells, then `other`'s: coded ones stay coded.
    public static func + (a: TextCells, b: TextCells) -> TextCells {
        guard case .coded(let n, let c) = a.storage, case .coded(let m, let d) = b.storage else {
            return TextCells(a.strings + b.strings)
        }
        let shift = UInt32(n.count)
        return canonical(names: n + m, codes: c + d.map { $0 + shift })
    }

    /// Bytes the cells hold: a code per row and the names', or a `String` per cell (16
    /// bytes inline, more for longer text).
    public var bytes: Int {
        let stride = MemoryLayout<String>.stride
        let text = { (s: String) in stride + (s.utf8.count > 15 ? s.utf8.count : 0) }
        switch storage {
        case .plain(let cells): return cells.reduce(0) { $0 + text($1) }
        case .coded(let names, let codes):
            return codes.count * 4 + names.reduce(0) { $0 + text($1) }
        }
    }

    /// The same cells, however kept.
    public static func == (a: TextCells, b: TextCells) -> Bool {
        switch (a.storage, b.storage) {
        case (.coded(let n, let c), .coded(let m, let d)): return n == m && c == d
        case (.plain(let x), .plain(let y)): return x == y
        default: return a.count == b.count && a.elementsEqual(b)
        }
    }
}
