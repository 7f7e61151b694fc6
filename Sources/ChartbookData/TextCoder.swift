import ChartbookModel

/// A text column's cells as pass 2 of the reader meets them, coded by their bytes
/// (`TextCells`, issue 53): a cell whose bytes were met before costs a hash of them and
/// one comparison — no `String` is made, hashed or kept per row; each distinct text is made
/// once. Where `TextCells.keepsCoding` stops holding (ids, messages), the cells met so far
/// become strings and every later one its own. Where the numeric pass stepped over the
/// column (`FastNumericParser.tallied`), the coder also tallies it (`classifying`): each
/// distinct cell classified once and counted for every row that holds it.
struct TextCoder {
    /// Per slot of the open-addressing table: the index of the name stored there, −1 empty.
    private var slots = [Int32](repeating: -1, count: 64)
    /// Per name: its bytes' hash and where its bytes are in `arena`.
    private var hashes = [UInt64]()
    private var spans = [Range<Int>]()
    private var arena = [UInt8]()
    private(set) var names = [String]()
    private(set) var codes = [UInt32]()
    /// The cells as strings, once coding gave up (nil while coding).
    private(set) var plain: [String]?
    /// Bytes held (a code a row and the names, or a `String` a cell), for the budget.
    private(set) var bytes = 0
    /// Whether the cells are tallied too; per name its facts while coding, and the tally
    /// of the cells met since coding gave up.
    let classifying: Bool
    private var facts = [CellFacts]()
    /// The cells met since coding gave up, counted by their facts.
    private var plainFacts = [CellFacts: Int]()

    init(reserving rows: Int, classifying: Bool = false) {
        codes.reserveCapacity(rows)
        self.classifying = classifying
    }

    /// Adds the cell of bytes `base[start..<end]` (as they are in the file, quotes and all);
    /// `text` makes its text and `classify` its facts (when `classifying`) — each called
    /// once per distinct cell while coding.
    mutating func add(
        _ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int, text: () -> String,
        classify: () -> CellFacts = { [] }
    ) {
        if plain != nil {
            let made = text()
            bytes += Self.size(of: made)
            plain?.append(made)
            if classifying { plainFacts[classify(), default: 0] += 1 }
            return
        }
        let hash = Self.hash(base + start, end - start)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] >= 0 {
            let name = Int(slots[slot])
            if hashes[name] == hash, equal(name, base + start, end - start) {
                codes.append(UInt32(name))
                bytes += 4
                return
            }
            slot = (slot + 1) & mask
        }
        guard TextCells.keepsCoding(names: names.count, rows: codes.count) else {
            giveUp()
            add(base, start, end, text: text, classify: classify)
            return
        }
        if classifying { facts.append(classify()) }
        let made = text()
        slots[slot] = Int32(names.count)
        hashes.append(hash)
        spans.append(arena.count..<arena.count + (end - start))
        arena.append(contentsOf: UnsafeBufferPointer(start: base + start, count: end - start))
        codes.append(UInt32(names.count))
        names.append(made)
        bytes += 4 + Self.size(of: made) + (end - start)
        if names.count * 2 > slots.count { grow() }
    }

    /// The cells, coded or not (`TextCells.worthCoding`).
    var cells: TextCells {
        if let plain { return TextCells(uncoded: plain) }
        guard TextCells.worthCoding(names: names.count, rows: codes.count) else {
            return TextCells(uncoded: codes.map { names[Int($0)] })
        }
        return TextCells.firstMet(names: names, codes: codes)
    }

    /// A `String`'s storage: 16 bytes inline, more for longer text.
    static func size(of text: String) -> Int {
        MemoryLayout<String>.stride + (text.utf8.count > 15 ? text.utf8.count : 0)
    }

    /// FNV-1a of `count` bytes at `p`: the cells are short, and it needs no setup.
    private static func hash(_ p: UnsafePointer<UInt8>, _ count: Int) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for i in 0..<count { h = (h ^ UInt64(p[i])) &* 0x100_0000_01b3 }
        return h ^ (h >> 29)
    }

    private func equal(_ name: Int, _ p: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let span = spans[name]
        guard span.count == count else { return false }
        return arena.withUnsafeBufferPointer { stored in
            for i in 0..<count where stored[span.lowerBound + i] != p[i] { return false }
            return true
        }
    }

    /// Twice the slots, every name placed again.
    private mutating func grow() {
        slots = [Int32](repeating: -1, count: slots.count * 2)
        let mask = slots.count - 1
        for (name, hash) in hashes.enumerated() {
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot] >= 0 { slot = (slot + 1) & mask }
            slots[slot] = Int32(name)
        }
    }

    /// Adds the cells' tally (`classifying`) to column `c` of `tally`.
    func tally(into tally: inout FieldScanner.Tally, column c: Int) {
        for (cellFacts, count) in plainFacts { tally.add(cellFacts, weight: count, column: c) }
        var weights = [Int](repeating: 0, count: facts.count)
        for code in codes { weights[Int(code)] += 1 }
        for (name, weight) in weights.enumerated() {
            tally.add(facts[name], weight: weight, column: c)
        }
    }

    /// Every cell so far as a string; the table let go (their tally kept).
    private mutating func giveUp() {
        if classifying {
            for code in codes { plainFacts[facts[Int(code)], default: 0] += 1 }
        }
        facts = []
        let strings = codes.map { names[Int($0)] }
        bytes = strings.reduce(0) { $0 + Self.size(of: $1) }
        plain = strings
        (slots, hashes, spans, arena, names, codes) = ([], [], [], [], [], [])
    }
}
