import ChartbookModel

/// A remote dataset's text columns (issue 28): a long-format table's `host` or `station`,
/// which `by=` and `where=` read. The engine sends numbers only, so each text column is
/// coded: its distinct values, learnt when the query is opened, in order
/// (`RemoteTable.texts`), and every question carries a row's value as its place among them
/// — compared, picked and merged as any number is — which the dataset's column reads back
/// as the text (`RemoteTable.columns(of:)`).
///
/// Only a column that loading every row reads as these very texts is coded: each value is
/// *plain* — not what the loading path reads as missing (`NA`, `-`, blank), as a number or
/// as a time, nor with spaces around it or characters it sanitises — so a cell's text is the
/// value, and a `where=` or a `by=` group is an equality the engine tests exactly. Other text
/// columns, and those with more than `most` values, are left out, and a plot naming one
/// is refused with the remedy.
public enum RemoteTexts {
    /// The most distinct values a coded column may have: as many as `by=` draws groups.
    public static let most = ResourceLimits().maxGroups

    /// Why a text column holding `values` (its distinct values, without NULL) is not coded;
    /// nil when it is.
    public static func problem(_ values: [String]) -> String? {
        guard !values.isEmpty else { return "it holds no value" }
        guard values.count <= most else { return "it holds more than \(most) distinct values" }
        for value in values where !isPlain(value) {
            return "loading every row reads its value '\(TextMetrics.sanitized(value))' otherwise"
        }
        return nil
    }

    /// A text column's values by code — `values`, its distinct values, in order — or nil when
    /// the column is not coded (`problem`).
    static func coded(_ values: [String]) -> [String]? {
        problem(values) == nil ? values.sorted() : nil
    }

    /// Whether loading every row reads `value` as exactly this text (`ColumnAccumulator`'s
    /// rule: blanks around a cell, missing words and numbers; `ValueTable`'s: sanitised text,
    /// dates as times).
    static func isPlain(_ value: String) -> Bool {
        guard let first = value.unicodeScalars.first, let last = value.unicodeScalars.last,
            first != " ", last != " ", TextMetrics.sanitized(value) == value,
            !MissingValue.isMissing(value), NumberParser.parse(value) == nil
        else { return false }
        return DelimitedReader.values(of: [value], asTimes: true, zone: .utc).allSatisfy(\.isNaN)
    }

    /// The codes of the values `texts` holds of those `listed` (a `where=`'s), each once;
    /// a listed text it does not hold has none.
    static func codes(of listed: [String], in texts: [String]) -> [Int] {
        texts.indices.filter { listed.contains(texts[$0]) }
    }
}
