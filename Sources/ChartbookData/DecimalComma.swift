import ChartbookModel

/// Numbers written with a decimal comma — `-1,7`, `1.234,5` — as spreadsheets in most of
/// Europe write a `;`-separated file (`load … decimal=`). Read only from columns already held
/// as text: the decimal point stays the reading of every cell that has one
/// (`LoadOptions.DecimalMark`).
public enum DecimalComma {
    /// One cell read with `,` as the decimal mark.
    struct Reading: Equatable {
        var value: Double
        /// `1,234` or `-12,500`: a comma with three digits after it and at most three before,
        /// which a file of decimal points would write for 1234 — its grouping of thousands.
        var ambiguous: Bool
        /// A comma or a grouping point was read (not a plain whole number).
        var marked: Bool
    }

    /// `text` (blanks around it ignored) as `[+-]digits[,digits][e[+-]digits]`, the digits
    /// before the comma either plain or grouped by points in threes (`1.234.567`); nil when
    /// it is not such a number. The value is the one the same digits with a point give.
    static func read(_ text: String) -> Reading? {
        // Most text cells end here, on their first letter, before anything is copied.
        guard let lead = text.utf8.first(where: { $0 != 32 && $0 != 9 }),
            isDigit(lead) || lead == UInt8(ascii: "-") || lead == UInt8(ascii: "+")
        else { return nil }
        let bytes = Array(text.trimmingSpaces.utf8)
        var index = 0
        var normal = [UInt8]()
        if index < bytes.count,
            bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
        {
            normal.append(bytes[index])
            index += 1
        }
        // The whole part: digits, grouped in threes after its first group where points appear.
        var group = 0, groups = 0, firstGroup = 0
        while index < bytes.count {
            let b = bytes[index]
            if isDigit(b) {
                normal.append(b)
                group += 1
            } else if b == UInt8(ascii: ".") {
                guard group > 0, groups == 0 ? group <= 3 : group == 3 else { return nil }
                if groups == 0 { firstGroup = group }
                groups += 1
                group = 0
            } else {
                break
            }
            index += 1
        }
        guard group > 0, groups == 0 || group == 3 else { return nil }
        if groups == 0 { firstGroup = group }
        var fraction = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ",") {
            normal.append(UInt8(ascii: "."))
            index += 1
            while index < bytes.count, isDigit(bytes[index]) {
                normal.append(bytes[index])
                fraction += 1
                index += 1
            }
            guard fraction > 0 else { return nil }
        }
        // An exponent, as the point's reading takes it.
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            normal.append(bytes[index])
            index += 1
            if index < bytes.count,
                bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
            {
                normal.append(bytes[index])
                index += 1
            }
            let digitsStart = index
            while index < bytes.count, isDigit(bytes[index]) {
                normal.append(bytes[index])
                index += 1
            }
            guard index > digitsStart else { return nil }
        }
        guard index == bytes.count,
            let value = NumberParser.parse(String(decoding: normal, as: UTF8.self)),
            value.isFinite
        else { return nil }
        return Reading(
            value: value, ambiguous: groups == 0 && fraction == 3 && firstGroup <= 3,
            marked: groups > 0 || fraction > 0)
    }

    /// A column of `cells` (one a row) read with a decimal comma: its values (missing
    /// values and cells that are not such numbers as NaN) and how many present cells are
    /// not such numbers — or nil when it stays text: when most of its present cells are not
    /// such numbers (the rule by which a column of points is text), or, under `auto`, when
    /// the file is separated by commas or no cell tells a decimal comma from a point's
    /// grouping (every one is `1,234`-like or a plain whole number).
    static func column(_ cells: [String], mark: LoadOptions.DecimalMark, separator: UInt8)
        -> (numbers: [Double], unreadable: Int)?
    {
        guard mark != .point, mark == .comma || separator != UInt8(ascii: ",") else { return nil }
        // Counted first, and given up as soon as most cells cannot be such numbers: a text
        // column (names, hosts) costs a look at each cell's first letter.
        var present = 0, unreadable = 0, telling = false
        for cell in cells {
            if let reading = read(cell) {
                present += 1
                if reading.marked && !reading.ambiguous { telling = true }
            } else if !isBlankOrMissing(cell) {
                present += 1
                unreadable += 1
                if unreadable * 2 > cells.count { return nil }
            }
        }
        guard present > 0, unreadable * 2 <= present, mark == .comma || telling else {
            return nil
        }
        return (cells.map { read($0)?.value ?? .nan }, unreadable)
    }

    /// Whether `cell` is blank or a missing-value word (`MissingValue`).
    private static func isBlankOrMissing(_ cell: String) -> Bool {
        var cell = cell
        return cell.withUTF8 { bytes in
            var start = 0, end = bytes.count
            while start < end, bytes[start] == 32 || bytes[start] == 9 { start += 1 }
            while end > start, bytes[end - 1] == 32 || bytes[end - 1] == 9 { end -= 1 }
            // Most text is passed by on its first letter.
            return start == end
                || (MissingValue.leads.contains(bytes[start] | 0x20)
                    && MissingValue.isMissing(bytes, start, end))
        }
    }

    /// A cell of a text column that `decimal=,` would read as a number — the column's
    /// first cell with a comma, when the column would be numbers so — for the hint of a
    /// column used as numbers; nil otherwise.
    public static func example(in column: Column) -> String? {
        guard case .text(let cells) = column.values,
            Self.column(cells, mark: .comma, separator: UInt8(ascii: ";")) != nil
        else { return nil }
        return cells.first { read($0)?.marked == true }
    }

    private static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }
}
