import ChartbookModel

/// An engine's answer to an `EngineQuestion`, as a value: each question has the one case it
/// is answered by (`EngineRunner` keeps to it; a reading of another case is a failure of
/// the answerer, reported as the engine's, never a crash).
public enum EngineAnswer: Sendable {
    /// `estimatedRows`.
    case count(Int)
    /// `open`.
    case table(RemoteTable)
    /// `kept`, in the order of the sets asked.
    case kept([RemoteTable.Kept])
    /// `mostRowsPerX`, in the order of the sets asked (nil: not told).
    case rowsPerX([Int?])
    /// `aggregates`: NaN for NULL, empty for no row.
    case numbers([Double])
    /// `transformRows`.
    case transformRows([RemoteTransformRow])
    /// `rows`.
    case rows(AnsweredRows)
    /// `drawing`.
    case drawing(RemoteRows)
    /// `readout`: its rows, each a value per column of the table.
    case readout([[Double]])
    /// `sample` (nil: the engine reads none without scanning every row).
    case sample(RemoteSample?)
    /// `table`: the query's rows.
    case rowsLoaded(DelimitedReader.Table)

    /// A failure for an answer of another kind than the question's.
    private func mismatch(_ wanted: String) -> DatabaseFailure {
        .query("the engine's answer is not \(wanted)", offset: nil)
    }

    public func count() throws(DatabaseFailure) -> Int {
        guard case .count(let n) = self else { throw mismatch("a count") }
        return n
    }

    public func table() throws(DatabaseFailure) -> RemoteTable {
        guard case .table(let t) = self else { throw mismatch("a table") }
        return t
    }

    public func kept() throws(DatabaseFailure) -> [RemoteTable.Kept] {
        guard case .kept(let k) = self else { throw mismatch("what sets of rows keep") }
        return k
    }

    public func rowsPerX() throws(DatabaseFailure) -> [Int?] {
        guard case .rowsPerX(let r) = self else { throw mismatch("rows per x") }
        return r
    }

    public func numbers() throws(DatabaseFailure) -> [Double] {
        guard case .numbers(let n) = self else { throw mismatch("numbers") }
        return n
    }

    public func transformRows() throws(DatabaseFailure) -> [RemoteTransformRow] {
        guard case .transformRows(let r) = self else { throw mismatch("a transform's rows") }
        return r
    }

    public func rows() throws(DatabaseFailure) -> AnsweredRows {
        guard case .rows(let r) = self else { throw mismatch("rows") }
        return r
    }

    public func drawing() throws(DatabaseFailure) -> RemoteRows {
        guard case .drawing(let r) = self else { throw mismatch("a drawing's rows") }
        return r
    }

    public func readout() throws(DatabaseFailure) -> [[Double]] {
        guard case .readout(let r) = self else { throw mismatch("a readout's rows") }
        return r
    }

    public func loaded() throws(DatabaseFailure) -> DelimitedReader.Table {
        guard case .rowsLoaded(let t) = self else { throw mismatch("the query's rows") }
        return t
    }

    public func sample() throws(DatabaseFailure) -> RemoteSample? {
        guard case .sample(let s) = self else { throw mismatch("a sample") }
        return s
    }
}
