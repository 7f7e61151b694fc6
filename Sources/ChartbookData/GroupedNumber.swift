import ChartbookModel

/// Numbers as spreadsheets write them for people: a decimal comma (`-1,7`, `1.234,5`, as
/// most of Europe writes a `;`-separated file) or thousands grouped by commas (`1,234,567`,
/// `"1,234.50"`, as a sheet formatted so exports) — `load … decimal=`. Read only from columns
/// that are text when read plainly: a cell that is a plain number keeps that reading.
public enum GroupedNumber {
    /// A way of writing numbers: which mark is the decimal one and which groups thousands.
    enum Convention: CaseIterable {
        /// `1,234.5`: a decimal point, commas grouping.
        case point
        /// `1.234,5`: a decimal comma, points grouping.
        case comma

        var decimal: UInt8 { self == .point ? UInt8(ascii: ".") : UInt8(ascii: ",") }
        var group: UInt8 { self == .point ? UInt8(ascii: ",") : UInt8(ascii: ".") }
        var other: Convention { self == .point ? .comma : .point }
        var mark: LoadOptions.DecimalMark { self == .point ? .point : .comma }
    }

    /// `text` (blanks around it ignored) as `[+-]digits[D digits][e[+-]digits]` in
    /// `convention` (D its decimal mark), the digits before it either plain or grouped in
    /// threes by its grouping mark; nil when it is not such a number. The value is the one
    /// the same digits with a point give.
    static func read(_ text: String, _ convention: Convention) -> Double? {
        // Most text cells end at their first letter, before anything is copied.
        reading(text, convention)?.value
    }

    /// Whether a number of these may start with `lead`: a digit or a sign.
    static func mayStart(_ lead: UInt8) -> Bool {
        isDigit(lead) || lead == UInt8(ascii: "-") || lead == UInt8(ascii: "+")
    }

    /// Whether `base[start..<end]` (a cell that is not a plain number; blanks around it
    /// ignored) tells a decimal comma or points grouping thousands (`13.100.000`, `4,0`):
    /// what the readers tally so that a column of numbers is read again only where one does
    /// (`FieldScanner.Tally.commaTold`).
    static func tellsComma(_ base: UnsafePointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var s = start, e = end
        while s < e, base[s] == 32 || base[s] == 9 { s += 1 }
        while e > s, base[e - 1] == 32 || base[e - 1] == 9 { e -= 1 }
        guard s < e, mayStart(base[s]) else { return false }
        let bytes = Array(UnsafeBufferPointer(start: base + s, count: e - s))
        return read(bytes, .comma) != nil && read(bytes, .point) == nil
    }

    /// `bytes` (trimmed) read in `convention`.
    static func read(_ bytes: [UInt8], _ convention: Convention) -> Double? {
        reading(bytes, convention)?.value
    }

    /// One cell read in `convention`: its value, and whether it is four groups and nothing
    /// more — `10.100.200.250`: an address or a version as much as a number in the billions.
    static func reading(_ bytes: [UInt8], _ convention: Convention)
        -> (value: Double, addressLike: Bool)?
    {
        var cursor = Cursor(bytes: bytes)
        cursor.sign()
        guard cursor.whole(grouping: convention.group), cursor.fraction(convention.decimal),
            cursor.exponent(), cursor.atEnd,
            let value = NumberParser.parse(String(decoding: cursor.normal, as: UTF8.self)),
            value.isFinite
        else { return nil }
        return (value, cursor.groups == 3 && !cursor.fractional && !cursor.exponential)
    }

    /// `text` (trimmed) read in `convention`; nil at once for text that starts with no digit
    /// or sign.
    static func reading(_ text: String, _ convention: Convention)
        -> (value: Double, addressLike: Bool)?
    {
        guard let lead = text.utf8.first(where: { $0 != 32 && $0 != 9 }), mayStart(lead) else {
            return nil
        }
        return reading(Array(text.trimmingSpaces.utf8), convention)
    }

    /// One cell as `let … = number(x)` reads it: a plain number, or one written with a
    /// decimal point and commas grouping thousands (`1,234.5`) — with `decimalComma`, a
    /// decimal comma and points grouping (`1.234,5`); nil when it is none.
    public static func value(_ text: String, decimalComma: Bool) -> Double? {
        if !decimalComma, let plain = NumberParser.parse(text.trimmingSpaces), plain.isFinite {
            return plain
        }
        return read(text, decimalComma ? .comma : .point)
    }

    /// Whether `text` reads in `convention` and not in the other: `4,0` tells a decimal
    /// comma, `1,234.5` or `1,234,567` commas grouping; `1,250` and `7` tell neither.
    static func tells(_ text: String, _ convention: Convention) -> Bool {
        read(text, convention) != nil && read(text, convention.other) == nil
    }

    /// A column of `cells` (one a row) read as `mark` says: its values (missing values and
    /// cells that are not such numbers as NaN) and how many present cells are not such
    /// numbers — or nil when it stays text. With `.auto`, a file separated by commas groups
    /// thousands by commas (`"1,250"` is 1250); another file's column is read in the
    /// convention some cell tells and none contradicts (`4,0`: a decimal comma).
    static func column(_ cells: TextCells, mark: LoadOptions.DecimalMark, separator: UInt8)
        -> (numbers: [Double], unreadable: Int)?
    {
        switch mark {
        case .point: return column(cells, .point, telling: false)
        case .comma: return column(cells, .comma, telling: false)
        case .auto:
            if separator == UInt8(ascii: ",") { return column(cells, .point, telling: false) }
            return column(cells, .comma, telling: true) ?? column(cells, .point, telling: true)
        }
    }

    /// `cells` in `convention` when most present ones read so (the rule by which a column of
    /// plain numbers is text) and, where `telling`, one tells it, none tells the other, and
    /// not every one that tells it is four groups and nothing more (`10.100.200.250`: as
    /// likely addresses as numbers). Coded cells are read once per distinct text.
    static func column(_ cells: TextCells, _ convention: Convention, telling: Bool)
        -> (numbers: [Double], unreadable: Int)?
    {
        guard let (names, codes) = cells.coded else {
            return judged(cells.lazy.map { ($0, 1) }, count: cells.count, convention, telling)
        }
        var weights = [Int](repeating: 0, count: names.count)
        for code in codes { weights[Int(code)] += 1 }
        guard
            let read = judged(
                zip(names, weights).lazy.map { ($0, $1) }, count: codes.count, convention,
                telling)
        else { return nil }
        return (codes.map { read.numbers[Int($0)] }, read.unreadable)
    }

    /// `column`'s rule over texts each standing for `weight` cells (`count` in all): a
    /// number per text, and the cells unreadable. Given up as soon as most cells cannot be
    /// such numbers: a text column (names, hosts) costs a look at each text's first letter.
    private static func judged(
        _ texts: some Sequence<(String, Int)>, count: Int, _ convention: Convention,
        _ telling: Bool
    ) -> (numbers: [Double], unreadable: Int)? {
        var numbers = [Double]()
        var present = 0, unreadable = 0, told = false, onlyAddresses = true
        for (cell, weight) in texts {
            let read = reading(cell, convention)
            numbers.append(read?.value ?? .nan)
            if let read {
                present += weight
                // Reading the other way too tells which of the two the cell is.
                if telling, reading(cell, convention.other) == nil {
                    told = true
                    onlyAddresses = onlyAddresses && read.addressLike
                }
            } else if !MissingValue.isBlankOrMissing(cell) {
                present += weight
                unreadable += weight
                if unreadable * 2 > count { return nil }
                if telling, reading(cell, convention.other) != nil { return nil }
            }
        }
        guard present > 0, unreadable * 2 <= present else { return nil }
        guard !telling || (told && !onlyAddresses) else { return nil }
        return (numbers, unreadable)
    }

    /// What the hint of a text column used as numbers shows: one of its cells with a mark,
    /// and the `decimal=` values that would read the column as numbers.
    public struct Example: Equatable, Sendable {
        public var cell: String
        public var marks: [LoadOptions.DecimalMark]
    }

    /// The hint's example for `column`; nil when no `decimal=` would read it as numbers.
    public static func example(in column: Column) -> Example? {
        guard case .text(let cells) = column.values else { return nil }
        let marks = Convention.allCases.filter { self.column(cells, $0, telling: false) != nil }
        guard !marks.isEmpty,
            let cell = cells.first(where: { cell in
                marks.contains { read(cell, $0) != nil }
                    && cell.utf8.contains { $0 == 44 || $0 == 46 }
            })
        else { return nil }
        return Example(cell: cell, marks: marks.map(\.mark))
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

    /// A cell's bytes as they are read, and the same number written with a point.
    struct Cursor {
        let bytes: [UInt8]
        var index = 0
        var normal = [UInt8]()
        /// Grouping marks read, and whether a fraction or an exponent was.
        var groups = 0, fractional = false, exponential = false

        var atEnd: Bool { index == bytes.count }
        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func sign() {
            if let c = current, c == UInt8(ascii: "-") || c == UInt8(ascii: "+") {
                normal.append(c)
                index += 1
            }
        }

        /// Digits, grouped in threes by `grouping` after a first group of one to three.
        mutating func whole(grouping: UInt8) -> Bool {
            var group = 0
            while let c = current {
                if GroupedNumber.isDigit(c) {
                    normal.append(c)
                    group += 1
                } else if c == grouping {
                    guard group > 0, groups == 0 ? group <= 3 : group == 3 else { return false }
                    groups += 1
                    group = 0
                } else {
                    break
                }
                index += 1
            }
            return group > 0 && (groups == 0 || group == 3)
        }

        /// The decimal mark and one digit or more, if there.
        mutating func fraction(_ decimal: UInt8) -> Bool {
            guard current == decimal else { return true }
            fractional = true
            normal.append(UInt8(ascii: "."))
            index += 1
            let start = index
            while let c = current, GroupedNumber.isDigit(c) {
                normal.append(c)
                index += 1
            }
            return index > start
        }

        /// `e[+-]digits`, if there.
        mutating func exponent() -> Bool {
            guard let e = current, e | 0x20 == UInt8(ascii: "e") else { return true }
            exponential = true
            normal.append(e)
            index += 1
            sign()
            let start = index
            while let c = current, GroupedNumber.isDigit(c) {
                normal.append(c)
                index += 1
            }
            return index > start
        }
    }
}
