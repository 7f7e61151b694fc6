/// A sequential colour ramp, dark to light: what a continuous colour channel and a heatmap
/// map their values through (viridis' five stops, mixed in RGB between them — as the SVG,
/// the terminal and the Vega-Lite export's `interpolate: rgb` all mix them).
public enum ColorRamp {
    /// Viridis' stops, from the lowest value to the highest.
    public static let viridis: [Color] = [
        Color(red: 0x44, green: 0x01, blue: 0x54), Color(red: 0x3B, green: 0x52, blue: 0x8B),
        Color(red: 0x21, green: 0x91, blue: 0x8C), Color(red: 0x5E, green: 0xC9, blue: 0x62),
        Color(red: 0xFD, green: 0xE7, blue: 0x25),
    ]

    /// The ramp's colour at `level` (0...1, clamped; NaN: the lowest), interpolated.
    public static func color(_ level: Double) -> Color {
        let t = min(max(level.isFinite ? level : 0, 0), 1) * Double(viridis.count - 1)
        let i = min(Int(saturating: t), viridis.count - 2)
        let (a, b, f) = (viridis[i], viridis[i + 1], t - Double(i))
        func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
            UInt8((Double(x) + (Double(y) - Double(x)) * f).rounded())
        }
        return Color(
            red: mix(a.red, b.red), green: mix(a.green, b.green), blue: mix(a.blue, b.blue))
    }
}
