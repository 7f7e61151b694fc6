import ChartbookModel

extension ScaleTransform {
    /// A tick's or a readout's value, given in the scale's units, back in data units as a
    /// label shows it: on a log scale 10ᵘ without binary noise (`YRange.clean`: 1000, not
    /// 999.9999999999998); unchanged on identity.
    public func shown(_ units: Double) -> Double {
        self == .identity ? units : YRange.clean(inverse(units))
    }
}
