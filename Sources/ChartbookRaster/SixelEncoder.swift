import CSixel

/// RGB pixels as sixel (issue 30), encoded by libsixel: a palette of up to 256 colours
/// chosen from the picture, the bytes from the DCS introducer to ST. No encoder of
/// chartbook's own.
public enum SixelEncoder {
    /// `pixels`: `width × height` RGB bytes, row by row.
    public static func encode(width: Int, height: Int, pixels: [UInt8])
        throws(SVGRasterizer.Failure) -> [UInt8]
    {
        guard width > 0, height > 0, pixels.count == width * height * 3 else {
            throw SVGRasterizer.Failure(reason: "no pixels to encode")
        }
        let c = try SixelFunctions.get()
        let sink = Sink()
        var output: OpaquePointer?
        guard
            c.outputNew(&output, Sink.write, Unmanaged.passUnretained(sink).toOpaque(), nil)
                == SIXEL_OK, let output
        else { throw SVGRasterizer.Failure(reason: "libsixel could not start") }
        defer { c.outputUnref(output) }
        var dither: OpaquePointer?
        guard c.ditherNew(&dither, 256, nil) == SIXEL_OK, let dither else {
            throw SVGRasterizer.Failure(reason: "libsixel could not make a palette")
        }
        defer { c.ditherUnref(dither) }
        var bytes = pixels
        let status = bytes.withUnsafeMutableBufferPointer { buffer -> SIXELSTATUS in
            guard let base = buffer.baseAddress else { return SIXEL_BAD_ARGUMENT }
            let ready = c.ditherInitialize(
                dither, base, Int32(width), Int32(height), SIXEL_PIXELFORMAT_RGB888,
                SIXEL_LARGE_AUTO, SIXEL_REP_AUTO, SIXEL_QUALITY_AUTO)
            guard ready == SIXEL_OK else { return ready }
            return c.encode(base, Int32(width), Int32(height), 3, dither, output)
        }
        guard status == SIXEL_OK else {
            throw SVGRasterizer.Failure(reason: "libsixel could not encode the picture")
        }
        return sink.bytes
    }

    /// Where libsixel writes: bytes gathered in memory.
    private final class Sink {
        var bytes = [UInt8]()

        static let write: sixel_write_function = { data, size, priv in
            guard let data, let priv, size > 0 else { return 0 }
            let sink = Unmanaged<Sink>.fromOpaque(priv).takeUnretainedValue()
            data.withMemoryRebound(to: UInt8.self, capacity: Int(size)) {
                sink.bytes.append(contentsOf: UnsafeBufferPointer(start: $0, count: Int(size)))
            }
            return size
        }
    }
}
