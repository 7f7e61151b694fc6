import ChartbookModel

/// Nearest colours in the xterm 256- and 16-colour palettes (squared RGB distance).
public enum ColorQuantizer {
    /// The 16 ANSI colours as xterm draws them by default.
    static let ansi16: [Color] = [
        0x000000, 0xcd0000, 0x00cd00, 0xcdcd00, 0x0000ee, 0xcd00cd, 0x00cdcd, 0xe5e5e5,
        0x7f7f7f, 0xff0000, 0x00ff00, 0xffff00, 0x5c5cff, 0xff00ff, 0x00ffff, 0xffffff,
    ].map { Color(hex: $0) }

    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    static func distance(_ a: Color, _ r: Int, _ g: Int, _ b: Int) -> Int {
        let dr = Int(a.red) - r, dg = Int(a.green) - g, db = Int(a.blue) - b
        return dr * dr * 3 + dg * dg * 4 + db * db * 2
    }

    /// Index 0...15 of the nearest ANSI colour. Chromatic colours never map to black, grey or
    /// white, so a coloured plot stays coloured in 16-colour mode.
    public static func index16(_ c: Color) -> Int {
        let maxC = max(c.red, c.green, c.blue), minC = min(c.red, c.green, c.blue)
        let chromatic = Int(maxC) - Int(minC) > 40
        var best = 0, bestDistance = Int.max
        for (i, p) in ansi16.enumerated() {
            if chromatic && [0, 7, 8, 15].contains(i) { continue }
            // Compare hue-normalised colours so a muted blue still finds blue.
            let d =
                chromatic
                ? distance(normalized(c), Int(p.red), Int(p.green), Int(p.blue))
                : distance(c, Int(p.red), Int(p.green), Int(p.blue))
            if d < bestDistance { bestDistance = d; best = i }
        }
        return best
    }

    /// Stretches a colour's channels to full range, keeping its hue.
    static func normalized(_ c: Color) -> Color {
        let lo = Double(min(c.red, c.green, c.blue)), hi = Double(max(c.red, c.green, c.blue))
        guard hi > lo else { return c }
        func s(_ v: UInt8) -> UInt8 { UInt8(((Double(v) - lo) / (hi - lo) * 255).rounded()) }
        return Color(red: s(c.red), green: s(c.green), blue: s(c.blue))
    }

    /// Index 16...255 of the nearest colour in the 6×6×6 cube or the grey ramp. A chromatic
    /// colour (channels more than 40 apart) never maps to the grey ramp: the dark blues and
    /// purples of a heatmap's ramp stayed grey (issue 54), and a grey step reads as "no value".
    public static func index256(_ c: Color) -> Int {
        func nearestLevel(_ v: UInt8) -> Int {
            var best = 0
            for (i, level) in cubeLevels.enumerated()
            where abs(level - Int(v)) < abs(cubeLevels[best] - Int(v)) { best = i }
            return best
        }
        let r = nearestLevel(c.red), g = nearestLevel(c.green), b = nearestLevel(c.blue)
        let cubeIndex = 16 + 36 * r + 6 * g + b
        let cubeDistance = distance(c, cubeLevels[r], cubeLevels[g], cubeLevels[b])
        let average = (Int(c.red) + Int(c.green) + Int(c.blue)) / 3
        let greyStep = min(max((average - 8 + 5) / 10, 0), 23)
        let grey = 8 + greyStep * 10
        let greyDistance = distance(c, grey, grey, grey)
        let chromatic = Int(max(c.red, c.green, c.blue)) - Int(min(c.red, c.green, c.blue)) > 40
        return !chromatic && greyDistance < cubeDistance ? 232 + greyStep : cubeIndex
    }
}
