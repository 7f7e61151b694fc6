extension Int {
    /// The integer nearest `value` toward zero, saturating instead of trapping: NaN is 0 and
    /// magnitudes beyond ±2⁶² are ±2⁶². Every Double→Int conversion of a value derived from
    /// input (data, options, sizes) goes through this: `Int(Double)` traps on NaN, ±inf and
    /// anything past Int's range.
    public init(saturating value: Double) {
        let bound = 4.611_686_018_427_387_904e18  // 2^62
        if value.isNaN {
            self = 0
        } else if value >= bound {
            self = 1 << 62
        } else if value <= -bound {
            self = -(1 << 62)
        } else {
            self = Int(value)
        }
    }
}

extension Int64 {
    /// As `Int(saturating:)`.
    public init(saturating value: Double) { self = Int64(Int(saturating: value)) }
}
