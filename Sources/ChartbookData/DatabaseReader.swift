import ChartbookModel

/// Runs a `DatabaseQuery` with the reader of its engine.
public struct DatabaseReader: Sendable {
    public var timeZone: TimeZoneSetting
    public var limits: ResourceLimits

    public init(timeZone: TimeZoneSetting = .utc, limits: ResourceLimits = ResourceLimits()) {
        self.timeZone = timeZone
        self.limits = limits
    }

    /// The query's rows as a table. `shouldCancel` is polled while it runs.
    public func read(_ request: DatabaseQuery, shouldCancel: @escaping () -> Bool)
        throws(DatabaseFailure) -> DelimitedReader.Table
    {
        switch request.engine {
        case .sqlite:
            var reader = SQLiteReader(labelColumn: request.options.labelColumn, limits: limits)
            reader.timeZone = timeZone
            return try reader.read(
                database: request.location, query: request.sql, shouldCancel: shouldCancel)
        case .postgres:
            var reader = PostgresReader(labelColumn: request.options.labelColumn, limits: limits)
            reader.timeZone = timeZone
            reader.statementTimeout = request.options.timeout.seconds
            return try reader.read(
                url: request.location, query: request.sql, shouldCancel: shouldCancel)
        case .clickhouse:
            var reader = ClickHouseReader(labelColumn: request.options.labelColumn, limits: limits)
            reader.timeZone = timeZone
            reader.timeout = request.options.timeout.seconds
            if request.isPreviewSample { reader.settings = ClickHouseRemote.previewSettings }
            return try reader.read(
                url: request.location, query: request.sql, columnsOf: request.columnsSQL,
                shouldCancel: shouldCancel)
        }
    }
}
