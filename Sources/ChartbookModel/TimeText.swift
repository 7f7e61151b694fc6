/// Points in time as text: ISO 8601 for readouts, `describe` and scripts. The one formatter
/// of times outside the axis ticks (which label by calendar unit, see `CalendarTicks`).
public enum TimeText {
    /// `2004-03-14` at midnight, else `2004-03-14 10:30`, `2004-03-14 10:30:05` or
    /// `2004-03-14 10:30:05.25`: the shortest that shows the value. `seconds` since
    /// 1970-01-01T00:00:00Z, shown at `offset` seconds east of UTC.
    public static func iso(_ seconds: Double, offset: Int = 0) -> String {
        guard seconds.isFinite, abs(seconds) < 3e11 else { return NumberText.shortest(seconds) }
        let wall = seconds + Double(offset)
        let days = Int(saturating: (wall / 86_400).rounded(.down))
        let secondOfDay = wall - Double(days) * 86_400
        let date = CivilCalendar.date(fromDays: days)
        var text = "\(pad(date.year, 4))-\(pad(date.month, 2))-\(pad(date.day, 2))"
        guard secondOfDay > 0 else { return text }
        let whole = Int(saturating: secondOfDay.rounded(.down))
        text += " \(pad(whole / 3600, 2)):\(pad(whole / 60 % 60, 2))"
        let fraction = secondOfDay - Double(whole)
        if whole % 60 != 0 || fraction > 0 { text += ":\(pad(whole % 60, 2))" }
        if fraction > 0 {
            let digits = NumberText.shortest((fraction * 1000).rounded() / 1000)
            if let dot = digits.firstIndex(of: ".") { text += String(digits[dot...]) }
        }
        return text
    }

    /// A duration in the largest unit that divides it evenly, else in days: `30d`, `6h`.
    public static func duration(_ seconds: Double) -> String {
        for (unit, size) in [("d", 86_400.0), ("h", 3600), ("min", 60)]
        where seconds >= size && (seconds / size).rounded() == seconds / size {
            return NumberText.shortest(seconds / size) + unit
        }
        return seconds >= 86_400
            ? NumberText.shortest((seconds / 86_400 * 10).rounded() / 10) + "d"
            : NumberText.shortest(seconds) + "s"
    }

    static func pad(_ n: Int, _ width: Int) -> String {
        let digits = String(abs(n))
        return (n < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count))
            + digits
    }
}
