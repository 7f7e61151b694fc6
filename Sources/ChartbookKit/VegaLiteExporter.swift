import Foundation
import ChartbookModel
import ChartbookScene
import ChartbookVegaLite

/// Session → Vega-Lite v5 specification text, sized like the SVG of the same session.
public enum VegaLiteExporter {
    /// - Parameters:
    ///   - urls: loaded files by reference instead of inline rows.
    public static func spec(for session: Session, on target: TerminalTarget, urls: Bool) -> String {
        let (columns, rows) = ChartRenderer.size(of: session, on: target)
        // The plot area of the SVG: the chart's cells less about the axes' room.
        let cell = session.output.pixelCell
        let width = max(columns * cell.width - 80, 160)
        let height = max(rows * cell.height - 96, 120)
        var spec = VegaLiteSpec(session: session, urls: urls, width: width, height: height)
        // What the SVG of the same session draws (one layout, on the chart's own cells): its
        // axes (and a heatmap's grid), each panel's and facet's, and the panels a row.
        let scene = SVGExporter.layout(for: session, on: target, size: nil).0.scene(for: session)
        let across = { (panels: [Scene.Panel]) in Set(panels.map(\.column)).count }
        if session.panels.count > 1 {
            spec.panelColumns = across(scene.panels)
            for (index, panel) in scene.panels.enumerated() where !panel.scene.panels.isEmpty {
                spec.panelFacetColumns[index] = across(panel.scene.panels)
            }
            spec.panelsDrawn = scene.panels.enumerated().map { index, panel in
                drawn(panel.scene, session.panel(index))
            }
        } else {
            if session.facet != nil { spec.facetColumns = across(scene.panels) }
            spec.drawn = drawn(scene, session)
        }
        return spec.text
    }

    /// What a chart's scene drew that the spec draws the same: its axes (one chart of
    /// values against x, horizontal bars), a heatmap's grid and colours; a faceted chart's
    /// for each of its panels.
    static func drawn(_ scene: Scene, _ session: Session) -> VegaLiteSpec.Drawn {
        var drawn = VegaLiteSpec.Drawn()
        drawn.lastPoints = scene.layers.compactMap { layer in
            layer.last.map {
                VegaLiteSpec.DrawnLastPoint(
                    plotID: layer.plotID, x: $0.x, value: $0.value, text: $0.text,
                    color: layer.color.hexOpaque)
            }
        }
        guard scene.panels.isEmpty else {
            drawn.facets = scene.panels.map { Self.drawn($0.scene, session) }
            return drawn
        }
        switch session.chartType {
        case .cartesian, .histogram, .box:
            (drawn.xAxis, drawn.yAxis) = drawnAxes(scene, session)
            let unit = ScaleTransform(session.axes.yScale).shown
            drawn.rightTicks = scene.frame.rightTicks.map {
                AxisTick(value: unit($0.value), label: $0.label)
            }
            drawn.outerAxes = scene.frame.outer.map { outer in
                VegaLiteSpec.DrawnOuterAxis(
                    axis: outer.right ? .right2 : .left2,
                    domain: unit(outer.edges.lowerBound)...unit(outer.edges.upperBound),
                    ticks: outer.ticks.map { AxisTick(value: unit($0.value), label: $0.label) })
            }
            if session.xScaleKind == .category {
                drawn.labelledCategories = scene.frame.xTicks.map { Int(saturating: $0.value) }
            }
        case .horizontal:
            // Horizontal bars: the value axis runs along the bottom (the scene's y range).
            drawn.xAxis = VegaLiteSpec.DrawnAxis(
                domain: scene.yRange, ticks: scene.frame.xTicks)
        case .heatmap:
            drawn.heatmap = drawnHeatmap(scene)
            drawn.heatColors = scene.heatLevels.map {
                ($0, ChartLayout.heatRamp.map(\.hexOpaque))
            }
        default: break
        }
        return drawn
    }

    /// A chart's x axis (on a real x: numbers, times, a log scale) and left y axis as drawn,
    /// in data units (a log scale's ticks and range are in powers of ten in the scene).
    static func drawnAxes(_ scene: Scene, _ session: Session) -> (
        x: VegaLiteSpec.DrawnAxis?, y: VegaLiteSpec.DrawnAxis?
    ) {
        func axis(_ range: ClosedRange<Double>, _ ticks: [Scene.Tick], _ transform: ScaleTransform)
            -> VegaLiteSpec.DrawnAxis
        {
            let unit = transform.shown
            return VegaLiteSpec.DrawnAxis(
                domain: unit(range.lowerBound)...unit(range.upperBound),
                ticks: ticks.map {
                    AxisTick(value: unit($0.value), label: $0.label)
                })
        }
        let realX = [.linear, .log, .sqrt, .symlog, .time].contains(session.xScaleKind)
        let x = scene.xDomain.flatMap {
            realX ? axis($0, scene.frame.xTicks, ScaleTransform(session.xScaleKind)) : nil
        }
        let y = ScaleTransform(session.axes.yScale)
        return (x, axis(paddedRange(scene, session.view), scene.frame.yTicks, y))
    }

    /// The y interval from the plot area's top to its bottom edge: the range, widened by
    /// `set padding top= bottom=` (its ends stand that many cells inside the edges), so
    /// Vega-Lite places every value on the same height.
    static func paddedRange(_ scene: Scene, _ view: View) -> ClosedRange<Double> {
        YMapping(
            range: scene.yRange, heightDots: scene.plotDots.height, padding: view,
            dotsPerCell: scene.dotsPerCell.y
        ).edges
    }

    /// A density heatmap's grid and axes as drawn (nil for a matrix of categories).
    static func drawnHeatmap(_ scene: Scene) -> VegaLiteSpec.DrawnHeatmap? {
        guard let bins = scene.heatBins, case .cells(let cells) = scene.layers.first?.marks
        else { return nil }
        return VegaLiteSpec.DrawnHeatmap(
            x: VegaLiteSpec.DrawnAxis(domain: bins.x, ticks: scene.frame.xTicks),
            y: VegaLiteSpec.DrawnAxis(domain: bins.y, ticks: scene.frame.yTicks),
            columns: scene.plotArea.width, rows: scene.plotArea.height,
            cells: cells.map { ($0.column, $0.row, $0.value) })
    }
}
