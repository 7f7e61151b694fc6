/// A statement's rows as a value (`EngineAnswer.rows`): each cell's text (nil: NULL) and
/// its number as the transport read it (nil: NULL or not a number) — what the transport's
/// own answer said of it, kept after the connection is gone.
public struct AnsweredRows: StatementAnswer, Equatable, Sendable {
    public var texts: [[String?]]
    public var numbers: [[Double?]]
    public let columns: Int

    /// `answer`'s cells, each read once.
    public init(_ answer: any StatementAnswer) {
        columns = answer.columns
        texts = (0..<answer.rows).map { r in (0..<answer.columns).map { answer.text(r, $0) } }
        numbers = (0..<answer.rows).map { r in (0..<answer.columns).map { answer.value(r, $0) } }
    }

    public var rows: Int { texts.count }

    public func isNull(_ row: Int, _ column: Int) -> Bool { cell(row, column) == nil }

    public func utf8(_ row: Int, _ column: Int) -> [UInt8] {
        Array((cell(row, column) ?? "").utf8)
    }

    public func value(_ row: Int, _ column: Int) -> Double? {
        guard numbers.indices.contains(row), numbers[row].indices.contains(column) else {
            return nil
        }
        return numbers[row][column]
    }

    private func cell(_ row: Int, _ column: Int) -> String? {
        guard texts.indices.contains(row), texts[row].indices.contains(column) else { return nil }
        return texts[row][column]
    }
}
