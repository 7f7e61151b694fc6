import Foundation

/// How a terminal shows pictures, as it said (`TerminalTarget.picture`): the kitty graphics
/// protocol (kitty; WezTerm and Ghostty too), iTerm2's inline images (iTerm2, WezTerm, VS Code)
/// or sixel (xterm `-ti vt340`, foot, mlterm, …).
public enum PictureProtocol: String, Equatable, Sendable, CaseIterable {
    case kitty, iterm2, sixel
}

/// The escape sequences that put a picture of `columns × rows` cells at the cursor and leave
/// the cursor at the start of the line under it — the one place such sequences are written
/// (as `ANSIWriter` writes colours). The picture first reserves its rows with newlines (so a
/// picture at the bottom scrolls the screen before it is drawn, not while), goes back up,
/// draws with the cursor saved, and moves down past it: the same for every protocol, so a
/// redraw in place covers the last one exactly.
public struct PictureWriter: Sendable {
    public var protocolKind: PictureProtocol

    public init(_ protocolKind: PictureProtocol) { self.protocolKind = protocolKind }

    /// The picture: `png` (kitty, iTerm2: sent as is, base64) or `sixel` (the encoded
    /// bytes, from a DCS introducer to ST), `columns × rows` cells.
    public func picture(png: [UInt8], sixel: [UInt8] = [], columns: Int, rows: Int) -> String {
        let rows = max(rows, 1), columns = max(columns, 1)
        var out = String(repeating: "\n", count: rows) + "\u{1B}[\(rows)A\r\u{1B}7"
        switch protocolKind {
        case .kitty: out += kitty(png, columns: columns, rows: rows)
        case .iterm2: out += iterm2(png, columns: columns, rows: rows)
        case .sixel: out += String(decoding: sixel, as: UTF8.self)
        }
        return out + "\u{1B}8\u{1B}[\(rows)B\r"
    }

    /// Deletes the pictures a redraw in place draws over (kitty keeps them until deleted;
    /// sixel and iTerm2 pictures are covered by the next one).
    public var clearPictures: String {
        protocolKind == .kitty ? "\u{1B}_Ga=d,d=a,q=2\u{1B}\\" : ""
    }

    /// The kitty graphics protocol: transmit and display a PNG (`f=100`) scaled to the cells,
    /// the cursor not moved (`C=1`), no answer (`q=2`), in chunks of 4096 base64 bytes.
    func kitty(_ png: [UInt8], columns: Int, rows: Int) -> String {
        let data = Data(png).base64EncodedString()
        var out = ""
        var start = data.startIndex
        var first = true
        repeat {
            let end = data.index(start, offsetBy: 4096, limitedBy: data.endIndex) ?? data.endIndex
            let more = end < data.endIndex ? 1 : 0
            let keys =
                first ? "a=T,f=100,q=2,C=1,c=\(columns),r=\(rows),m=\(more)" : "m=\(more)"
            out += "\u{1B}_G\(keys);\(data[start..<end])\u{1B}\\"
            first = false
            start = end
        } while start < data.endIndex
        return out
    }

    /// iTerm2's inline image: the PNG, `columns` cells wide and `rows` tall.
    func iterm2(_ png: [UInt8], columns: Int, rows: Int) -> String {
        "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);"
            + "preserveAspectRatio=0:\(Data(png).base64EncodedString())\u{07}"
    }
}
