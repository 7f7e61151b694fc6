import Foundation

/// An sRGB colour with straight (non-premultiplied) alpha.
///
/// Components are 0...255; `alpha` is 0...1. Colours are values: the session stores
/// what the user asked for (`red`, `#16aafc80`, `white@0.5`) already resolved to RGBA.
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// Opacity, 0 (transparent) ... 1 (opaque).
    public var alpha: Double

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = min(max(alpha, 0), 1)
    }

    /// `0xRRGGBB` as an opaque colour.
    public init(hex: UInt32) {
        self.init(
            red: UInt8((hex >> 16) & 0xff), green: UInt8((hex >> 8) & 0xff), blue: UInt8(hex & 0xff)
        )
    }

    /// Text that reads on this colour: near-black on light colours, white on dark ones (by
    /// WCAG relative luminance, the crossover where both contrast ratios are equal).
    public var contrastingText: Color {
        func linear(_ c: UInt8) -> Double {
            let v = Double(c) / 255
            return v <= 0.04045 ? v / 12.92 : Foundation.pow((v + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        return luminance > 0.179 ? Color(hex: 0x1A1A1A) : Color(hex: 0xFFFFFF)
    }

    /// `#rrggbb` without alpha, for formats that take opacity separately (SVG, Vega-Lite).
    public var hexOpaque: String {
        var c = self
        c.alpha = 1
        return c.hexString
    }

    /// `#rrggbb`, or `#rrggbbaa` when the colour is not opaque.
    public var hexString: String {
        var text = "#" + Self.hexByte(red) + Self.hexByte(green) + Self.hexByte(blue)
        if alpha < 1 { text += Self.hexByte(UInt8((alpha * 255).rounded())) }
        return text
    }

    /// The name the user would type, read back as this very colour: a named colour when one
    /// matches exactly, else hex; an alpha that no byte holds exactly as `@ALPHA`
    /// (`white@0.5`, which `#ffffff80` is not: 128/255).
    public var description: String {
        var opaque = self
        opaque.alpha = 1
        let name = Color.named.first(where: { $0.value == opaque })?.key
        if alpha == 1 { return name ?? hexString }
        if Double(UInt8((alpha * 255).rounded())) / 255 == alpha { return hexString }
        return (name ?? opaque.hexString) + "@" + NumberText.shortest(alpha)
    }

    /// This colour composited over `background` (alpha applied), opaque.
    public func flattened(over background: Color) -> Color {
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 {
            UInt8((Double(a) * alpha + Double(b) * (1 - alpha)).rounded())
        }
        return Color(
            red: mix(red, background.red), green: mix(green, background.green),
            blue: mix(blue, background.blue))
    }

    private static func hexByte(_ value: UInt8) -> String {
        let digits = Array("0123456789abcdef")
        return String([digits[Int(value >> 4)], digits[Int(value & 0xf)]])
    }

    /// Parses `red`, `#16aafc`, `#16aafc80`, `#fff`, `white@0.5`. Case-insensitive names.
    public init?(parsing text: String) {
        var body = Substring(text)
        var alpha = 1.0
        if let at = body.firstIndex(of: "@") {
            guard let value = Double(body[body.index(after: at)...]), value >= 0, value <= 1 else {
                return nil
            }
            alpha = value
            body = body[..<at]
        }
        if body.first == "#" {
            let digits = body.dropFirst()
            guard digits.allSatisfy(\.isHexDigit) else { return nil }
            let expanded: String
            switch digits.count {
            case 3, 4: expanded = digits.map { "\($0)\($0)" }.joined()
            case 6, 8: expanded = String(digits)
            default: return nil
            }
            guard let value = UInt64(expanded, radix: 16) else { return nil }
            if expanded.count == 8 {
                self.init(hex: UInt32(value >> 8))
                self.alpha = Double(value & 0xff) / 255 * alpha
            } else {
                self.init(hex: UInt32(value))
                self.alpha = alpha
            }
            return
        }
        guard let named = Color.named[body.lowercased()] else { return nil }
        self = named
        self.alpha = alpha
    }

    /// Colour names the language accepts, with their RGB values.
    public static let named: [String: Color] = [
        "black": Color(hex: 0x000000), "white": Color(hex: 0xffffff),
        "red": Color(hex: 0xe15759), "green": Color(hex: 0x59a14f), "blue": Color(hex: 0x4e79a7),
        "yellow": Color(hex: 0xedc948), "orange": Color(hex: 0xf28e2b),
        "purple": Color(hex: 0xb07aa1),
        "magenta": Color(hex: 0xd35fb7), "cyan": Color(hex: 0x5fc4d3), "teal": Color(hex: 0x76b7b2),
        "pink": Color(hex: 0xff9da7), "brown": Color(hex: 0x9c755f), "gray": Color(hex: 0x8c8c8c),
        "grey": Color(hex: 0x8c8c8c), "lightgray": Color(hex: 0xc8c8c8),
        "darkgray": Color(hex: 0x5a5a5a),
        "sky": Color(hex: 0x16aafc),
    ]

    /// Colours given to plots in order when they are not given one (Tableau 10, distinguishable
    /// on dark and light terminals and in 16-colour mode).
    public static let palette: [Color] = [
        Color(hex: 0x4e79a7), Color(hex: 0xf28e2b), Color(hex: 0x59a14f), Color(hex: 0xe15759),
        Color(hex: 0xb07aa1), Color(hex: 0x76b7b2), Color(hex: 0xedc948), Color(hex: 0xff9da7),
        Color(hex: 0x9c755f), Color(hex: 0xbab0ac),
    ]
}
