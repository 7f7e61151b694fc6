/// Reduces a stream of dot-space points to at most four per dot column — the first, the
/// lowest, the highest and the last, in the order they came — so that drawing the reduced
/// runs sets exactly the dots that drawing every point would (each column's vertical extent
/// and the segments joining neighbouring columns are kept). Cost: one pass, O(1) per point;
/// output size bounded by the plot's width, not by the data.
///
/// Points must arrive with non-decreasing `x`. `breakRun()` starts a new run (a missing value).
public struct LineReducer: Sendable {
    private var runs: [[DotPoint]] = []
    private var current: [DotPoint] = []
    private var column = Int.min
    private var first = DotPoint(x: 0, y: 0)
    private var low = DotPoint(x: 0, y: 0), lowOrder = 0
    private var high = DotPoint(x: 0, y: 0), highOrder = 0
    private var last = DotPoint(x: 0, y: 0)
    private var order = 0
    private var open = false

    public init() {}

    public mutating func add(x: Int, y: Int) {
        let point = DotPoint(x: x, y: y)
        if open && x == column {
            order += 1
            if y < low.y { low = point; lowOrder = order }
            if y > high.y { high = point; highOrder = order }
            last = point
            return
        }
        flushColumn()
        column = x
        open = true
        order = 0
        first = point; low = point; high = point; last = point
        lowOrder = 0; highOrder = 0
    }

    public mutating func breakRun() {
        flushColumn()
        if !current.isEmpty { runs.append(current); current = [] }
    }

    /// The reduced runs; the reducer is left empty.
    public mutating func finish() -> [[DotPoint]] {
        breakRun()
        defer { runs = [] }
        return runs
    }

    private mutating func flushColumn() {
        guard open else { return }
        open = false
        append(first)
        if lowOrder <= highOrder { append(low); append(high) } else { append(high); append(low) }
        append(last)
    }

    private mutating func append(_ point: DotPoint) {
        if current.last != point { current.append(point) }
    }
}
