import CRsvg
import ChartbookModel

/// The functions of librsvg, cairo, GObject and GLib that `SVGRasterizer` calls, found when
/// a PNG, a PDF or a picture is first drawn (`SharedLibrary`): the binary does not load
/// these libraries (and their ~50 dependencies: pango, harfbuzz, freetype, gdk-pixbuf …)
/// at start-up. The types are the C declarations' in `CRsvg`'s headers.
struct RasterFunctions: Sendable {
    typealias Surface = OpaquePointer
    typealias Handle = OpaquePointer
    typealias ErrorOut = UnsafeMutablePointer<UnsafeMutablePointer<GError>?>

    let create: @convention(c) (Surface?) -> OpaquePointer?
    let destroy: @convention(c) (OpaquePointer?) -> Void
    let scale: @convention(c) (OpaquePointer?, Double, Double) -> Void
    let translate: @convention(c) (OpaquePointer?, Double, Double) -> Void
    let imageSurfaceCreate: @convention(c) (cairo_format_t, Int32, Int32) -> Surface?
    let imageSurfaceData: @convention(c) (Surface?) -> UnsafeMutablePointer<UInt8>?
    let imageSurfaceWidth: @convention(c) (Surface?) -> Int32
    let imageSurfaceHeight: @convention(c) (Surface?) -> Int32
    let imageSurfaceStride: @convention(c) (Surface?) -> Int32
    let pdfSurfaceCreate:
        @convention(c) (cairo_write_func_t?, UnsafeMutableRawPointer?, Double, Double) -> Surface?
    let pdfSetMetadata:
        @convention(c) (Surface?, cairo_pdf_metadata_t, UnsafePointer<CChar>?) -> Void
    let surfaceDestroy: @convention(c) (Surface?) -> Void
    let surfaceFinish: @convention(c) (Surface?) -> Void
    let surfaceFlush: @convention(c) (Surface?) -> Void
    let surfaceStatus: @convention(c) (Surface?) -> cairo_status_t
    let writePNGStream:
        @convention(c) (Surface?, cairo_write_func_t?, UnsafeMutableRawPointer?) -> cairo_status_t
    let statusText: @convention(c) (cairo_status_t) -> UnsafePointer<CChar>?
    let errorFree: @convention(c) (UnsafeMutablePointer<GError>?) -> Void
    let objectUnref: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let handleFromData: @convention(c) (UnsafePointer<UInt8>?, gsize, ErrorOut?) -> Handle?
    let intrinsicSize:
        @convention(c) (Handle?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?)
            -> gboolean
    let renderDocument:
        @convention(c) (Handle?, OpaquePointer?, UnsafePointer<RsvgRectangle>?, ErrorOut?) ->
            gboolean

    /// The functions, found once for the process (or why they cannot be).
    static let loaded: Result<RasterFunctions, SharedLibrary.Missing> = Result {
        () throws(SharedLibrary.Missing) -> RasterFunctions in try RasterFunctions()
    }

    private init() throws(SharedLibrary.Missing) {
        let cairo = try SharedLibrary(["libcairo.so.2"], package: "libcairo2")
        let rsvg = try SharedLibrary(["librsvg-2.so.2"], package: "librsvg2-2")
        let glib = try SharedLibrary(["libglib-2.0.so.0"], package: "libglib2.0-0")
        let gobject = try SharedLibrary(["libgobject-2.0.so.0"], package: "libglib2.0-0")
        create = try cairo.function("cairo_create")
        destroy = try cairo.function("cairo_destroy")
        scale = try cairo.function("cairo_scale")
        translate = try cairo.function("cairo_translate")
        imageSurfaceCreate = try cairo.function("cairo_image_surface_create")
        imageSurfaceData = try cairo.function("cairo_image_surface_get_data")
        imageSurfaceWidth = try cairo.function("cairo_image_surface_get_width")
        imageSurfaceHeight = try cairo.function("cairo_image_surface_get_height")
        imageSurfaceStride = try cairo.function("cairo_image_surface_get_stride")
        pdfSurfaceCreate = try cairo.function("cairo_pdf_surface_create_for_stream")
        pdfSetMetadata = try cairo.function("cairo_pdf_surface_set_metadata")
        surfaceDestroy = try cairo.function("cairo_surface_destroy")
        surfaceFinish = try cairo.function("cairo_surface_finish")
        surfaceFlush = try cairo.function("cairo_surface_flush")
        surfaceStatus = try cairo.function("cairo_surface_status")
        writePNGStream = try cairo.function("cairo_surface_write_to_png_stream")
        statusText = try cairo.function("cairo_status_to_string")
        errorFree = try glib.function("g_error_free")
        objectUnref = try gobject.function("g_object_unref")
        handleFromData = try rsvg.function("rsvg_handle_new_from_data")
        intrinsicSize = try rsvg.function("rsvg_handle_get_intrinsic_size_in_pixels")
        renderDocument = try rsvg.function("rsvg_handle_render_document")
    }

    /// The functions, or the failure a drawing reports.
    static func get() throws(SVGRasterizer.Failure) -> RasterFunctions {
        try loaded.mapError(SVGRasterizer.Failure.init).get()
    }
}
