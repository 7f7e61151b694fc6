import Synchronization

/// What a column keeps once a drawing has asked for it — its `SummaryPyramid`, whether it
/// ascends, its cells as keys and its longest run of equal numbers — each found at most once per column value (pure functions of the numbers, so
/// sharing them between copies of the column is safe), under a lock, since a terminal and
/// an SVG layout may ask at once. A column whose numbers change gets a new, empty cache.
final class SummaryCache: Sendable {
    private let pyramid = Mutex<SummaryPyramid?>(nil)
    private let ascends = Mutex<Bool?>(nil)
    private let keys = Mutex<CellKeys?>(nil)
    private let longestRun = Mutex<Int?>(nil)

    /// The most equal numbers in a row, counted by `count` on the first call.
    func longestRun(_ count: () -> Int) -> Int { Self.kept(longestRun, count) }

    /// The cells as keys (`CellKeys`), made by `make` on the first call.
    func keys(_ make: () -> CellKeys) -> CellKeys { Self.kept(keys, make) }

    /// The pyramid, built by `make` on the first call.
    func pyramid(_ make: () -> SummaryPyramid) -> SummaryPyramid { Self.kept(pyramid, make) }

    /// Whether the numbers are all finite and never decrease, found by `check` on the
    /// first call.
    func ascends(_ check: () -> Bool) -> Bool { Self.kept(ascends, check) }

    private static func kept<T: Sendable>(_ slot: borrowing Mutex<T?>, _ make: () -> T) -> T {
        slot.withLock { kept in
            if let kept { return kept }
            let made = make()
            kept = made
            return made
        }
    }
}
