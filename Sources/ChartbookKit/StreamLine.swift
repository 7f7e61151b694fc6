import Foundation
import ChartbookModel
import ChartbookData

/// One line of a `--follow` stream: values separated by white space, commas, semicolons or
/// tabs (a column per series) — numbers, a missing value, or dates and times — or, on the
/// first line only, column names.
public enum StreamLine: Equatable, Sendable {
    /// The values; `times` holds the positions of those read as dates or times (seconds
    /// since the epoch, read in `timeZone` when the text has no offset).
    case values([Double], times: Set<Int>)
    /// Words that are no values: the names of the columns on a first line, else a line that
    /// cannot be drawn.
    case names([String])
    case blank

    public static func parse(_ line: String, timeZone: TimeZoneSetting = .utc) -> StreamLine {
        // With a comma, semicolon or tab in the line, those separate and a space belongs to
        // its field (`2024-03-01 10:00,42`); else white space separates.
        let delimited = line.contains { $0 == "," || $0 == ";" || $0 == "\t" }
        let fields = line.split(whereSeparator: {
            delimited ? ($0 == "," || $0 == ";" || $0 == "\t") : ($0 == " " || $0 == "\r")
        }).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        guard !fields.isEmpty else { return .blank }
        var values = [Double]()
        var times = Set<Int>()
        for (index, field) in fields.enumerated() {
            if let number = Double(field) {
                values.append(number)
            } else if ["nan", "-", "?"].contains(field.lowercased()) {
                values.append(.nan)
            } else if let time = TimeParser.parse(field) {
                values.append(
                    time.seconds(assumingOffset: timeZone.offset(atWall: time.wallSeconds)))
                times.insert(index)
            } else {
                return .names(fields)
            }
        }
        return .values(values, times: times)
    }
}
