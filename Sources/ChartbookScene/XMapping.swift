/// Where point `i` sits horizontally in the plot area, for a window of `count` points
/// starting at index `first`.
///
/// Fitted (no spacing): without bars the window spans the area edge to edge (its first point
/// at the first dot, its last at the last dot); with bars each point owns an equal slot and
/// sits at its centre, so lines and bars drawn together line up. With `spacingCells` points
/// are that many cells apart from the left padding. Points outside the window map outside
/// the area (lines run on to the edge); they are never clamped.
public struct XMapping: Equatable, Sendable {
    /// Points in the window.
    public let count: Int
    /// Plot area width in cells and dots per cell.
    public let widthCells: Int
    public let dotsPerCell: Int
    public let slotted: Bool
    /// Index of the window's first point.
    public let first: Int
    /// Cells between neighbouring points; nil fits the window to the width.
    public let spacingCells: Double?
    public let paddingLeft: Double
    public let paddingRight: Double
    /// For unslotted mappings, `dot(i) == round(offset + scale * i)`; nil for slotted (bar)
    /// mappings. Computed once: `dot` runs once per data point.
    public let affine: Affine?

    public struct Affine: Equatable, Sendable {
        public let offset: Double
        public let scale: Double
    }

    public init(
        count: Int, widthCells: Int, dotsPerCell: Int, slotted: Bool, first: Int = 0,
        spacingCells: Double? = nil, paddingLeft: Double = 0, paddingRight: Double = 0
    ) {
        self.count = count; self.widthCells = widthCells; self.dotsPerCell = dotsPerCell;
        self.slotted = slotted
        self.first = first; self.spacingCells = spacingCells; self.paddingLeft = paddingLeft;
        self.paddingRight = paddingRight
        let d = Double(dotsPerCell),
            usable = max(Double(widthCells) - paddingLeft - paddingRight, 0) * d
        let scale: Double?
        if slotted || widthCells * dotsPerCell <= 1 || count <= 0 {
            scale = nil
        } else if let spacingCells {
            scale = spacingCells * d
        } else if count > 1 {
            scale = (max(usable, 1) - 1) / Double(count - 1)
        } else {
            scale = nil
        }
        affine = scale.map { Affine(offset: paddingLeft * d - $0 * Double(first), scale: $0) }
    }

    /// A real x scale: the interval `domain` (data units after the scale's transform: log10
    /// for log) spans the area edge to edge, inside the padding. `dot(value:)` places a value.
    public init(
        domain: ClosedRange<Double>, widthCells: Int, dotsPerCell: Int, paddingLeft: Double = 0,
        paddingRight: Double = 0
    ) {
        self.count = 0
        self.widthCells = widthCells
        self.dotsPerCell = dotsPerCell
        self.slotted = false
        self.first = 0
        self.spacingCells = nil
        self.paddingLeft = paddingLeft
        self.paddingRight = paddingRight
        let d = Double(dotsPerCell)
        let usable = max(Double(widthCells) - paddingLeft - paddingRight, 0) * d
        let span = domain.upperBound - domain.lowerBound
        let scale = span > 0 && span.isFinite ? (max(usable, 1) - 1) / span : 0
        let offset =
            span > 0 && span.isFinite
            ? paddingLeft * d - scale * domain.lowerBound : paddingLeft * d + usable / 2
        affine = Affine(offset: offset, scale: scale)
    }

    /// Dot column of the x value `value` (data units after the scale's transform); outside
    /// the area for values outside the domain.
    @inline(__always)
    public func dot(value: Double) -> Int {
        guard let affine else { return 0 }
        return Self.round(affine.offset + affine.scale * value)
    }

    /// Position of `value` in cells (fractional) from the area's left edge: the middle of
    /// its dot column.
    public func cell(value: Double) -> Double {
        (Double(dot(value: value)) + 0.5) / Double(dotsPerCell)
    }

    /// Position of `value` in cells (fractional), not rounded to a dot column: where bars
    /// that must meet exactly (histogram bins) put their edges.
    public func exactCell(value: Double) -> Double {
        guard let affine else { return 0 }
        return (affine.offset + affine.scale * value + 0.5) / Double(dotsPerCell)
    }

    /// Dots per data unit (for bar widths on a real x scale).
    public var dotsPerUnit: Double { affine?.scale ?? 0 }

    var widthDots: Int { widthCells * dotsPerCell }
    var usableCells: Double { max(Double(widthCells) - paddingLeft - paddingRight, 0) }

    /// Slot width in cells (for bars).
    public var slotCells: Double {
        if let spacingCells { return spacingCells }
        return count > 0 ? usableCells / Double(count) : usableCells
    }

    /// Centre of point `index` in cells (fractional) from the plot area's left edge.
    public func centerCell(_ index: Int) -> Double {
        if slotted { return paddingLeft + (Double(index - first) + 0.5) * slotCells }
        return (Double(dot(index)) + 0.5) / Double(dotsPerCell)
    }

    /// Dot column of point `index` (inside 0 ..< width dots for points in the window).
    public func dot(_ index: Int) -> Int {
        guard widthDots > 1, count > 0 else { return 0 }
        let k = Double(index - first), d = Double(dotsPerCell)
        if slotted {
            let x = Int(saturating: ((paddingLeft + (k + 0.5) * slotCells) * d).rounded(.down))
            return index >= first && index < first + count ? min(max(x, 0), widthDots - 1) : x
        }
        if let affine { return Self.round(affine.offset + affine.scale * Double(index)) }
        return Int(saturating: paddingLeft * d + usableCells * d / 2)
    }

    /// Nearest integer, halves up, without a libm call (this runs once per data point).
    @inline(__always)
    static func round(_ x: Double) -> Int {
        // Clamped first: converting a non-finite or huge Double to Int traps.
        let t = x.isNaN ? 0 : min(max(x + 0.5, -1e15), 1e15)
        let i = Int(saturating: t)
        return Double(i) > t ? i - 1 : i
    }
}
