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
    /// not asked — a pipe, `TERM=dumb`, tmux without passthrough): what `set canvas auto`
    /// draws with.
    public var picture: PictureProtocol?
    /// A cell's size in pixels, as the terminal reported it (nil: unknown).
    public var cellPixels: PixelSize?
    /// Inside tmux: how a picture is passed through to the terminal outside and where the
    /// drawing starts in the pane (nil: the terminal is the one written to).
    public var passthrough: Passthrough?
    /// The terminal said its background is light (`OSC 11`): a picture is drawn in the
    /// light theme unless `set theme` chose one.
    public var lightBackground = false

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
        var layout = ChartLayout(
            columns: columns, rows: rows, dots: raster.density,
            glyphs: Glyphs(asciiOnly: session.output.canvas == .ascii))
        // In colour the groups' lines are told apart by it: solid, not scattered dots.
        layout.groupDashes =
            session.output.colorMode.resolved(environment: target.colorMode) == .none
        return layout.scene(for: session)
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

    /// The chart as a picture in the terminal's own protocol, at the terminal's cell size
    /// (8×16 pixels when it did not say): the rows between the title and legend above and
    /// the position line, notes and readout below — which stay text, the cells' own — drawn
    /// from the session's SVG (laid out on the same cells) by librsvg, sent as PNG (kitty,
    /// iTerm2) or encoded as sixel by libsixel. A page of panels is one picture. nil
    /// unless `set canvas auto` and the terminal said it shows pictures, or when the
    /// picture cannot be made (the cells are drawn then).
    /// The session a picture is drawn from: in the light theme on a terminal whose background
    /// is light, unless `set theme` chose one (issue 54: a dark slab in a light terminal).
    /// Its text is the terminal's size: the picture is drawn on the default pixel cells
    /// (`set theme fontsize=` is for files) and stretched to the terminal's.
    static func pictured(_ session: Session, on target: TerminalTarget) -> Session {
        var pictured = session
        pictured.output.fontSize = nil
        if target.lightBackground, !session.output.themeChosen { pictured.output.theme = .light }
        return pictured
    }

    public static func picture(for given: Session, on target: TerminalTarget) -> String? {
        guard given.output.canvas == .auto, let kind = target.picture else { return nil }
        let session = pictured(given, on: target)
        let drawn = session.output.pixelCell
        let cell = target.cellPixels ?? drawn
        let cells = scene(for: session, on: target)
        let (top, bottom) = textRows(cells)
        let band = top..<max(top, cells.rows - bottom)
        guard cells.columns > 0, !band.isEmpty, cell.width > 0, cell.height > 0 else {
            return nil
        }
        // The SVG of the same cells (8×16 pixels each, a margin round them): the band's
        // rows of it, stretched to the terminal's cells.
        let svg = SVGExporter.svg(for: session, on: target, textRows: band)
        let margin = Double(drawn.width)
        // Half a row more above the band: the top grid line's label is centred on the
        // plot's top edge and would be cut in half (the rows are a few per cent lower).
        let above = band.lowerBound > 0 ? Double(drawn.height) / 2 : 0
        let region = SVGRasterizer.Region(
            x: margin, y: margin + Double(band.lowerBound * drawn.height) - above,
            width: Double(cells.columns * drawn.width),
            height: Double(band.count * drawn.height) + above,
            pixelsWide: cells.columns * cell.width, pixelsHigh: band.count * cell.height)
        let writer = PictureWriter(kind)
        let picture: String
        do throws(SVGRasterizer.Failure) {
            if kind == .sixel {
                let image = try SVGRasterizer.rgb(svg, region: region)
                let sixel = try SixelEncoder.encode(
                    width: image.width, height: image.height, pixels: image.pixels)
                picture = writer.picture(
                    png: [], sixel: sixel, columns: cells.columns, rows: band.count,
                    through: target.passthrough, linesAbove: top)
            } else {
                picture = writer.picture(
                    png: try SVGRasterizer.png(svg, region: region), columns: cells.columns,
                    rows: band.count, through: target.passthrough, linesAbove: top)
            }
        } catch {
            return nil
        }
        let mode = session.output.colorMode.resolved(environment: target.colorMode)
        let grid = TerminalRenderer(canvas: session.output.canvas, monochrome: mode == .none)
            .render(cells)
        let writerText = ANSIWriter(mode: mode)
        let text = { (rows: Range<Int>) in
            rows.map { writerText.line(grid, row: $0) + "\n" }.joined()
        }
        return text(0..<top) + picture + text(band.upperBound..<cells.rows)
    }

    /// The texts a picture leaves to the rows around it (they stay text).
    static let textRoles: Set<Scene.Text.Role> = [
        .title, .legend, .colorKey, .position, .readout, .note,
    ]

    /// How many rows at the top (title, legend) and at the bottom (position line, notes,
    /// readout) hold only text a terminal writes as well as a picture would: rows kept as
    /// text around a picture. None on a page of panels.
    static func textRows(_ scene: Scene) -> (top: Int, bottom: Int) {
        guard scene.panels.isEmpty, !scene.plotArea.isEmpty else { return (0, 0) }
        var roles = [Int: Set<Scene.Text.Role>]()
        for text in scene.texts { roles[text.row, default: []].insert(text.role) }
        let heading = textRoles.intersection([.title, .legend, .colorKey])
        var top = 0
        while top < scene.plotArea.row, (roles[top] ?? []).isSubset(of: heading) { top += 1 }
        // Below every drawing: the plot area, its axis and labels, the sparklines.
        var drawn = scene.plotArea.row + scene.plotArea.height
        drawn = max(drawn, (scene.frame.bottomRow ?? 0) + 1)
        for strip in scene.sparklines where !strip.plotArea.isEmpty {
            drawn = max(drawn, strip.plotArea.row + strip.plotArea.height)
        }
        let remarks = textRoles.subtracting(heading)
        for text in scene.texts where !remarks.contains(text.role) {
            drawn = max(drawn, text.row + 1)
        }
        return (top, max(0, scene.rows - drawn))
    }
}
