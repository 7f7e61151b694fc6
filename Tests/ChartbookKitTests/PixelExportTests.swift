import ChartbookCommands
import Testing

@testable import ChartbookKit

/// `save png` and `save pdf` (issue 30): the chart's SVG drawn by librsvg (Scripts/pixels-check
/// compares the pictures with rsvg-convert's); written whole, or refused with the reason.
@Suite struct PixelExportTests {
    static func run(_ script: String, _ files: InMemoryFiles) -> String {
        var notebook = Notebook()
        var said = ""
        _ = ScriptRunner(executor: Executor(files: files), keepGoing: true).run(
            ScriptSource(name: "t.cb", text: script), in: &notebook
        ) { event in
            switch event {
            case .diagnostic(let d): said += d
            case .feedback(let f): said += f
            default: break
            }
        }
        return said
    }

    @Test func pngAndPdfAreWrittenAndSaidSo() throws {
        let files = InMemoryFiles(["/work/d.csv": "x,v\n1,3\n2,5\n3,4\n"])
        let said = Self.run(
            "load d.csv\nadd plot line d.v x=x\nset size 40x12\nsave png a.png scale=2\nsave pdf a.pdf",
            files)
        #expect(said.contains("wrote /work/a.png (672×416 px, "), "\(said)")
        #expect(said.contains("wrote /work/a.pdf (PDF, "), "\(said)")
        let png = try files.read("/work/a.png")
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // Twice the SVG's pixels: (40 × 8 + 16) × 2 wide.
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }
        #expect(width == 672)
        #expect(try files.read("/work/a.pdf").starts(with: Array("%PDF-".utf8)))
    }

    @Test func whatCannotBeDrawnIsRefusedAndNothingWritten() {
        let files = InMemoryFiles(["/work/d.csv": "x,v\n1,3\n2,5\n"])
        let said = Self.run(
            "load d.csv\nadd plot line d.v x=x\nsave png big.png size=20000x20000 scale=4\n"
                + "save png s.png scale=9",
            files)
        #expect(said.contains("cannot write 'big.png'") || said.contains("big.png"), "\(said)")
        #expect(said.contains("beyond the limit"), "\(said)")
        #expect(said.contains("expected 1..4") || said.contains("a number from 1 to 4"), "\(said)")
        #expect((try? files.read("/work/big.png")) == nil)
    }
}
