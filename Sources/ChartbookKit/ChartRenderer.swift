import ChartbookModel
import ChartbookRaster
import ChartbookScene
import ChartbookTerminal

/// The terminal the chart is drawn for: facts the shell found out (size, colour support).
public struct TerminalTarget: Equatable, Sendable {
    /// Terminal size in cells, used when the session's size is `auto`.
    public var columns: Int
    public var rows: Int
    /// Colour mode `set color auto` means here.
    public var colorMode: ColorMode
    /// How the terminal shows pictures, as it said when asked (nil: it shows none, or was
    /// not asked — a pipe, `TERM=dumb`, tmux): what `set canvas auto` draws with.
    public var picture: PictureProtocol?
    /// A cell's size in pixels, as the terminal reported it (nil: unknown).
    public var cellPixels: PixelSize?

    public init(
        columns: Int, rows: Int, colorMode: ColorMode, picture: PictureProtocol? = nil,
        cellPixels: PixelSize? = nil
    ) {
        self.columns = columns
        self.rows = rows
        self.colorMode = colorMode
        self.picture = picture
        self.cellPixels = cellPixels
    }
}

/// Session → text for a terminal: layout, rasterise, write escapes. The whole pipeline in
/// one place so the executable and the end-to-end tests draw the same way.
public enum ChartRenderer {
    /// The chart's size in cells: the session's fixed size, or the target's.
    public static func size(of session: Session, on target: TerminalTarget) -> (
        columns: Int, rows: Int
    ) {
        switch session.output.size {
        case .fixed(let c, let r): return (c, r)
        case .auto:
            // A dashboard of sparklines only is as tall as its strips (and title), not the window.
            let rows = max(0, target.rows)
            guard !session.plots.isEmpty, session.mainPlots.isEmpty, session.panels.count <= 1
            else {
                return (max(0, target.columns), rows)
            }
            let strips = session.plots.reduce(0) { $0 + $1.style.spark.resolvedHeight }
            let title = session.output.title == nil ? 0 : 1
            return (max(0, target.columns), min(rows, strips + title))
        }
    }

    public static func scene(for session: Session, on target: TerminalTarget) -> Scene {
        let (columns, rows) = size(of: session, on: target)
        let raster = DotRaster(canvas: session.output.canvas)
        return ChartLayout(
            columns: columns, rows: rows, dots: raster.density,
            glyphs: Glyphs(asciiOnly: session.output.canvas == .ascii)
        ).scene(for: session)
    }

    /// The plot area's width in cells for this session on this terminal (what `scroll` pages by).
    public static func plotWidth(of session: Session, on target: TerminalTarget) -> Int {
        var scene = scene(for: session, on: target)
        // On a page of panels, the current panel's; a faceted chart scrolls its panels
        // together, by a panel's width.
        if session.panels.count > 1, scene.panels.indices.contains(session.currentPanel) {
            scene = scene.panels[session.currentPanel].scene
        }
        return scene.panels.first?.scene.plotArea.width ?? scene.plotArea.width
    }

    public static func grid(for session: Session, on target: TerminalTarget) -> CellGrid {
        let mode = session.output.colorMode.resolved(environment: target.colorMode)
        return TerminalRenderer(canvas: session.output.canvas, monochrome: mode == .none).render(
            scene(for: session, on: target))
    }

    /// The chart as terminal text, one line per row, each ending in "\n" — or, with `set
    /// canvas auto` on a terminal that shows pictures, the chart as a picture of as many
    /// rows (`picture(for:on:)`).
    public static func text(for session: Session, on target: TerminalTarget) -> String {
        if let picture = picture(for: session, on: target) { return picture }
        let mode = session.output.colorMode.resolved(environment: target.colorMode)
        return ANSIWriter(mode: mode).write(grid(for: session, on: target))
    }

    /// The chart as a picture in the terminal's own protocol, `columns × rows` cells at the
    /// terminal's cell size (8×16 pixels when it did not say): the SVG of the session drawn
    /// by librsvg, sent as PNG (kitty, iTerm2) or encoded as sixel by libsixel. nil unless
    /// `set canvas auto` and the terminal said it shows pictures, or when the picture
    /// cannot be made (the cells are drawn then).
    public static func picture(for session: Session, on target: TerminalTarget) -> String? {
        guard session.output.canvas == .auto, let kind = target.picture else { return nil }
        let (columns, rows) = size(of: session, on: target)
        let cell =
            target.cellPixels
            ?? PixelSize(width: SVGExporter.cellWidth, height: SVGExporter.cellHeight)
        guard columns > 0, rows > 0, cell.width > 0, cell.height > 0 else { return nil }
        let pixels = PixelSize(width: columns * cell.width, height: rows * cell.height)
        let svg = SVGExporter.svg(for: session, on: target, size: pixels)
        let writer = PictureWriter(kind)
        do throws(SVGRasterizer.Failure) {
            if kind == .sixel {
                let image = try SVGRasterizer.rgb(svg)
                let sixel = try SixelEncoder.encode(
                    width: image.width, height: image.height, pixels: image.pixels)
                return writer.picture(png: [], sixel: sixel, columns: columns, rows: rows)
            }
            return writer.picture(png: try SVGRasterizer.png(svg), columns: columns, rows: rows)
        } catch {
            return nil
        }
    }
}
