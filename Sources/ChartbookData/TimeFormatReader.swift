import ChartbookModel

/// Reads one cell against a `TimeFormat`'s pieces, left to right, collecting the fields.
struct TimeFormatReader {
    let bytes: [UInt8]
    var at = 0
    var year: Int?, month = 1, day = 1, dayOfYear: Int?
    var hour = 0, minute = 0, second = 0.0, pm: Bool?
    var offset: Int?
    var hasTime = false

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { at == bytes.count }

    mutating func read(_ piece: TimeFormat.Piece) -> Bool {
        switch piece {
        case .literal(let byte):
            guard at < bytes.count, bytes[at] == byte else { return false }
            at += 1
            return true
        case .year:
            let negative = at < bytes.count && bytes[at] == UInt8(ascii: "-")
            if negative { at += 1 }
            guard let y = number(4) else { return false }
            year = negative ? -y : y
        case .shortYear:
            guard let y = number(2) else { return false }
            year = y < 69 ? 2000 + y : 1900 + y
        case .month:
            guard let m = field(2, 1...12) else { return false }
            month = m
        case .day:
            guard let d = field(2, 1...31) else { return false }
            day = d
        case .dayOfYear:
            guard let d = number(3), (1...366).contains(d) else { return false }
            dayOfYear = d
        case .hour, .hour12:
            hasTime = true
            guard let h = field(2, piece == .hour ? 0...23 : 1...12) else { return false }
            hour = h
        case .minute:
            guard let m = field(2, 0...59) else { return false }
            minute = m
        case .second: return readSecond()
        case .amPm: return readAmPm()
        case .monthName: return readMonthName()
        case .zone: return readZone()
        }
        return true
    }

    /// Up to `width` digits, at least one.
    mutating func number(_ width: Int) -> Int? {
        var value = 0, digits = 0
        while digits < width, at < bytes.count, bytes[at] >= 48, bytes[at] <= 57 {
            value = value * 10 + Int(bytes[at] - 48)
            at += 1
            digits += 1
        }
        return digits > 0 ? value : nil
    }

    /// A number of up to `width` digits within `range`.
    mutating func field(_ width: Int, _ range: ClosedRange<Int>) -> Int? {
        guard let value = number(width), range.contains(value) else { return nil }
        return value
    }

    mutating func readSecond() -> Bool {
        hasTime = true
        guard let s = number(2), s <= 60 else { return false }
        second = Double(s)
        if at < bytes.count, bytes[at] == UInt8(ascii: ".") || bytes[at] == UInt8(ascii: ",") {
            at += 1
            var scale = 0.1, any = false
            while at < bytes.count, bytes[at] >= 48, bytes[at] <= 57 {
                second += Double(bytes[at] - 48) * scale
                scale /= 10
                at += 1
                any = true
            }
            return any
        }
        return true
    }

    mutating func readAmPm() -> Bool {
        guard at + 1 < bytes.count else { return false }
        let word = String(decoding: bytes[at...(at + 1)], as: UTF8.self).uppercased()
        guard word == "AM" || word == "PM" else { return false }
        pm = word == "PM"
        at += 2
        return true
    }

    mutating func readMonthName() -> Bool {
        var end = at
        while end < bytes.count, (bytes[end] | 0x20) >= 97, (bytes[end] | 0x20) <= 122 { end += 1 }
        let word = String(decoding: bytes[at..<end], as: UTF8.self).lowercased()
        guard word.count >= 3,
            let index = CivilCalendar.monthNames.firstIndex(where: {
                let name = $0.lowercased()
                return name == word || (word.count == 3 && name.hasPrefix(word))
            })
        else { return false }
        month = index + 1
        at = end
        return true
    }

    mutating func readZone() -> Bool {
        guard at < bytes.count else { return false }
        if bytes[at] == UInt8(ascii: "Z") {
            at += 1
            offset = 0
            return true
        }
        guard bytes[at] == UInt8(ascii: "+") || bytes[at] == UInt8(ascii: "-") else { return false }
        let sign = bytes[at] == UInt8(ascii: "-") ? -1 : 1
        at += 1
        guard let hours = number(2), hours <= 18 else { return false }
        if at < bytes.count, bytes[at] == UInt8(ascii: ":") { at += 1 }
        let minutes = number(2) ?? 0
        guard minutes < 60 else { return false }
        offset = sign * (hours * 3600 + minutes * 60)
        return true
    }

    /// The time read, if it names a real date.
    var parsed: TimeParser.Parsed? {
        guard let year else { return nil }
        var date = CivilCalendar.Date(year: year, month: month, day: day)
        if let dayOfYear {
            let start = CivilCalendar.days(from: .init(year: year, month: 1, day: 1))
            date = CivilCalendar.date(fromDays: start + dayOfYear - 1)
            guard date.year == year else { return nil }
        }
        guard CivilCalendar.isValid(date) else { return nil }
        var h = hour
        if let pm { h = h % 12 + (pm ? 12 : 0) }
        let days = Double(CivilCalendar.days(from: date))
        let wall = days * 86_400 + Double(h * 3600 + minute * 60) + second
        return TimeParser.Parsed(wallSeconds: wall, offset: offset, hasTime: hasTime)
    }
}
