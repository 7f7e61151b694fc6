/// Which point a selected x reads out (`select x=`): the one nearest to it — ties: the
/// earlier — and none when the x lies before a series' first point or after its last (a
/// company listed from 2004 has no price to show under 2002). The chart's readout and the
/// Vega-Lite export's rings both pick by it.
public enum NearestX {
    /// The index in `xs` (non-finite entries never picked) nearest to `value`; `sorted`:
    /// `xs` ascends (its finite entries), searched by halving.
    public static func index(in xs: [Double], to value: Double, sorted: Bool = false) -> Int? {
        if sorted {
            guard let first = xs.first(where: \.isFinite), let last = xs.last(where: \.isFinite),
                first <= value, value <= last
            else { return nil }
            var low = 0, high = xs.count
            while low < high {
                let mid = (low + high) / 2
                if xs[mid] >= value { high = mid } else { low = mid + 1 }
            }
            let candidates = [low - 1, low].filter { xs.indices.contains($0) }
            return candidates.min { abs(xs[$0] - value) < abs(xs[$1] - value) }
        }
        let finite = xs.indices.filter { xs[$0].isFinite }
        guard let low = finite.map({ xs[$0] }).min(), let high = finite.map({ xs[$0] }).max(),
            low <= value, value <= high
        else { return nil }
        return finite.min { abs(xs[$0] - value) < abs(xs[$1] - value) }
    }
}
