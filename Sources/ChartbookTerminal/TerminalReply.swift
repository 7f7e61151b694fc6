import Foundation

/// What a terminal answers to the questions asked of it when chartbook starts (`CSI c`,
/// `CSI 16 t`, `CSI 6 n`), read from the bytes it sent back.
public struct TerminalReply: Equatable, Sendable {
    public var text: String

    public init(_ text: String) { self.text = text }

    /// Whether its primary device attributes (`CSI ? 62 ; 4 ; … c`) list sixel (4).
    public var saysSixel: Bool {
        guard let start = text.range(of: "\u{1B}[?"),
            let end = text[start.upperBound...].firstIndex(of: "c")
        else { return false }
        return text[start.upperBound..<end].split(separator: ";").contains("4")
    }

    /// A cell's width and height in pixels from its answer to `CSI 16 t` (`CSI 6 ; H ; W t`).
    public var cellPixels: (width: Int, height: Int)? {
        guard let start = text.range(of: "\u{1B}[6;"),
            let end = text[start.upperBound...].firstIndex(of: "t")
        else { return nil }
        let parts = text[start.upperBound..<end].split(separator: ";").compactMap { Int($0) }
        guard parts.count == 2, parts[0] > 0, parts[1] > 0 else { return nil }
        return (parts[1], parts[0])
    }

    /// Whether the terminal's background is light, from its answer to `OSC 11 ; ?`
    /// (`OSC 11 ; rgb:RRRR/GGGG/BBBB` ended by BEL or ST; 1 to 4 hex digits a channel): its
    /// relative luminance (sRGB, WCAG) above ½. nil without an answer.
    public var backgroundIsLight: Bool? {
        guard let start = text.range(of: "\u{1B}]11;rgb:") else { return nil }
        let body = text[start.upperBound...].prefix { $0.isHexDigit || $0 == "/" }
        let channels = body.split(separator: "/").map(String.init)
        guard channels.count == 3 else { return nil }
        var linear = [Double]()
        for hex in channels {
            guard (1...4).contains(hex.count), let value = Int(hex, radix: 16) else { return nil }
            let c = Double(value) / Double((1 << (4 * hex.count)) - 1)
            linear.append(c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4))
        }
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2] > 0.5
    }

    /// The cursor's row (1-based) from its answer to `CSI 6 n` (`CSI row ; column R`).
    public var cursorRow: Int? {
        var rest = text[...]
        while let start = rest.range(of: "\u{1B}[") {
            let body = rest[start.upperBound...]
            if let end = body.firstIndex(of: "R") {
                let parts = body[..<end].split(separator: ";", omittingEmptySubsequences: false)
                if parts.count == 2, let row = Int(parts[0]), Int(parts[1]) != nil, row > 0 {
                    return row
                }
            }
            rest = body
        }
        return nil
    }
}
