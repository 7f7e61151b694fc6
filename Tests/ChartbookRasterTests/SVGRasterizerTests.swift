import Testing
import Foundation

@testable import ChartbookRaster

/// `save png` and `save pdf` (issue 30): chartbook's SVG drawn by librsvg and cairo.
@Suite struct SVGRasterizerTests {
    static let svg = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20" viewBox="0 0 40 20">
        <rect width="100%" height="100%" fill="#ff0000"/></svg>
        """

    /// The PNG's width and height from its header (the IHDR chunk).
    static func size(_ png: [UInt8]) -> (Int, Int)? {
        guard png.count > 24, png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        else { return nil }
        let number = { (at: Int) in png[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return (number(16), number(20))
    }

    @Test func pngIsTheSVGsSizeTimesTheScale() throws {
        let one = try SVGRasterizer.png(Self.svg)
        #expect(Self.size(one).map { [$0.0, $0.1] } == [40, 20])
        let two = try SVGRasterizer.png(Self.svg, scale: 2)
        #expect(Self.size(two).map { [$0.0, $0.1] } == [80, 40])
    }

    /// Issue 49, item 9: a picture is held to the memory budget (8 bytes a pixel for a PNG,
    /// 7 for a terminal's RGB) before anything is drawn.
    @Test func aPictureIsHeldToTheMemoryBudget() throws {
        // 80 × 40 pixels: 25 600 bytes of PNG work, 22 400 of RGB.
        #expect(throws: Never.self) {
            _ = try SVGRasterizer.png(Self.svg, scale: 2, memoryBudget: 25_600)
        }
        #expect(
            throws: SVGRasterizer.Failure(
                reason:
                    "an image of 80x40 pixels needs 25 KiB of memory, more than the budget of 20 KiB (set memory, or a smaller size or scale=)"
            )
        ) { _ = try SVGRasterizer.png(Self.svg, scale: 2, memoryBudget: 20 << 10) }
        #expect(throws: SVGRasterizer.Failure.self) {
            _ = try SVGRasterizer.rgb(Self.svg, scale: 2, memoryBudget: 22_399)
        }
        #expect(throws: Never.self) {
            _ = try SVGRasterizer.rgb(Self.svg, scale: 2, memoryBudget: 22_400)
        }
    }

    @Test func pdfIsOnePageOfTheSVGsSizeInPoints() throws {
        let pdf = try SVGRasterizer.pdf(Self.svg)
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.hasPrefix("%PDF-"))
        // 40 × 20 pixels at 96 an inch: 30 × 15 points.
        #expect(text.contains("/MediaBox [ 0 0 30 15 ]"), "\(text.prefix(600))")
    }

    /// The same chart is the same file: no creation date in a PDF, as scripts replay to the
    /// same bytes (the remote property test found two PDFs a second apart differ).
    @Test func theSameSVGGivesTheSameBytes() throws {
        #expect(try SVGRasterizer.pdf(Self.svg) == (try SVGRasterizer.pdf(Self.svg)))
        #expect(
            !String(decoding: try SVGRasterizer.pdf(Self.svg), as: UTF8.self).contains(
                "CreationDate"))
        #expect(try SVGRasterizer.png(Self.svg) == (try SVGRasterizer.png(Self.svg)))
    }

    @Test func whatIsNotAnSVGOrTooLargeFailsWithAReason() {
        #expect(throws: SVGRasterizer.Failure.self) { try SVGRasterizer.png("not svg") }
        #expect(throws: SVGRasterizer.Failure.self) { try SVGRasterizer.pdf("<svg") }
        #expect(throws: SVGRasterizer.Failure.self) { try SVGRasterizer.png(Self.svg, scale: 0) }
        let huge = Self.svg.replacingOccurrences(of: "width=\"40\"", with: "width=\"900000\"")
        #expect(throws: SVGRasterizer.Failure.self) { try SVGRasterizer.png(huge) }
    }
}
