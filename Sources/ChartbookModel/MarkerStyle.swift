/// How a dot plot marks its points.
public struct MarkerStyle: Equatable, Sendable {
    /// Default: a circle.
    public var shape: Shape?
    /// Marker size in points (1 point = 1/8 of a cell's width); default 6. Under 1, a point
    /// is one dot of the canvas (a dense scatter).
    public var size: Double?
    /// `jitter=W`: each point moved along x by up to half of W slots either way (`Jitter`);
    /// nil or 0: in place.
    public var jitter: Double?
    /// `opacity=N`: the points' opacity, 0 < N ≤ 1 (their colour's alpha times it); nil: 1.
    public var opacity: Double?

    public init(shape: Shape? = nil, size: Double? = nil) {
        self.shape = shape
        self.size = size
    }

    public var resolvedShape: Shape { shape ?? .circle }
    public var resolvedSize: Double { size ?? 6 }
    /// Whether each point is a single canvas dot rather than a glyph.
    public var isPoint: Bool { (size ?? 6) < 1 }

    /// A circle's size said in the terminal (seed 000's dot size): the level of the size
    /// glyphs `· • ● ⬤` (`SizeScale.glyphs`) a `size=` stands for — under 3 points `·`,
    /// under 5 `•`, under 9 the plain circle (the default 6 is one), from 9 `⬤`; nil when
    /// no size was given, a point is one dot (under 1), or the shape is not a circle.
    public var glyphLevel: Int? {
        guard let size, size >= 1, resolvedShape == .circle else { return nil }
        return size < 3 ? 0 : size < 5 ? 1 : size < 9 ? 2 : 3
    }

    public enum Shape: Equatable, Sendable {
        case circle, square, diamond, cross
        /// A custom glyph (one grapheme).
        case glyph(Character)

        public static let names = ["circle", "square", "diamond", "cross"]
    }
}
