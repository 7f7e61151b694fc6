/// A computation over each point and the points before it, in x order, per `by=` group
/// (`rolling=`, `running=`, `change=`). Windows run over the points with a value: missing
/// values are left out first.
public enum PlotWindow: Hashable, Sendable {
    /// `rolling=[OP:]N` or `rolling=[OP:]SPAN`: OP of the last N points, or of the points
    /// in (x − span, x]. Only full windows are drawn: the first N − 1 points (the points
    /// less than a span after the first x) are missing.
    case rolling(Rolling, Extent)
    /// `running=OP`: OP of every point so far (a running total, a record high).
    case running(Running)
    /// `change=diff|pct`: the difference from the previous point, or the percent change
    /// 100·(y − y₋₁)/|y₋₁| (missing where y₋₁ is 0); the first point is missing.
    /// `change=index`: each point as an index of the group's first, 100·y/y₀ (the first is
    /// 100; every point missing where y₀ is 0) — "indexed to 100".
    case change(Change)

    public enum Rolling: String, Hashable, Sendable, CaseIterable {
        case mean, median, sum, min, max
    }

    public enum Running: String, Hashable, Sendable, CaseIterable {
        case sum, mean, min, max, count
    }

    public enum Change: String, Hashable, Sendable, CaseIterable {
        case diff, pct, index
    }

    /// How far a rolling window reaches back.
    public enum Extent: Hashable, Sendable {
        /// The last N points, this one included (N ≥ 1).
        case points(Int)
        /// The points in (x − span, x], span in seconds of a time x.
        case span(Double)
    }

    /// The option that writes it (`rolling`, `running`, `change`).
    public var option: String {
        switch self {
        case .rolling: "rolling"
        case .running: "running"
        case .change: "change"
        }
    }
}
