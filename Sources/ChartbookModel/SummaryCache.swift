import Synchronization

/// What a column keeps once a drawing has asked for it — its `SummaryPyramid` and whether it
/// ascends — each found at most once per column value (pure functions of the numbers, so
/// sharing them between copies of the column is safe), under a lock, since a terminal and
/// an SVG layout may ask at once. A column whose numbers change gets a new, empty cache.
final class SummaryCache: Sendable {
    private let pyramid = Mutex<SummaryPyramid?>(nil)
    private let ascends = Mutex<Bool?>(nil)
    private let keys = Mutex<CellKeys?>(nil)

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
