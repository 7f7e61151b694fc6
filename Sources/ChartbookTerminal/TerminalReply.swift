/// What a terminal answers to the questions asked of it when chartbook starts (`CSI c`,
/// `CSI 16 t`), read from the bytes it sent back.
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
}
