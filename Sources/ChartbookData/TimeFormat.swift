import ChartbookModel

/// A strftime-style pattern for reading times written some other way (`load … time=%Y%m%d`,
/// `time=%d.%m.%Y %H:%M`): `19580329` as 1958-03-29.
///
/// Directives: `%Y` year (up to 4 digits, a sign allowed), `%y` two-digit year (69–99 are
/// 1969–1999, 00–68 are 2000–2068, as POSIX), `%m` month, `%d` or `%e` day, `%j` day of the
/// year, `%H` hour (0–23), `%I` hour (1–12) with `%p` AM/PM, `%M` minute, `%S` second
/// (fractions after `.` or `,` allowed), `%b`/`%B` English month name or its first three
/// letters, `%z` a zone (`Z`, `±HH`, `±HHMM`, `±HH:MM`), `%%` a percent sign; any other
/// character stands for itself. A number takes up to its width in digits (4 for a year, 3
/// for a day of the year, 2 for the rest) and at least one, so `%Y%m%d` reads `19580329`
/// and `%d.%m.%Y` reads both `1.3.1958` and `01.03.1958`. A cell must match the whole
/// pattern and name a real date (no 30 February), else it is not a time.
public struct TimeFormat: Equatable, Sendable {
    public enum Piece: Equatable, Sendable {
        case year, shortYear, month, day, dayOfYear, hour, hour12, amPm, minute, second
        case monthName, zone
        case literal(UInt8)
    }

    public let pattern: String
    public let pieces: [Piece]

    /// Why a pattern cannot be used: the directive it does not know (`%Q`), or that it
    /// reads no date at all.
    public enum Problem: Error, Equatable, Sendable {
        case unknownDirective(String)
        case noDate
    }

    public init(_ pattern: String) throws(Problem) {
        var pieces = [Piece]()
        var bytes = Array(pattern.utf8)[...]
        while let byte = bytes.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                pieces.append(.literal(byte))
                continue
            }
            guard let directive = bytes.popFirst() else { throw .unknownDirective("%") }
            guard let piece = Self.directives[directive] else {
                throw .unknownDirective("%" + String(decoding: [directive], as: UTF8.self))
            }
            pieces.append(piece)
        }
        let dated = pieces.contains { [.year, .shortYear].contains($0) }
        guard dated else { throw .noDate }
        self.pattern = pattern
        self.pieces = pieces
    }

    static let directives: [UInt8: Piece] = [
        UInt8(ascii: "Y"): .year, UInt8(ascii: "y"): .shortYear, UInt8(ascii: "m"): .month,
        UInt8(ascii: "d"): .day, UInt8(ascii: "e"): .day, UInt8(ascii: "j"): .dayOfYear,
        UInt8(ascii: "H"): .hour, UInt8(ascii: "I"): .hour12, UInt8(ascii: "p"): .amPm,
        UInt8(ascii: "M"): .minute, UInt8(ascii: "S"): .second, UInt8(ascii: "b"): .monthName,
        UInt8(ascii: "B"): .monthName, UInt8(ascii: "h"): .monthName, UInt8(ascii: "z"): .zone,
        UInt8(ascii: "%"): .literal(UInt8(ascii: "%")),
    ]

    /// The time `text` names, as `TimeParser.Parsed` (wall clock, and the zone if `%z`
    /// gave one); nil when it does not match the whole pattern or names no real date.
    public func parse(_ text: String) -> TimeParser.Parsed? {
        var reader = TimeFormatReader(Array(text.utf8))
        for piece in pieces {
            guard reader.read(piece) else { return nil }
        }
        guard reader.atEnd else { return nil }
        return reader.parsed
    }
}
