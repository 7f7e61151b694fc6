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
        return answer.split(separator: 10).map {
            escaped
                ? $0.split(separator: 9, omittingEmptySubsequences: false).map(Array.init)
                : ClickHouseReader.fields(Array($0))
        }
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
        guard field.first == UInt8(ascii: "("), field.last == UInt8(ascii: ")") else { return [] }
        let values = field.dropFirst().dropLast().split(
            separator: UInt8(ascii: ","), omittingEmptySubsequences: false
        ).map { number(Array($0)) }
        // (1, values…): `RemoteShape.row`; (0, …) where an aggregate picked no row.
        guard values.count == shape.names.count + 1, values.first == 1 else { return [] }
        return Array(values.dropFirst())
    }
}

extension ClickHouseConnection: SQLTransport {
    /// The statement's answer as escaped tab-separated rows (a NULL is `\N`, a text `\N` is
    /// `\\N`), at most 64 MiB; an engine error without its position in the generated SQL.
    func answer(_ sql: String, shouldCancel: () -> Bool) throws(DatabaseFailure)
        -> any StatementAnswer
    {
        TabSeparatedAnswer(
            fields: try ClickHouseRemote.fields(
                self, sql, escaped: true, shouldCancel: shouldCancel))
    }

    /// One answer, parsed as it streams in: its lines' fields kept as sent, handed on
    /// `batch` lines at a time (memory holds a batch and the piece of text being parsed).
    func stream(
        _ sql: String, batch: Int, shouldCancel: () -> Bool,
        _ body: (any StatementAnswer) throws(DatabaseFailure) -> Void
    ) throws(DatabaseFailure) {
        var lines = TabSeparatedLines(), rows = [[[UInt8]]]()
        // Fields in a row: the first row's, which every row must have.
        var width: Int?
        let count = max(batch, 1)
        rows.reserveCapacity(count)
        do {
            try run(sql + "\nFORMAT TabSeparated", shouldCancel: shouldCancel) {
                data throws(DatabaseFailure) in
                for line in lines.append(data) {
                    let fields = line.split(separator: 9, omittingEmptySubsequences: false)
                    guard fields.count == width ?? fields.count else {
                        throw .query("the server sent a row of \(fields.count) fields", offset: nil)
                    }
                    width = fields.count
                    rows.append(fields.map(Array.init))
                    if rows.count >= count {
                        try body(TabSeparatedAnswer(fields: rows))
                        rows.removeAll(keepingCapacity: true)
                    }
                }
            }
        } catch { throw error.withoutPosition }
        try lines.finish()
        if !rows.isEmpty { try body(TabSeparatedAnswer(fields: rows)) }
    }
}

/// Escaped tab-separated rows as a statement's answer (`ClickHouseConnection.answer`).
struct TabSeparatedAnswer: StatementAnswer {
    let fields: [[[UInt8]]]
    /// How the format writes NULL.
    private static let null = Array("\\N".utf8)

    var rows: Int { fields.count }
    var columns: Int { fields.first?.count ?? 0 }

    func isNull(_ row: Int, _ column: Int) -> Bool {
        column >= fields[row].count || fields[row][column] == Self.null
    }

    func utf8(_ row: Int, _ column: Int) -> [UInt8] {
        isNull(row, column) ? [] : ClickHouseReader.unescaped(fields[row][column])
    }
}
