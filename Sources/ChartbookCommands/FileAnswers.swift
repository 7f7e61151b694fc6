import ChartbookModel

/// The answers a command's file questions (`FileQuestion`) have been given so far — a
/// failure is an answer too — kept across the runs of one command (`Executor.answering`).
/// Few per command: looked up by equality.
public struct FileAnswers: Sendable {
    /// What reading a file gave.
    public enum Answer: Sendable {
        /// A file read as a dataset (`FileQuestion.dataset`).
        case dataset(Dataset)
        /// Columns read on demand, in the order of the question's fields
        /// (`FileQuestion.fields`).
        case columns([Column])
        /// A script's bytes (`FileQuestion.script`).
        case bytes([UInt8])
    }

    private var answered: [(question: FileQuestion, answer: Result<Answer, Diagnostic>)] = []

    public init() {}

    /// How many questions have an answer.
    public var count: Int { answered.count }

    /// `question`'s answer; nil where it has none yet.
    public func answer(to question: FileQuestion) -> Result<Answer, Diagnostic>? {
        answered.first { $0.question == question }?.answer
    }

    /// Those of `questions` without an answer, each once, in order.
    public func unanswered(_ questions: [FileQuestion]) -> [FileQuestion] {
        var wanted = [FileQuestion]()
        for question in questions where answer(to: question) == nil {
            if !wanted.contains(question) { wanted.append(question) }
        }
        return wanted
    }

    /// Keeps `answer` as `question`'s (the first answer stays).
    public mutating func record(_ answer: Result<Answer, Diagnostic>, for question: FileQuestion) {
        guard self.answer(to: question) == nil else { return }
        answered.append((question, answer))
    }
}
