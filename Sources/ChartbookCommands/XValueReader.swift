import ChartbookModel
import ChartbookData

/// Reads what a user typed as an x value (`view`, `select x=`, `where=`, `scroll +30d`) the
/// way the chart's x scale means it: a date or date-time on a time axis (in the session's
/// zone), a category's name, a number otherwise.
struct XValueReader {
    var scale: XScaleKind
    var timeZone: TimeZoneSetting
    var categories: XCategories

    /// The x value of `text`, in data units (seconds for time, the slot for a category).
    func value(_ text: Located<String>) throws(Diagnostic) -> Double {
        switch scale {
        case .time:
            if let parsed = TimeParser.parse(text.value) {
                return parsed.seconds(assumingOffset: timeZone.offset(atWall: parsed.wallSeconds))
            }
            if let number = ValueParser.number(text.value) { return number }
            throw Diagnostic(
                .notAnXValue(
                    text.value, scale: "time",
                    expected: "a date like 2004-01-31 or 2004-01-31T10:30"), at: text.range)
        case .category:
            if let slot = categories.existingSlot(of: text.value) { return Double(slot) }
            throw Diagnostic(
                .unknown(
                    .value, text.value, context: "the category axis", candidates: categories.names),
                at: text.range)
        case .index, .linear, .log, .sqrt, .symlog:
            guard let number = ValueParser.number(text.value), number.isFinite else {
                throw Diagnostic(
                    .notAnXValue(text.value, scale: scale.rawValue, expected: "a number"),
                    at: text.range)
            }
            return number
        }
    }

    /// How far to move along x.
    enum Distance: Equatable {
        /// x units (seconds on a time axis).
        case units(Double)
        /// Calendar months (`+3mo`, `+1y`): the same day of another month.
        case months(Int)
    }

    /// A signed distance along x: a number of x units, or on a time axis a duration
    /// (`+30d`, `-6h`, `+2w`, `+90s`, `+15min`, and calendar `+3mo`, `+1y`).
    func distance(_ text: Located<String>) throws(Diagnostic) -> Distance {
        if let number = ValueParser.number(text.value), number.isFinite { return .units(number) }
        if scale == .time, let months = Self.calendarMonths(text.value) { return .months(months) }
        guard scale == .time, let seconds = Self.duration(text.value) else {
            throw Diagnostic(
                .notAnXValue(
                    text.value, scale: scale.rawValue,
                    expected: scale == .time
                        ? "a duration like +30d, -6h, +2w, +3mo or +1y" : "a number like +10"),
                at: text.range)
        }
        return .units(seconds)
    }

    /// Whole months or years (`+3mo`, `-1y`) as months.
    static func calendarMonths(_ text: String) -> Int? {
        for (unit, months) in [("mo", 1), ("y", 12)] where text.hasSuffix(unit) {
            guard
                let count = Int(text.dropLast(unit.count).replacingOccurrences(of: "+", with: "")),
                abs(count) <= 100_000
            else { return nil }
            return count * months
        }
        return nil
    }

    /// Units of `duration`, longest spelling first so `min` wins over `m…`.
    static let durationUnits: [(String, Double)] = CalendarUnit.allCases
        .sorted { $0.suffix.count > $1.suffix.count }.map { ($0.suffix, $0.approximateSeconds) }

    static func duration(_ text: String) -> Double? {
        for (unit, seconds) in durationUnits where text.hasSuffix(unit) {
            guard let count = ValueParser.number(String(text.dropLast(unit.count))),
                count.isFinite
            else { return nil }
            return count * seconds
        }
        return nil
    }
}
