import Foundation

/// The zone times without one are read in (`set timezone`), and the zone axis labels and
/// readouts are shown in. UTC unless set.
///
/// A fixed offset (`UTC`, `+05:30`, `-08:00`) or a named zone of the system's tz database
/// (`Europe/Paris`), whose offset follows daylight saving time.
public struct TimeZoneSetting: Equatable, Sendable {
    /// As the user wrote it (`UTC`, `+05:30`, `Europe/Paris`); what `save script` writes.
    public var name: String
    /// Seconds east of UTC for a fixed offset; nil for a named zone.
    public var fixedOffset: Int?

    public static let utc = TimeZoneSetting(name: "UTC", fixedOffset: 0)

    /// Parses `UTC`, `Z`, `GMT`, `±HH`, `±HH:MM`, `±HHMM` or a tz database name; nil when it
    /// is none of them.
    public init?(parsing text: String) {
        let upper = text.uppercased()
        if upper == "UTC" || upper == "Z" || upper == "GMT" {
            self = .utc
            return
        }
        if let sign = text.first, sign == "+" || sign == "-" {
            let digits = text.dropFirst().filter { $0 != ":" }
            guard digits.count == 2 || digits.count == 4, digits.allSatisfy(\.isASCII),
                let value = Int(digits)
            else { return nil }
            let hours = digits.count == 2 ? value : value / 100
            let minutes = digits.count == 2 ? 0 : value % 100
            guard hours <= 18, minutes < 60 else { return nil }
            self.init(
                name: text, fixedOffset: (sign == "-" ? -1 : 1) * (hours * 3600 + minutes * 60))
            return
        }
        guard TimeZone(identifier: text) != nil else { return nil }
        self.init(name: text, fixedOffset: nil)
    }

    init(name: String, fixedOffset: Int?) {
        self.name = name
        self.fixedOffset = fixedOffset
    }

    /// Seconds east of UTC at the instant `seconds` (since 1970-01-01T00:00:00Z).
    public func offset(atUTC seconds: Double) -> Int {
        if let fixedOffset { return fixedOffset }
        guard seconds.isFinite, let zone = TimeZone(identifier: name) else { return 0 }
        return zone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))
    }

    /// Seconds east of UTC for a wall-clock time in this zone (`wall` seconds since
    /// 1970-01-01T00:00 on the zone's clock). In the hour skipped or repeated by a clock
    /// change, the offset before the change.
    public func offset(atWall wall: Double) -> Int {
        if let fixedOffset { return fixedOffset }
        let guess = offset(atUTC: wall)
        let second = offset(atUTC: wall - Double(guess))
        return second == guess ? guess : offset(atUTC: wall - Double(second))
    }

    /// Converts wall-clock seconds in this zone to seconds since the epoch, the offsets
    /// looked up once per hour of wall time (a column of a million rows needs few lookups).
    public func utc(fromWall walls: inout [Double]) {
        if let fixedOffset {
            if fixedOffset != 0 { for i in walls.indices { walls[i] -= Double(fixedOffset) } }
            return
        }
        var cachedHour = Double.nan, cachedOffset = 0
        for i in walls.indices where walls[i].isFinite {
            let hour = (walls[i] / 3600).rounded(.down)
            if hour != cachedHour {
                cachedHour = hour
                cachedOffset = offset(atWall: hour * 3600)
            }
            walls[i] -= Double(cachedOffset)
        }
    }
}
