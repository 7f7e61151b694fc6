import ChartbookModel
import Foundation

/// A ClickHouse remote dataset's questions run and their answers read: `TabSeparated`
/// fields, numbers, rows written as tuples.
extension ClickHouseRemote {

    /// The answer's rows as `TabSeparated` fields (unescaped: NULL, `\N`, reads as `N`;
    /// `escaped` keeps them as sent), at most 64 MiB of them. An engine error points into the
    /// query when `sql` is it after `prefixed` characters (the rest of chartbook's SQL is not
    /// the user's to see).
    func fields(
        _ connection: ClickHouseConnection, _ sql: String, prefixed: Int? = nil,
        escaped: Bool = false, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[[UInt8]]] {
        try Self.fields(
            connection, sql, prefixed: prefixed, escaped: escaped, shouldCancel: shouldCancel)
    }

    static func fields(
        _ connection: ClickHouseConnection, _ sql: String, prefixed: Int? = nil,
        escaped: Bool = false, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[[UInt8]]] {
        try text(connection, sql, prefixed: prefixed, shouldCancel: shouldCancel)
            .split(separator: 10).map {
                escaped
                    ? $0.split(separator: 9, omittingEmptySubsequences: false).map(Array.init)
                    : ClickHouseReader.fields(Array($0))
            }
    }

    /// The answer to `sql` as `TabSeparated` text, at most 64 MiB of it (`fields`).
    static func text(
        _ connection: ClickHouseConnection, _ sql: String, prefixed: Int? = nil,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> Data {
        var answer = Data()
        do {
            try connection.run(
                sql + "\nFORMAT TabSeparated", shouldCancel: shouldCancel
            ) { data throws(DatabaseFailure) in
                answer.append(data)
                if answer.count > 64 << 20 {
                    throw .query("the answer is larger than 64 MiB", offset: nil)
                }
            }
        } catch {
            throw prefixed.map { PostgresReader.shifted(error, by: $0) } ?? error.withoutPosition
        }
        return answer
    }

    /// The numbers of an answer's first row (NaN for NULL).
    func numbers(
        _ connection: ClickHouseConnection, _ sql: String, prefixed: Int? = nil,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [Double] {
        try fields(connection, sql, prefixed: prefixed, shouldCancel: shouldCancel).first.map {
            $0.map { Self.number($0) }
        } ?? []
    }

    static func number(_ field: [UInt8]) -> Double {
        field.withUnsafeBufferPointer { NumberParser.parse($0, 0, $0.count) } ?? .nan
    }

    /// A row tuple as the server writes it, `(1,1.5,nan,3)`, as a row of `shape` (NaN, or NULL,
    /// missing); empty when it is not one, or the zeros of an aggregate that picked no row.
    static func row(_ field: [UInt8], _ shape: Shape) -> [Double] {
        let values = tupleNumbers(field)
        // (1, values…): `RemoteShape.row`; (0, …) where an aggregate picked no row.
        guard values.count == shape.names.count + 1, values.first == 1 else { return [] }
        return Array(values.dropFirst())
    }
}

extension ClickHouseRemote {
    /// The numbers of a tuple of numbers as the server writes it, `(1.5,-1700000000)` (NaN
    /// for a field that is none); empty for a text that is no tuple.
    static func tupleNumbers(_ field: [UInt8]) -> [Double] {
        guard field.first == UInt8(ascii: "("), field.last == UInt8(ascii: ")") else { return [] }
        return field.dropFirst().dropLast().split(
            separator: UInt8(ascii: ","), omittingEmptySubsequences: false
        ).map { number(Array($0)) }
    }
}

extension ClickHouseConnection: SQLTransport {
    /// The statement's answer as escaped tab-separated rows (a NULL is `\N`, a text `\N` is
    /// `\\N`), at most 64 MiB; an engine error without its position in the generated SQL.
    func answer(_ sql: String, shouldCancel: () -> Bool) throws(DatabaseFailure)
        -> any StatementAnswer
    {
        // Its lines read into the answer where they lie (not split into an array per field).
        var answer: TabSeparatedAnswer?
        for line in try ClickHouseRemote.text(self, sql, shouldCancel: shouldCancel)
            .split(separator: 10)
        {
            if answer == nil { answer = TabSeparatedAnswer(line: line) }
            try answer?.append(line: line)
        }
        return answer ?? TabSeparatedAnswer(columns: 0)
    }

    /// One answer, parsed as it streams in: its lines' fields kept as sent, handed on
    /// `batch` lines at a time (memory holds a batch and the piece of text being parsed).
    func stream(
        _ sql: String, batch: Int, shouldCancel: () -> Bool,
        _ body: (any StatementAnswer) throws(DatabaseFailure) -> Void
    ) throws(DatabaseFailure) {
        var lines = TabSeparatedLines()
        // Its width: the first row's, which every row must have.
        var rows: TabSeparatedAnswer?
        let count = max(batch, 1)
        do {
            try run(sql + "\nFORMAT TabSeparated", shouldCancel: shouldCancel) {
                data throws(DatabaseFailure) in
                try lines.forEachLine(in: data) { line throws(DatabaseFailure) in
                    if rows == nil { rows = TabSeparatedAnswer(line: line) }
                    try rows?.append(line: line)
                    if let batch = rows, batch.rows >= count {
                        try body(batch)
                        rows?.removeAll()
                    }
                }
            }
        } catch { throw error.withoutPosition }
        try lines.finish()
        if let rows, rows.rows > 0 { try body(rows) }
    }
}
