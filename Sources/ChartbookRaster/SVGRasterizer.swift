import CRsvg
import ChartbookModel

/// chartbook's SVG drawn by librsvg onto a cairo surface (issue 30): a PNG image, or a PDF
/// page — what `rsvg-convert` makes of the same SVG, from the same libraries, so every output
/// is the one chart. No rasteriser or encoder of chartbook's own.
public enum SVGRasterizer {
    /// Why an SVG could not be drawn.
    public struct Failure: Error, Equatable, Sendable {
        public var reason: String

        init(reason: String) { self.reason = reason }

        /// A library the drawing needs could not be opened (`SharedLibrary`).
        init(_ missing: SharedLibrary.Missing) { reason = missing.reason }
    }

    /// The PNG of `svg` at `scale` device pixels per SVG pixel (1: the SVG's own size).
    /// Precondition-free: a size beyond `maximumPixels` is refused, not allocated.
    /// `region`: only that part of the SVG, stretched to its pixels (a picture of some of
    /// a chart's rows, at a terminal's cell size).
    /// `memoryBudget`: the bytes it may take (the session's `set memory`) — 8 a pixel, its
    /// surface and at most as much again of PNG — refused before anything is drawn.
    public static func png(
        _ svg: String, scale: Double = 1, region: Region? = nil, memoryBudget: Int = .max
    ) throws(Failure) -> [UInt8] {
        let c = try RasterFunctions.get()
        let surface = try image(
            svg, c, scale: scale, region: region, format: CAIRO_FORMAT_ARGB32,
            budget: (bytesPerPixel: 8, bytes: memoryBudget))
        defer { c.surfaceDestroy(surface) }
        let sink = Sink()
        let status = c.writePNGStream(
            surface, Sink.write, Unmanaged.passUnretained(sink).toOpaque())
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(
                reason: c.statusText(status).map { String(cString: $0) } ?? "cairo failed")
        }
        return sink.bytes
    }

    /// `svg` drawn at `scale` on a new cairo image surface of `format` (the caller destroys
    /// it); a size beyond `maximumPixels`, or needing more than `budget` allows at its bytes
    /// a pixel, is refused, not allocated.
    private static func image(
        _ svg: String, _ c: RasterFunctions, scale: Double, region: Region? = nil,
        format: cairo_format_t,
        budget: (bytesPerPixel: Int, bytes: Int) = (4, .max)
    ) throws(Failure) -> OpaquePointer {
        let handle = try load(svg, c)
        defer { c.objectUnref(UnsafeMutableRawPointer(handle)) }
        let (width, height) = try size(of: handle, c)
        var w = Int((width * scale).rounded(.up)), h = Int((height * scale).rounded(.up))
        var transform = Transform(sx: scale, sy: scale, x: 0, y: 0)
        if let region {
            (w, h) = (region.pixelsWide, region.pixelsHigh)
            transform = Transform(
                sx: Double(w) / region.width, sy: Double(h) / region.height, x: -region.x,
                y: -region.y)
        }
        guard scale > 0, scale <= 8, w > 0, h > 0, w * h <= maximumPixels,
            transform.sx.isFinite, transform.sy.isFinite
        else {
            throw Failure(reason: "an image of \(w)x\(h) pixels is beyond the limit")
        }
        let needed = w.multipliedReportingOverflow(by: h * budget.bytesPerPixel)
        guard !needed.overflow, needed.partialValue <= budget.bytes else {
            throw Failure(
                reason:
                    "an image of \(w)x\(h) pixels needs \(ResourceLimits.bytesText(needed.partialValue)) of "
                    + "memory, more than the budget of \(ResourceLimits.bytesText(budget.bytes)) "
                    + "(set memory, or a smaller size or scale=)")
        }
        guard let surface = c.imageSurfaceCreate(format, Int32(w), Int32(h)) else {
            throw Failure(reason: "cairo could not make an image")
        }
        do {
            try draw(handle, c, on: surface, width: width, height: height, transform)
        } catch {
            c.surfaceDestroy(surface)
            throw error
        }
        return surface
    }

    /// The pixels of `svg` drawn at `scale`, as RGB bytes row by row (the picture a
    /// terminal is sent as sixel).
    public static func rgb(
        _ svg: String, scale: Double = 1, region: Region? = nil, memoryBudget: Int = .max
    ) throws(Failure) -> (width: Int, height: Int, pixels: [UInt8]) {
        // Its surface (4 bytes a pixel) and the RGB copy (3).
        let c = try RasterFunctions.get()
        let surface = try image(
            svg, c, scale: scale, region: region, format: CAIRO_FORMAT_RGB24,
            budget: (bytesPerPixel: 7, bytes: memoryBudget))
        defer { c.surfaceDestroy(surface) }
        let w = Int(c.imageSurfaceWidth(surface))
        let h = Int(c.imageSurfaceHeight(surface))
        c.surfaceFlush(surface)
        guard let data = c.imageSurfaceData(surface) else {
            throw Failure(reason: "cairo gave no pixels")
        }
        let stride = Int(c.imageSurfaceStride(surface))
        var pixels = [UInt8](repeating: 0, count: w * h * 3)
        // RGB24 is a native-endian 32-bit word per pixel: 0x00RRGGBB.
        for y in 0..<h {
            for x in 0..<w {
                let word = data.advanced(by: y * stride + x * 4).withMemoryRebound(
                    to: UInt32.self, capacity: 1
                ) { $0.pointee }
                let i = (y * w + x) * 3
                pixels[i] = UInt8((word >> 16) & 0xff)
                pixels[i + 1] = UInt8((word >> 8) & 0xff)
                pixels[i + 2] = UInt8(word & 0xff)
            }
        }
        return (w, h, pixels)
    }

    /// The PDF of `svg`: one page the SVG's size, 1 SVG pixel = ¾ point (96 pixels an inch,
    /// as `rsvg-convert` measures), text and lines as vectors.
    public static func pdf(_ svg: String) throws(Failure) -> [UInt8] {
        let c = try RasterFunctions.get()
        let handle = try load(svg, c)
        defer { c.objectUnref(UnsafeMutableRawPointer(handle)) }
        let (width, height) = try size(of: handle, c)
        let sink = Sink()
        guard
            let surface = c.pdfSurfaceCreate(
                Sink.write, Unmanaged.passUnretained(sink).toOpaque(), width * 0.75,
                height * 0.75)
        else { throw Failure(reason: "cairo could not make a PDF") }
        // No creation date: the same chart is the same file, as every output is.
        c.pdfSetMetadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "")
        do {
            try draw(
                handle, c, on: surface, width: width, height: height,
                Transform(sx: 0.75, sy: 0.75, x: 0, y: 0))
        } catch {
            c.surfaceDestroy(surface)
            throw error
        }
        c.surfaceFinish(surface)
        let status = c.surfaceStatus(surface)
        c.surfaceDestroy(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw Failure(
                reason: c.statusText(status).map { String(cString: $0) } ?? "cairo failed")
        }
        return sink.bytes
    }

    /// A part of an SVG, in its pixels, and the size in pixels it is drawn at.
    public struct Region: Equatable, Sendable {
        public var x: Double, y: Double, width: Double, height: Double
        public var pixelsWide: Int, pixelsHigh: Int
        public init(
            x: Double, y: Double, width: Double, height: Double, pixelsWide: Int, pixelsHigh: Int
        ) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
            (self.pixelsWide, self.pixelsHigh) = (pixelsWide, pixelsHigh)
        }
    }

    /// The most pixels an image may have (a 16 000 × 16 000 square: 1 GiB of ARGB).
    public static let maximumPixels = 16_000 * 16_000

    private static func load(_ svg: String, _ c: RasterFunctions) throws(Failure)
        -> OpaquePointer
    {
        var error: UnsafeMutablePointer<GError>?
        let bytes = Array(svg.utf8)
        let handle = bytes.withUnsafeBufferPointer {
            c.handleFromData($0.baseAddress, gsize($0.count), &error)
        }
        guard let handle else { throw Failure(reason: message(error, c) ?? "librsvg read no SVG") }
        return handle
    }

    /// The SVG's width and height in pixels.
    private static func size(of handle: OpaquePointer, _ c: RasterFunctions)
        throws(Failure)
        -> (Double, Double)
    {
        var width = 0.0, height = 0.0
        guard c.intrinsicSize(handle, &width, &height) != 0,
            width > 0, height > 0
        else { throw Failure(reason: "the SVG has no size in pixels") }
        return (width, height)
    }

    /// A scale (`sx`, `sy`) and then a shift (`x`, `y`, in SVG pixels) the SVG is drawn by.
    private struct Transform {
        var sx: Double, sy: Double, x: Double, y: Double
    }

    private static func draw(
        _ handle: OpaquePointer, _ c: RasterFunctions,
        on surface: OpaquePointer, width: Double,
        height: Double, _ transform: Transform
    ) throws(Failure) {
        guard let context = c.create(surface) else {
            throw Failure(reason: "cairo could not draw")
        }
        defer { c.destroy(context) }
        c.scale(context, transform.sx, transform.sy)
        c.translate(context, transform.x, transform.y)
        var viewport = RsvgRectangle(x: 0, y: 0, width: width, height: height)
        var error: UnsafeMutablePointer<GError>?
        guard c.renderDocument(handle, context, &viewport, &error) != 0 else {
            throw Failure(reason: message(error, c) ?? "librsvg could not draw the SVG")
        }
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?, _ c: RasterFunctions)
        -> String?
    {
        guard let error else { return nil }
        defer { c.errorFree(error) }
        return error.pointee.message.map { String(cString: $0) }
    }

    /// Where cairo writes a stream: bytes gathered in memory.
    private final class Sink {
        var bytes = [UInt8]()

        static let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            let sink = Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue()
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
    }
}
