import ChartbookModel
import ChartbookTerminal
import Foundation
import Testing

@testable import ChartbookKit

/// Pictures in the terminal (issue 30): with `set canvas auto`, on a terminal that said it
/// shows pictures, the chart is sent as one picture in the terminal's protocol, in as many
/// rows as its cells; elsewhere (and with any other canvas) it is cells.
@Suite struct PictureTests {
    static let script = "gen w walk 200 seed=3\nadd plot line w\nset title \"t\"\nset canvas auto"

    func text(_ picture: PictureProtocol?, script: String = Self.script) -> String {
        ChartRenderer.text(
            for: sessionAfter(script),
            on: TerminalTarget(
                columns: 80, rows: 20, colorMode: .none, picture: picture,
                cellPixels: PixelSize(width: 8, height: 16)))
    }

    /// The kitty chunks' base64 payloads, joined and decoded.
    func payload(_ text: String) -> [UInt8] {
        var joined = ""
        for part in text.components(separatedBy: "\u{1B}_G").dropFirst() {
            guard let body = part.split(separator: ";", maxSplits: 1).last,
                let end = body.range(of: "\u{1B}\\")
            else { continue }
            joined += body[..<end.lowerBound]
        }
        return [UInt8](Data(base64Encoded: joined) ?? Data())
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47]

    @Test func kittyGetsAPNGInChunksScaledToTheCells() {
        let out = text(.kitty)
        // The title and the legend stay text (two rows); the picture's 18 rows reserved, the
        // cursor back up and saved; one placement of 80×18 cells, not moving the cursor, no
        // answer; then under the picture.
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].trimmingCharacters(in: .whitespaces) == "t")
        #expect(lines[1].hasSuffix("w"))
        #expect(out.contains(String(repeating: "\u{1B}[2K\n", count: 18) + "\u{1B}[18A\r\u{1B}7"))
        #expect(out.contains("\u{1B}_Ga=T,f=100,q=2,C=1,c=80,r=18,m="))
        #expect(out.hasSuffix("\u{1B}8\u{1B}[18B\r"))
        let chunks = out.components(separatedBy: "\u{1B}_G").dropFirst()
        #expect(chunks.count > 1)
        #expect(chunks.allSatisfy { $0.count <= 4096 + 80 })
        #expect(chunks.dropLast().allSatisfy { $0.contains("m=1;") })
        #expect(chunks.last?.hasPrefix("m=0;") == true)
        #expect(payload(out).prefix(4) == Self.pngSignature[...])
    }

    @Test func iTerm2GetsAnInlinePNG() throws {
        let out = text(.iterm2)
        let header = try #require(out.range(of: "\u{1B}]1337;File=inline=1;size="))
        let rest = out[header.upperBound...]
        #expect(rest.contains(";width=80;height=18;preserveAspectRatio=0:"))
        let body = try #require(rest.split(separator: ":", maxSplits: 1).last)
        let base64 = try #require(body.split(separator: "\u{07}").first)
        #expect(
            [UInt8](Data(base64Encoded: String(base64)) ?? Data()).prefix(4)
                == Self.pngSignature[...])
    }

    @Test func sixelGetsLibsixelsEncoding() {
        let out = text(.sixel)
        // A DCS introducer with the sixel final byte, a palette, and ST.
        #expect(out.contains("\u{1B}P") && out.contains("q\"") && out.contains("\u{1B}\\"))
        #expect(out.contains("#0;2;"))
    }

    /// Cells wherever a picture is not both asked for and shown.
    /// A position line and a readout under the chart stay text too.
    @Test func remarksUnderThePictureStayText() {
        let out = text(.kitty, script: Self.script + "\nview 20..80\nselect 30")
        let tail = out[(out.range(of: "\u{1B}8")?.upperBound ?? out.endIndex)...]
        let remarks = tail.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(remarks.count == 2, "\(tail)")
        #expect(remarks.first?.contains("points 20–80 of 200") == true)
        #expect(remarks.last?.hasPrefix("▶ 30  w") == true)
    }

    @Test func cellsElsewhere() {
        let cells = text(nil)
        let braille = text(
            .kitty, script: Self.script.replacingOccurrences(of: "auto", with: "braille"))
        for out in [cells, braille] {
            #expect(
                !out.contains("\u{1B}_G") && !out.contains("\u{1B}]1337")
                    && !out.contains("\u{1B}P"))
            #expect(out.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
        }
    }

    @Test func repliesAreRead() {
        #expect(TerminalReply("\u{1B}[?63;1;2;4;6;9;15;16;22;28c").saysSixel)
        #expect(!TerminalReply("\u{1B}[?62;22c").saysSixel)
        #expect(!TerminalReply("").saysSixel)
        #expect(
            TerminalReply("\u{1B}[?62;4c\u{1B}[6;17;9t").cellPixels.map { [$0.width, $0.height] }
                == [9, 17])
        #expect(TerminalReply("\u{1B}[6;0;9t").cellPixels == nil)
    }
    /// Through tmux: passed through (`DCS tmux;`, every ESC doubled, ST) to the terminal
    /// outside, at the pane's rows on its screen; kitty's picture sent under this process's
    /// id, its last one deleted first, then placed at once.
    @Test func throughTmuxThePictureIsPassedThroughAtThePanesRows() throws {
        let passthrough = Passthrough(
            paneTop: 3, paneLeft: 40, paneRows: 30, startRow: 5, imageID: 4242)
        var target = TerminalTarget(
            columns: 80, rows: 20, colorMode: .none, picture: .kitty,
            cellPixels: PixelSize(width: 8, height: 16))
        target.passthrough = passthrough
        let out = ChartRenderer.text(for: sessionAfter(Self.script), on: target)
        // Two rows of text, then the picture's 18 rows reserved and the cursor back up.
        #expect(
            out.contains(String(repeating: "\u{1B}[2K\n", count: 18) + "\u{1B}[18A\r\u{1B}Ptmux;"))
        let wrapped = out.components(separatedBy: "\u{1B}Ptmux;").dropFirst()
        #expect(wrapped.first?.hasPrefix("\u{1B}\u{1B}_Ga=d,d=I,i=4242,q=2") == true)
        #expect(
            wrapped.dropFirst().first?.hasPrefix("\u{1B}\u{1B}_Ga=t,f=100,q=2,i=4242,m=1;")
                == true)
        // Screen row 3 + 5 + 2 (0-based) = 10, column 40: 1-based 11;41.
        let place = try #require(wrapped.last)
        #expect(
            place == "\u{1B}\u{1B}7\u{1B}\u{1B}[11;41H\u{1B}\u{1B}_Ga=p,i=4242,q=2,C=1,c=80,r=18"
                + "\u{1B}\u{1B}\\\u{1B}\u{1B}8\u{1B}\\\u{1B}[18B\r")
        // Nothing escapes the passthrough before its end: every ESC inside is doubled.
        for part in wrapped {
            let inside = part.dropLast(part.hasSuffix("\u{1B}[18B\r") ? 8 : 2)
            #expect(!inside.replacingOccurrences(of: "\u{1B}\u{1B}", with: "").contains("\u{1B}"))
        }
        // Sixel: one passed-through sequence holding the placement and the picture.
        target.picture = .sixel
        let sixel = ChartRenderer.text(for: sessionAfter(Self.script), on: target)
        #expect(sixel.contains("\u{1B}Ptmux;\u{1B}\u{1B}7\u{1B}\u{1B}[11;41H\u{1B}\u{1B}P"))
    }

    /// A picture that reaches the pane's bottom scrolls it: it lands where its reserved rows
    /// leave it.
    @Test func aPictureAtThePanesBottomLandsWhereItsRowsEnd() {
        let pane = { (start: Int) in
            Passthrough(paneTop: 0, paneLeft: 0, paneRows: 24, startRow: start, imageID: 1)
        }
        #expect(pane(0).pictureRow(linesAbove: 2, rows: 10) == 2)
        #expect(pane(10).pictureRow(linesAbove: 2, rows: 10) == 12)
        #expect(pane(20).pictureRow(linesAbove: 2, rows: 10) == 13)
        #expect(pane(23).pictureRow(linesAbove: 0, rows: 30) == 0)
        #expect(PictureWriter(.kitty).clearPictures() == "\u{1B}_Ga=d,d=a,q=2\u{1B}\\")
        #expect(
            PictureWriter(.kitty).clearPictures(passedThroughAs: 7)
                == "\u{1B}Ptmux;\u{1B}\u{1B}_Ga=d,d=I,i=7,q=2\u{1B}\u{1B}\\\u{1B}\\")
        #expect(PictureWriter(.sixel).clearPictures(passedThroughAs: 7) == "")
    }

    @Test func theCursorsRowIsRead() {
        #expect(TerminalReply("\u{1B}[12;1R").cursorRow == 12)
        #expect(TerminalReply("\u{1B}[?62;4c\u{1B}[3;40R").cursorRow == 3)
        #expect(TerminalReply("\u{1B}[12R").cursorRow == nil)
        #expect(TerminalReply("").cursorRow == nil)
    }
}
