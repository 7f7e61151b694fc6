/// Which points are on screen: spacing between points, where the window is anchored, and
/// the direction it opens from. Data-level state: the window in cells is computed at draw
/// time by `window(count:widthCells:)`, so resizing, `reload` and `push` keep it valid.
public struct View: Equatable, Sendable {
    public enum Spacing: Equatable, Sendable {
        /// Every point fits the width.
        case auto
        /// Cells between neighbouring points.
        case cells(Double)
        /// This many points fill the width (`view A..B`).
        case points(Int)
    }

    /// Where the window sits. `start(i)`: the first visible point is `i`. `end(k)`: the last
    /// visible point is the `k`-th from the newest (0 = the newest), so the window follows
    /// the data as it grows.
    public enum Anchor: Equatable, Sendable {
        case start(Int)
        case end(Int)
    }

    public enum Direction: String, Equatable, Sendable, CaseIterable {
        /// Opens at the first points.
        case ltr
        /// Opens at the newest points and keeps them in view as data grows.
        case rtl
    }

    public var spacing: Spacing
    public var anchor: Anchor
    public var direction: Direction
    /// Inset of the first and last point from the plot area's edges, in cells.
    public var paddingLeft: Double
    public var paddingRight: Double
    /// Inset of the y range's top and bottom from the plot area's edges, in cells (the
    /// seed's top and bottom margins): the data keeps off the frame.
    public var paddingTop: Double = 0
    public var paddingBottom: Double = 0

    /// The sides `set padding` names, in the order a saved script writes them.
    public enum Side: String, Equatable, Hashable, Sendable, CaseIterable {
        case left, right, top, bottom
    }

    /// The inset on `side`, in cells.
    public subscript(padding side: Side) -> Double {
        get {
            switch side {
            case .left: paddingLeft
            case .right: paddingRight
            case .top: paddingTop
            case .bottom: paddingBottom
            }
        }
        set {
            switch side {
            case .left: paddingLeft = newValue
            case .right: paddingRight = newValue
            case .top: paddingTop = newValue
            case .bottom: paddingBottom = newValue
            }
        }
    }
    /// On a real x scale: the x interval shown, in data units (log: the values, not their
    /// logarithms); nil shows all data. Ignored when x is the index.
    public var xInterval: ClosedRange<Double>?

    public init() {
        xInterval = nil
        spacing = .auto
        anchor = .start(0)
        direction = .ltr
        paddingLeft = 0
        paddingRight = 0
    }

    /// How many points fit a plot area `widthCells` wide (at least 1).
    public func capacity(count: Int, widthCells: Int) -> Int {
        let usable = Double(widthCells) - paddingLeft - paddingRight
        switch spacing {
        case .auto: return max(count, 1)
        case .cells(let s):
            return max(1, Int(saturating: (usable / max(s, 1e-9)).rounded(.down)) + 1)
        case .points(let n): return max(n, 1)
        }
    }

    /// The visible indices of `count` points: the window clamped to the data.
    public func window(count: Int, widthCells: Int) -> Range<Int> {
        guard count > 0 else { return 0..<0 }
        let size = min(capacity(count: count, widthCells: widthCells), count)
        let last = count - size
        let first: Int
        switch anchor {
        case .start(let i): first = min(max(i, 0), last)
        case .end(let k): first = min(max(last - k, 0), last)
        }
        return first..<(first + size)
    }

    /// The anchor that puts `first` at the window's start, expressed the way `direction`
    /// keeps it (from the end for rtl).
    public func anchor(showingFrom first: Int, count: Int, widthCells: Int) -> Anchor {
        let size = min(capacity(count: count, widthCells: widthCells), max(count, 1))
        let clamped = min(max(first, 0), max(count - size, 0))
        switch direction {
        case .ltr: return .start(clamped)
        case .rtl: return .end(max(count - size - clamped, 0))
        }
    }
}
