import Dispatch
import Synchronization

/// The answers a command has been given by its engines so far (issue 52: the answers are a
/// step between two pure ones). The executor's `apply` reads its engines' answers from
/// here and asks nothing itself: a question it finds unanswered stops it with the
/// questions it needs (`Wanted`, thrown as `DatabaseFailure.unanswered`), the runner around
/// it answers them — every question of the batch, through an `EngineAnswering` — and runs
/// the command again from the same session with the answers added. A failure is an answer
/// too: the command that reads it fails as it would have, and it is not asked again.
///
/// Invariant: each question is held once, with the answer it was given first.
public struct EngineAnswers: Sendable {
    /// What a command needs answered before it can go on: the questions (several where it
    /// planned them at once), and the dataset whose load waits on them (the waiting line
    /// names it; nil: none).
    public struct Wanted: Equatable, Sendable {
        public var questions: [EngineQuestion]
        public var waitingFor: String?

        public init(_ questions: [EngineQuestion], waitingFor: String? = nil) {
            self.questions = questions
            self.waitingFor = waitingFor
        }
    }

    /// An answer, or the engine's failure (an answer too).
    public typealias Answer = Result<EngineAnswer, DatabaseFailure>

    /// The questions answered, in the order they were, with their answers.
    private var answered: [(question: EngineQuestion, answer: Answer)] = []

    public init() {}

    /// How many questions have an answer.
    public var count: Int { answered.count }

    /// The answer to `question`, nil where it has none yet.
    public func answer(to question: EngineQuestion) -> Answer? {
        answered.first { $0.question == question }?.answer
    }

    /// Holds `answer` as `question`'s answer (a question answered before keeps its first).
    public mutating func record(_ question: EngineQuestion, _ answer: Answer) {
        guard self.answer(to: question) == nil else { return }
        answered.append((question, answer))
    }

    /// The answer to `question`, or — where it has none yet — the failure that says the
    /// command needs it (`DatabaseFailure.unanswered`).
    public func reading(_ question: EngineQuestion, waitingFor: String? = nil)
        throws(DatabaseFailure) -> EngineAnswer
    {
        if let known = answer(to: question) { return try known.get() }
        throw .unanswered(Wanted([question], waitingFor: waitingFor))
    }

    /// `questions` without those answered, each once, in order.
    public func unanswered(_ questions: [EngineQuestion]) -> [EngineQuestion] {
        var wanted = [EngineQuestion]()
        for question in questions where answer(to: question) == nil && !wanted.contains(question) {
            wanted.append(question)
        }
        return wanted
    }

    /// `wanted`'s questions answered by `engines` — those of a batch at once, on as many
    /// threads as the machine has cores (each question its own connection) — a failure
    /// recorded as the question's answer; stopped by `shouldCancel`.
    public mutating func answer(
        _ wanted: Wanted, by engines: any EngineAnswering,
        shouldCancel: @escaping @Sendable () -> Bool
    ) {
        let asked = unanswered(wanted.questions)
        let answered = Mutex([Answer?](repeating: nil, count: asked.count))
        DispatchQueue.concurrentPerform(iterations: asked.count) { i in
            let answer: Answer
            do throws(DatabaseFailure) {
                answer = .success(try engines.answer(asked[i], shouldCancel: shouldCancel))
            } catch { answer = .failure(error) }
            answered.withLock { $0[i] = answer }
        }
        for (question, answer) in zip(asked, answered.withLock { $0 }) {
            if let answer { record(question, answer) }
        }
    }
}
