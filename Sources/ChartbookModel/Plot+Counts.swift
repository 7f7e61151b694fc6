extension Plot {
    /// Whether every value it draws is a count, a whole number: a histogram's counts (not
    /// its density), or `agg=count` / `agg=distinct` with no window or share after them. An
    /// axis of counts alone is ticked at whole numbers (not 0.5).
    public var drawsCounts: Bool {
        if kind == .histogram { return style.histogram.density != true }
        guard let aggregate = binding.aggregate, aggregate == .count || aggregate == .distinct
        else { return false }
        return binding.window == nil && binding.stack != .normalize
    }
}
