import Foundation

/// A tick label format the user wrote (`set yformat "%.1f"`, `set xformat "%b %Y"`): a
/// printf-style number pattern or a strftime-style time pattern, read once when typed.
///
/// Numbers: literal text around one conversion `%[+'][width][.precision](f|e|g|d)` — `f`
/// fixed decimals, `e` exponent, `g` shortest of the two, `d` a whole number; `'` groups
/// thousands with commas, `+` signs positive values; `%%` is a percent sign.
/// (`"$%'.0f"` → `$1,250`, `"%.1f%%"` → `12.5%`, `"%+.2e"` → `+1.25e+03`.)
///
/// `%d` or `%e` alone is the number conversion (`"%d items"`); with another time field, the
/// day.
///
/// Times: `%Y` year, `%y` two-digit year, `%m` month 01–12, `%b`/`%B` month name short and
/// long, `%d` day 01–31, `%e` day without the zero, `%a` weekday (Mon), `%j` day of the
/// year, `%H` hour 00–23, `%I` 01–12 with `%p` AM/PM, `%M` minutes, `%S` seconds, `%%`.
public struct LabelPattern: Equatable, Sendable, CustomStringConvertible {
    /// What it formats.
    public enum Kind: Equatable, Sendable { case number, time }

    /// The pattern as typed.
    public let text: String
    public let kind: Kind
    private let pieces: [Piece]

    private enum Piece: Equatable, Sendable {
        case literal(String)
        case number(NumberConversion)
        case time(Character)
    }

    private struct NumberConversion: Equatable, Sendable {
        var conversion: Character
        var precision: Int?
        var width: Int
        var grouped: Bool
        var signed: Bool
    }

    /// The time conversions, each a letter after `%`.
    public static let timeConversions: Set<Character> = [
        "Y", "y", "m", "b", "B", "d", "e", "a", "j", "H", "I", "p", "M", "S",
    ]

    public var description: String { text }

    /// Reads `text`; throws a message naming what is wrong (an unknown conversion, no
    /// conversion, numbers and times mixed, two number conversions).
    public init(_ text: String) throws(PatternError) {
        self.text = text
        var pieces = [Piece](), literal = ""
        var chars = Array(text)[...]
        var numbers = 0, times = 0
        while let c = chars.popFirst() {
            guard c == "%" else {
                literal.append(c)
                continue
            }
            if chars.first == "%" {
                chars.removeFirst()
                literal.append("%")
                continue
            }
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
            if let letter = chars.first, Self.timeConversions.contains(letter) {
                chars.removeFirst()
                pieces.append(.time(letter))
                times += 1
                continue
            }
            pieces.append(.number(try Self.numberConversion(&chars)))
            numbers += 1
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        // `%d` and `%e` alone are printf's (a whole number, an exponent), not a day's.
        if numbers == 0, times == 1,
            let index = pieces.firstIndex(where: { $0 == .time("d") || $0 == .time("e") }),
            case .time(let letter) = pieces[index]
        {
            pieces[index] = .number(
                NumberConversion(
                    conversion: letter, precision: nil, width: 0, grouped: false, signed: false))
            (numbers, times) = (1, 0)
        }
        guard numbers + times > 0 else {
            throw PatternError("no conversion: a number needs one like %.1f, a time like %Y")
        }
        guard numbers == 0 || times == 0 else {
            throw PatternError(
                "a pattern is for numbers (%f, %d …) or for times (%Y, %b …), not both")
        }
        guard numbers <= 1 else { throw PatternError("one number conversion at most") }
        kind = numbers == 1 ? .number : .time
        self.pieces = pieces
    }

    public struct PatternError: Error, Equatable, Sendable {
        public let message: String
        public init(_ message: String) { self.message = message }
    }

    /// `[+'][width][.precision](f|e|g|d)` after a `%`.
    private static func numberConversion(_ chars: inout ArraySlice<Character>)
        throws(PatternError) -> NumberConversion
    {
        var grouped = false, signed = false
        while let flag = chars.first, flag == "'" || flag == "+" {
            if flag == "'" { grouped = true } else { signed = true }
            chars.removeFirst()
        }
        func digits() -> Int? {
            var text = ""
            while let d = chars.first, d.isASCII, d.isNumber {
                text.append(d)
                chars.removeFirst()
            }
            return text.isEmpty ? nil : Int(text)
        }
        let width = digits() ?? 0
        var precision: Int?
        if chars.first == "." {
            chars.removeFirst()
            precision = digits() ?? 0
        }
        guard width <= 40, (precision ?? 0) <= 15 else {
            throw PatternError("a width of 40 at most and a precision of 15 at most")
        }
        guard let conversion = chars.popFirst(), "fegdi".contains(conversion) else {
            throw PatternError(
                "unknown conversion: numbers take %f %e %g %d, times %Y %m %d %b %H %M %S …")
        }
        return NumberConversion(
            conversion: conversion == "i" ? "d" : conversion, precision: precision, width: width,
            grouped: grouped, signed: signed)
    }

    /// `value` written by a number pattern (NaN and infinities as `NaN`, `inf`).
    public func number(_ value: Double) -> String {
        pieces.map { piece in
            switch piece {
            case .literal(let text): text
            case .number(let conversion): Self.format(value, conversion)
            case .time: ""
            }
        }.joined()
    }

    /// `seconds` since the epoch, read at `offset` seconds east of UTC, written by a time
    /// pattern.
    public func time(_ seconds: Double, offset: Int) -> String {
        let wall = seconds + Double(offset)
        guard wall.isFinite else { return "" }
        let days = Int(saturating: (wall / 86_400).rounded(.down))
        let second = Int(saturating: wall - Double(days) * 86_400)
        let date = CivilCalendar.date(fromDays: days)
        return pieces.map { piece in
            switch piece {
            case .literal(let text): text
            case .number: ""
            case .time(let letter): Self.field(letter, date, days: days, second: second)
            }
        }.joined()
    }

    private static func field(
        _ letter: Character, _ date: CivilCalendar.Date, days: Int, second: Int
    )
        -> String
    {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : String(n) }
        let hour = second / 3600
        switch letter {
        case "Y": return String(date.year)
        case "y": return two(((date.year % 100) + 100) % 100)
        case "m": return two(date.month)
        case "b": return CivilCalendar.shortMonthName(date.month)
        case "B": return CivilCalendar.monthNames[(date.month - 1 + 12) % 12]
        case "d": return two(date.day)
        case "e": return String(date.day)
        case "a": return TimeUnit.dayNames[CivilCalendar.weekday(ofDays: days)]
        case "j":
            let first = CivilCalendar.days(
                from: CivilCalendar.Date(year: date.year, month: 1, day: 1))
            let n = days - first + 1
            return n < 10 ? "00\(n)" : n < 100 ? "0\(n)" : String(n)
        case "H": return two(hour)
        case "I": return two(hour % 12 == 0 ? 12 : hour % 12)
        case "p": return hour < 12 ? "AM" : "PM"
        case "M": return two(second / 60 % 60)
        case "S": return two(second % 60)
        default: return ""
        }
    }

    private static func format(_ value: Double, _ c: NumberConversion) -> String {
        guard value.isFinite else { return value.isNaN ? "NaN" : value < 0 ? "-inf" : "inf" }
        var text: String
        switch c.conversion {
        case "e": text = String(format: "%.\(c.precision ?? 6)e", value)
        case "g": text = String(format: "%.\(c.precision ?? 6)g", value)
        case "d": text = String(Int(saturating: value.rounded()))
        default: text = String(format: "%.\(c.precision ?? 6)f", value)
        }
        // -0.0 rounds to "-0.00": a label reads 0.00.
        if text.hasPrefix("-"), text.dropFirst().allSatisfy({ $0 == "0" || $0 == "." }) {
            text.removeFirst()
        }
        if c.grouped { text = grouped(text) }
        if c.signed, !text.hasPrefix("-") { text = "+" + text }
        if text.count < c.width {
            text = String(repeating: " ", count: c.width - text.count) + text
        }
        return text
    }

    /// Commas between the thousands of the integer part (`-1234567.5` → `-1,234,567.5`).
    private static func grouped(_ text: String) -> String {
        let negative = text.hasPrefix("-")
        let body = negative ? String(text.dropFirst()) : text
        let end = body.firstIndex { !$0.isNumber } ?? body.endIndex
        let integer = Array(body[..<end])
        var out = ""
        for (i, d) in integer.enumerated() {
            if i > 0, (integer.count - i) % 3 == 0 { out.append(",") }
            out.append(d)
        }
        return (negative ? "-" : "") + out + body[end...]
    }
}
