/// A column of numbers that looks like times written as seconds (or milliseconds) since
/// 1970: what `load` says `time=epoch` reads (`Feedback`), and what a first plot does not
/// draw as its measure (`Session.suggestedFirstPlot`) — a guess, said as one, never applied.
extension Column {
    /// The `time=` word (`epoch`, `epochms`) and the unit's count per second.
    public struct EpochLike: Equatable, Sendable {
        public var word: String
        public var perSecond: Double
        /// Seconds or milliseconds.
        public var unitName: String { perSecond == 1 ? "seconds" : "milliseconds" }
    }

    /// Seconds, and milliseconds, since 1970 of 2000-01-01 … 2100-01-01.
    static let epochSpans: [(EpochLike, ClosedRange<Double>)] = [
        (EpochLike(word: "epoch", perSecond: 1), 946_684_800...4_102_444_800),
        (EpochLike(word: "epochms", perSecond: 1000), 946_684_800_000...4_102_444_800_000),
    ]

    /// How the column would read as times, where it looks like times since 1970: two or more
    /// whole numbers, ascending, the first and last (so all) within one of `epochSpans`; nil
    /// for anything else (a time column, text, a fraction, a step back).
    public var epochLike: EpochLike? {
        guard kind == .number, ascends, let numbers, numbers.count >= 2, let first = numbers.first,
            let last = numbers.last,
            let (epoch, _) = Self.epochSpans.first(where: {
                $0.1.contains(first) && $0.1.contains(last)
            }),
            numbers.allSatisfy({ $0 == $0.rounded() })
        else { return nil }
        return epoch
    }
}
