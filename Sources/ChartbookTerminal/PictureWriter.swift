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
/// picture at the bottom scrolls the screen before it is drawn, not while), emptying them,
/// goes back up,
/// draws with the cursor saved, and moves down past it: the same for every protocol, so a
/// redraw in place covers the last one exactly.
public struct PictureWriter: Sendable {
    public var protocolKind: PictureProtocol

    public init(_ protocolKind: PictureProtocol) { self.protocolKind = protocolKind }

    /// The picture: `png` (kitty, iTerm2: sent as is, base64) or `sixel` (the encoded
    /// bytes, from a DCS introducer to ST), `columns × rows` cells. Inside tmux
    /// (`passthrough`), after `linesAbove` lines of text: passed through to the terminal
    /// outside, at the pane's rows on its screen.
    public func picture(
        png: [UInt8], sixel: [UInt8] = [], columns: Int, rows: Int,
        through passthrough: Passthrough? = nil, linesAbove: Int = 0
    ) -> String {
        let rows = max(rows, 1), columns = max(columns, 1)
        // Each row emptied as it is reserved: what a picture drew over (the last chart's
        // cells) must not show again when the picture is gone (deleted, or tmux's redraw).
        let reserve =
            String(repeating: "\u{1B}[2K\n", count: rows) + "\u{1B}[\(rows)A\r"
        let below = "\u{1B}[\(rows)B\r"
        guard let passthrough else {
            return reserve + "\u{1B}7" + shown(png, sixel, columns: columns, rows: rows)
                + "\u{1B}8" + below
        }
        let place = passthrough.moveTo(
            row: passthrough.pictureRow(linesAbove: linesAbove, rows: rows))
        guard protocolKind == .kitty else {
            return reserve
                + Passthrough.wrapped(
                    "\u{1B}7" + place + shown(png, sixel, columns: columns, rows: rows)
                        + "\u{1B}8") + below
        }
        // Sent first, then placed at once: tmux may move the outer cursor between the chunks
        // (its own redraws), never inside one passed-through sequence. The last picture is
        // deleted first: sent again under its id, kitty 0.26 would show the new picture in
        // the old places too.
        let id = passthrough.imageID
        return reserve + clearPictures(passedThroughAs: id)
            + kittySequences(png, first: "a=t,f=100,q=2,i=\(id)").map(Passthrough.wrapped)
            .joined()
            + Passthrough.wrapped(
                "\u{1B}7" + place + "\u{1B}_Ga=p,i=\(id),q=2,C=1,c=\(columns),r=\(rows)\u{1B}\\"
                    + "\u{1B}8") + below
    }

    /// The picture's sequence, drawn at the cursor: kitty's transmission and display of the
    /// PNG (`f=100`) scaled to the cells, the cursor not moved (`C=1`), no answer (`q=2`);
    /// iTerm2's inline image; or the sixel bytes.
    func shown(_ png: [UInt8], _ sixel: [UInt8], columns: Int, rows: Int) -> String {
        switch protocolKind {
        case .kitty:
            kittySequences(png, first: "a=T,f=100,q=2,C=1,c=\(columns),r=\(rows)").joined()
        case .iterm2: iterm2(png, columns: columns, rows: rows)
        case .sixel: String(decoding: sixel, as: UTF8.self)
        }
    }

    /// Deletes the pictures a redraw in place draws over (kitty keeps them until deleted;
    /// sixel and iTerm2 pictures are covered by what is drawn next): every kitty picture on
    /// the screen, or through tmux this process's own (`imageID`: another pane's stay).
    public func clearPictures(passedThroughAs imageID: Int? = nil) -> String {
        guard protocolKind == .kitty else { return "" }
        guard let imageID else { return "\u{1B}_Ga=d,d=a,q=2\u{1B}\\" }
        return Passthrough.wrapped("\u{1B}_Ga=d,d=I,i=\(imageID),q=2\u{1B}\\")
    }

    /// The PNG as kitty graphics sequences, its base64 in chunks of at most 4096 bytes:
    /// `keys` on the first, and on each whether more follow (`m=`).
    func kittySequences(_ png: [UInt8], first keys: String) -> [String] {
        let data = Data(png).base64EncodedString()
        var sequences = [String]()
        var start = data.startIndex
        repeat {
            let end = data.index(start, offsetBy: 4096, limitedBy: data.endIndex) ?? data.endIndex
            let more = end < data.endIndex ? 1 : 0
            let head = sequences.isEmpty ? "\(keys),m=\(more)" : "m=\(more)"
            sequences.append("\u{1B}_G\(head);\(data[start..<end])\u{1B}\\")
            start = end
        } while start < data.endIndex
        return sequences
    }

    /// iTerm2's inline image: the PNG, `columns` cells wide and `rows` tall.
    func iterm2(_ png: [UInt8], columns: Int, rows: Int) -> String {
        "\u{1B}]1337;File=inline=1;size=\(png.count);width=\(columns);height=\(rows);"
            + "preserveAspectRatio=0:\(Data(png).base64EncodedString())\u{07}"
    }
}
