/// What went wrong reading from a database, in the engine's own words where it has some.
public enum DatabaseFailure: Error, Equatable, Sendable {
    /// The database could not be opened or connected to: why (never the password).
    case cannotOpen(String)
    /// The engine refused or failed the query: its message, and where in the query it points
    /// (a character offset from 0) when it says.
    case query(String, offset: Int?)
    /// The query cannot stay in the engine (`mode=remote`): why. Learnt before any of its
    /// rows are read, so `mode=auto` loads it instead without having run it.
    case notRemote(String)
    /// The rows could not become a table (no numeric column, over the budget, cancelled).
    case data(DataError)
    /// Not a failure of the engine: the executor needs these questions answered before the
    /// command can go on (`EngineAnswers`). The runner around `Executor.apply` answers them
    /// and runs the command again; it never reaches a user.
    case unanswered(EngineAnswers.Wanted)

    /// This failure without a position in the query: for SQL chartbook wrapped around it,
    /// where the engine's position would point at text the user did not write.
    public var withoutPosition: DatabaseFailure {
        guard case .query(let message, _) = self else { return self }
        return .query(message, offset: nil)
    }
}
