import CSixel
import ChartbookModel

/// The functions of libsixel that `SixelEncoder` calls, found when a sixel picture is first
/// drawn (`SharedLibrary`), not loaded at start-up. Types as in `CSixel`'s header.
struct SixelFunctions: Sendable {
    let outputNew:
        @convention(c) (
            UnsafeMutablePointer<OpaquePointer?>?, sixel_write_function?, UnsafeMutableRawPointer?,
            OpaquePointer?
        ) -> SIXELSTATUS
    let outputUnref: @convention(c) (OpaquePointer?) -> Void
    let ditherNew:
        @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, Int32, OpaquePointer?) ->
            SIXELSTATUS
    let ditherUnref: @convention(c) (OpaquePointer?) -> Void
    let ditherInitialize:
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<UInt8>?, Int32, Int32, Int32, Int32, Int32, Int32
        ) -> SIXELSTATUS
    let encode:
        @convention(c) (
            UnsafeMutablePointer<UInt8>?, Int32, Int32, Int32, OpaquePointer?, OpaquePointer?
        ) -> SIXELSTATUS

    /// The functions, found once for the process (or why they cannot be).
    static let loaded: Result<SixelFunctions, SharedLibrary.Missing> = Result {
        () throws(SharedLibrary.Missing) -> SixelFunctions in try SixelFunctions()
    }

    private init() throws(SharedLibrary.Missing) {
        let sixel = try SharedLibrary(["libsixel.so.1"], package: "libsixel1")
        outputNew = try sixel.function("sixel_output_new")
        outputUnref = try sixel.function("sixel_output_unref")
        ditherNew = try sixel.function("sixel_dither_new")
        ditherUnref = try sixel.function("sixel_dither_unref")
        ditherInitialize = try sixel.function("sixel_dither_initialize")
        encode = try sixel.function("sixel_encode")
    }

    /// The functions, or the failure an encoding reports.
    static func get() throws(SVGRasterizer.Failure) -> SixelFunctions {
        try loaded.mapError(SVGRasterizer.Failure.init).get()
    }
}
