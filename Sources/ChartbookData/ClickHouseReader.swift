import ChartbookModel
import Foundation

/// A query against a ClickHouse server, read into typed columns over its HTTP interface.
/// First the result's names and types (`LIMIT 0 … TabSeparatedWithNamesAndTypes`), then
/// the rows as `TabSeparated` with every time sent as seconds since the epoch; rows are
/// parsed as they stream in, each admitted against the memory budget before it is kept.
/// The server runs the query read-only (`readonly=1`): chartbook never writes.
public struct ClickHouseReader: Sendable {
    /// A result column to use as the x labels (`labels=`).
    public var labelColumn: String?
    /// Where `Date` values (wall-clock days) are.
    public var timeZone = TimeZoneSetting.utc
    public var limits: ResourceLimits
    /// Seconds the query may take (`timeout=` of load); nil: no limit.
    public var timeout: Double? = PostgresReader.defaultTimeout
    /// Settings sent with every statement (name, value).
    public var settings: [(String, String)] = []

    public init(labelColumn: String? = nil, limits: ResourceLimits = ResourceLimits()) {
        self.labelColumn = labelColumn
        self.limits = limits
    }

    /// What precedes the query when its columns are asked for; an error's position is
    /// moved back by it, so that it points into the query as written.
    static let shapePrefix = "SELECT * FROM ("

    /// Runs `query` on the server at `url` (`clickhouse://…`), its columns learnt from
    /// `columnsOf` where given (a query with the same columns, quicker to describe).
    public func read(
        url: String, query: String, columnsOf: String? = nil, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> DelimitedReader.Table {
        guard let location = ClickHouseLocation(url) else {
            throw .cannotOpen("not a clickhouse:// or clickhouses:// URL")
        }
        let connection = ClickHouseConnection(location, timeout: timeout, settings: settings)
        let statement = PostgresReader.statement(query)
        let columns = try shape(
            connection, columnsOf.map(PostgresReader.statement) ?? statement,
            shouldCancel: shouldCancel)
        let projection = columns.map { $0.selected(SQLQuoting.clickHouse.identifier($0.name)) }
        var rows = ClickHouseRows(columns: columns, limits: limits)
        do {
            try connection.run(
                "SELECT \(projection.joined(separator: ", ")) FROM (\n\(statement)\n) FORMAT TabSeparated",
                shouldCancel: shouldCancel
            ) { data throws(DatabaseFailure) in try rows.receive(data) }
        } catch { throw error.withoutPosition }
        let read = try rows.finished().map { $0.read(zone: timeZone) }
        do { return try ValueTable.table(read, labelColumn: labelColumn, zone: timeZone) } catch {
            throw .data(error)
        }
    }

    /// The result's columns, by name and type, without a row.
    func shape(_ connection: ClickHouseConnection, _ statement: String, shouldCancel: () -> Bool)
        throws(DatabaseFailure) -> [ClickHouseColumn]
    {
        var answer = Data()
        do {
            try connection.run(
                Self.shapePrefix + statement + "\n) LIMIT 0 FORMAT TabSeparatedWithNamesAndTypes",
                shouldCancel: shouldCancel
            ) { data throws(DatabaseFailure) in
                if answer.count < 16 << 20 { answer.append(data) }
            }
        } catch { throw PostgresReader.shifted(error, by: Self.shapePrefix.count) }
        let lines = answer.split(separator: 10, omittingEmptySubsequences: false)
        guard lines.count >= 2 else { throw .query("the query returns no columns", offset: nil) }
        let names = Self.fields(Array(lines[0])), types = Self.fields(Array(lines[1]))
        guard !names.isEmpty, names.count == types.count else {
            throw .query("the query returns no columns", offset: nil)
        }
        guard names.count <= limits.maxColumns else {
            throw .data(.tooManyColumns(line: 1, limit: limits.maxColumns))
        }
        return zip(names, types).map {
            ClickHouseColumn(
                name: String(decoding: $0.0, as: UTF8.self),
                type: String(decoding: $0.1, as: UTF8.self))
        }
    }

    /// The fields of one `TabSeparated` line, unescaped (`\N` kept as written).
    static func fields(_ line: [UInt8]) -> [[UInt8]] {
        line.split(separator: 9, omittingEmptySubsequences: false).map { unescaped(Array($0)) }
    }

    /// `TabSeparated` escapes undone: `\t \n \r \b \f \0 \\ \' \"`.
    static func unescaped(_ field: [UInt8]) -> [UInt8] {
        guard field.contains(92) else { return field }
        var out = [UInt8]()
        out.reserveCapacity(field.count)
        var i = 0
        while i < field.count {
            let byte = field[i]
            guard byte == 92, i + 1 < field.count else {
                out.append(byte)
                i += 1
                continue
            }
            switch field[i + 1] {
            case UInt8(ascii: "t"): out.append(9)
            case UInt8(ascii: "n"): out.append(10)
            case UInt8(ascii: "r"): out.append(13)
            case UInt8(ascii: "b"): out.append(8)
            case UInt8(ascii: "f"): out.append(12)
            case UInt8(ascii: "0"): out.append(0)
            default: out.append(field[i + 1])
            }
            i += 2
        }
        return out
    }
}

/// The rows of one answer as they stream in: complete lines parsed into the columns, a
/// partial one kept for the next piece. Each row is admitted against the budget first.
struct ClickHouseRows {
    private var columns: [ClickHouseColumn]
    private var lines = TabSeparatedLines()
    private var rows = 0
    private let limits: ResourceLimits

    init(columns: [ClickHouseColumn], limits: ResourceLimits) {
        self.columns = columns
        self.limits = limits
    }

    /// A piece of the answer.
    mutating func receive(_ data: Data) throws(DatabaseFailure) {
        for line in lines.append(data) { try add(line) }
        if lines.pending.count > limits.maxFieldBytes * max(1, columns.count) {
            throw .data(.cellTooLong(row: rows + 1, column: "", limit: limits.maxFieldBytes))
        }
    }

    private mutating func add(_ line: [UInt8]) throws(DatabaseFailure) {
        let cells = line.split(separator: 9, omittingEmptySubsequences: false)
        guard cells.count == columns.count else {
            throw .query("the server sent a row of \(cells.count) fields", offset: nil)
        }
        do {
            let held = columns
            try ColumnAccumulator.admit(
                row: rows + 1, columns: cells.count, length: { cells[$0].count },
                held: { held[$0].cells.bytes }, name: { held[$0].name }, limits: limits)
        } catch { throw .data(error) }
        for (c, cell) in cells.enumerated() {
            let null = cell.count == 2 && cell.first == 92 && cell.last == UInt8(ascii: "N")
            let text = ClickHouseReader.unescaped(Array(cell))
            text.withUnsafeBufferPointer { columns[c].add($0, null: null) }
        }
        rows += 1
    }

    /// The columns once the answer is complete.
    func finished() throws(DatabaseFailure) -> [ClickHouseColumn] {
        try lines.finish()
        return columns
    }
}
