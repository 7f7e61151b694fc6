import ChartbookModel
import Foundation

/// A dataset as text: an aligned table for `show data`, and CSV for `save csv`. Numbers are
/// written as the axis writes them (one number of decimals per column), times as ISO 8601,
/// text sanitised.
public enum DatasetTable {
    /// Rows shown when no range is given.
    static let defaultRows = 20
    /// Cells wider than this are cut with `…`.
    static let maxCellWidth = 24

    /// Rows `rows` (clamped to the data) with a header, and a line saying which rows these are.
    static func table(_ d: Dataset, rows: ClosedRange<Int>?) -> String {
        guard let shown = shownRows(rows, of: d.count) else {
            return "\(TextMetrics.sanitized(d.name)): no rows\n"
        }
        return table(d, rows: shown, first: 0, of: d.count)
    }

    /// The rows `show data NAME [A..B]` shows of `count`: A..B clamped to the data, else the
    /// first ones; nil when there are none.
    static func shownRows(_ rows: ClosedRange<Int>?, of count: Int) -> ClosedRange<Int>? {
        guard count > 0 else { return nil }
        let last = count - 1
        return rows.map { min($0.lowerBound, last)...min($0.upperBound, last) }
            ?? 0...min(defaultRows - 1, last)
    }

    /// Rows `rows` of the data, whose first `first` rows `d` does not hold (a remote
    /// dataset's engine sent only those shown), of `total` rows in all.
    static func table(_ d: Dataset, rows shown: ClosedRange<Int>, first: Int, of total: Int)
        -> String
    {
        let last = total - 1
        let held = (shown.lowerBound - first)...(shown.upperBound - first)
        var columns: [(name: String, cells: [String], right: Bool)] = [
            ("#", shown.map(String.init), true)
        ]
        // Labels that are a column of their own are shown once, as that column.
        if let labels = d.labels, d.labelsColumn == nil {
            columns.append(("label", held.map { labels[$0] }, false))
        }
        for column in d.columns {
            columns.append((column.name, cells(of: column, rows: held), column.isNumeric))
        }
        let cut = { (text: String) in
            TextMetrics.truncated(TextMetrics.sanitized(text), toWidth: maxCellWidth)
        }
        let widths = columns.map { c in
            ([c.name] + c.cells).map { TextMetrics.width(of: cut($0)) }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            zip(cells, zip(widths, columns)).map { cell, layout in
                let text = cut(cell)
                let pad = String(
                    repeating: " ", count: max(0, layout.0 - TextMetrics.width(of: text)))
                return layout.1.right ? pad + text : text + pad
            }.joined(separator: "  ").trimmingTrailingBlanks + "\n"
        }
        var out = line(columns.map(\.name))
        for row in 0..<shown.count { out += line(columns.map { $0.cells[row] }) }
        out += "rows \(shown.lowerBound)–\(shown.upperBound) of \(total)"
        if shown.upperBound < last {
            let next = shown.upperBound + 1
            out += " · show data \(d.name) \(next)..\(min(next + shown.count - 1, last)) for more"
        }
        return out + "\n"
    }

    /// The cells of `column` for `rows`, numbers with shared decimals.
    static func cells(of column: Column, rows: ClosedRange<Int>) -> [String] {
        if column.isTime { return rows.map { column.text(at: $0) } }
        guard let numbers = column.numbers else { return rows.map { column.text(at: $0) } }
        let values = rows.map { numbers[$0] }
        // The decimals the values are written with, float noise left out (0.1 + 0.2 is 0.3);
        // values that need more than 6 (a computed 32 / 3) get 7 significant digits of the
        // largest, one number of decimals for the column (issue 51: `10.666666666666666`).
        var decimals = NumberText.decimals(of: values, limit: 7)
        if decimals > 6 {
            let largest = values.lazy.filter(\.isFinite).map(abs).max() ?? 0
            // Tinier numbers keep their shortest form (`3.5e-08`).
            decimals =
                largest >= 1e-6
                ? min(max(6 - Int(DecimalMagnitude.exponent(of: largest)), 0), 12) : .max
        }
        return values.map { v in
            v.isNaN
                ? "" : abs(v) >= 1e15 || decimals > 12 ? NumberText.shortest(v) : fixed(v, decimals)
        }
    }

    static func fixed(_ value: Double, _ places: Int) -> String {
        guard places > 0 else { return NumberText.shortest(value.rounded()) }
        let scale = NumberText.powersOfTen[min(places, 12)]
        let text = NumberText.written((value * scale).rounded() / scale)
        // A small number is written with an exponent (`7.8e-05`): spelled out instead.
        if text.contains("e") { return String(format: "%.\(places)f", value) }
        let dot = text.firstIndex(of: ".")
        let have = dot.map { text.distance(from: $0, to: text.endIndex) - 1 } ?? 0
        return (dot == nil ? text + "." : text)
            + String(repeating: "0", count: max(0, places - have))
    }

    /// The whole dataset as RFC 4180 CSV: a header, then a line per row (the labels first,
    /// as `label`, when the dataset has them); missing values are empty.
    static func csv(_ d: Dataset) -> String {
        csvHeader(d) + csvLines(d)
    }

    /// The CSV header line of `d`'s columns.
    public static func csvHeader(_ d: Dataset) -> String {
        let labels = d.labelsColumn == nil ? d.labels : nil
        var header = labels == nil ? [String]() : ["label"]
        header += d.columns.map(\.name)
        return header.map(field).joined(separator: ",") + "\n"
    }

    /// A CSV line for each of `d`'s rows (a remote dataset's rows, a batch at a time).
    public static func csvLines(_ d: Dataset) -> String {
        let labels = d.labelsColumn == nil ? d.labels : nil
        var out = ""
        for row in 0..<d.count {
            var cells = labels.map { [$0[row]] } ?? []
            cells += d.columns.map { $0.text(at: row) }
            out += cells.map(field).joined(separator: ",") + "\n"
        }
        return out
    }

    /// One CSV field: quoted when it holds a comma, a quote or a line break. Decided and escaped by Unicode scalar: the reader
    /// splits bytes, and a comma or quote glued into a grapheme cluster is still one.
    static func field(_ text: String) -> String {
        let scalars = text.unicodeScalars
        let special = scalars.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
        guard special else { return text }
        var out = String.UnicodeScalarView()
        out.append("\"")
        for scalar in scalars {
            if scalar == "\"" { out.append("\"") }
            out.append(scalar)
        }
        out.append("\"")
        return String(out)
    }
}

extension String {
    var trimmingTrailingBlanks: String {
        var s = Substring(self)
        while s.last == " " { s = s.dropLast() }
        return String(s)
    }
}
