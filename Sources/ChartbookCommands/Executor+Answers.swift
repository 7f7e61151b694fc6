import ChartbookData

/// The executor's side of its engines' answers (issue 52): `apply` reads them (`ask`), or
/// stops needing them — one, or a batch planned at once (`prefetch`) — and `run` answers
/// them between two runs of the command (`Executor.answering`, through `engines`).
extension Executor {
    /// What answers the executor's questions of engines (`engineAnswers`, else an
    /// `EngineRunner`).
    public var engines: any EngineAnswering {
        engineAnswers ?? EngineRunner(dialects: dialects, extents: remoteExtents)
    }

    /// `question`'s answer, as the engines gave it (`answers`): where it has none yet, the
    /// command stops needing it and `run` answers it (`answering`). `waitingFor`: the
    /// dataset whose load waits on it (the waiting line names it).
    func ask(_ question: EngineQuestion, waitingFor: String? = nil) throws(DatabaseFailure)
        -> EngineAnswer
    {
        try answers.reading(question, waitingFor: waitingFor)
    }

    /// `questions` planned at once: where some have no answer yet, the command stops needing
    /// all of those (one batch, `answering`), so that the questions it asks next each find
    /// theirs.
    func prefetch(_ questions: [EngineQuestion]) throws(DatabaseFailure) {
        let wanted = answers.unanswered(questions)
        guard wanted.isEmpty else { throw .unanswered(EngineAnswers.Wanted(wanted)) }
    }
}
