import ChartbookModel

/// Whether the scales suit the chart: the plots' x on the chart's x scale, a y scale other
/// than linear only where there is a y axis of values (and sqrt, symlog only on local rows),
/// a log x not under horizontal bars.
extension Executor {
    /// Refuses a session whose main plots cannot share its x scale (a plot over times next
    /// to one over the index), pointing at `range`.
    func checkXScale(_ s: Session, at range: SourceRange) throws(Diagnostic) {
        let kind = s.xScaleKind
        for plot in s.mainPlots {
            if let reason = s.xMismatch(of: plot, on: kind) {
                throw Diagnostic(
                    .xMismatch(plot: plot.id, reason: reason, scale: kind.rawValue), at: range)
            }
        }
    }

    /// A log y scale is drawn by the charts with a y axis of values (x–y charts, histograms,
    /// box plots); the others would accept it and draw as if linear, so it is refused there
    /// (issue 31) — whichever of `set yscale log` and `add plot` comes first.
    func checkYScale(_ s: Session, at range: SourceRange) throws(Diagnostic) {
        let kind = s.axes.yScale
        guard kind != .linear else { return }
        // Engines place linear and log values; sqrt and symlog are drawn from local rows.
        if kind == .sqrt || kind == .symlog,
            let remote = s.mainPlots.first(where: {
                s.dataset(named: $0.series.dataset)?.remote != nil
            })
        {
            throw Diagnostic(
                .remoteNeedsLocal(
                    dataset: remote.series.dataset, needs: "a \(kind.rawValue) y scale"),
                at: range)
        }
        let chart = s.chartType
        guard [.horizontal, .pie, .radar, .heatmap].contains(chart) else { return }
        let why =
            chart == .horizontal
            ? "its values lie along x, which has no log scale" : "it has no y axis of values"
        throw Diagnostic(
            .invalidValue(
                key: "yscale", value: kind.rawValue,
                expected: "linear for \(chart.noun) (\(why)); set yscale linear first"),
            at: range)
    }

    /// Horizontal bars put their values along x from zero, which a log scale cannot show: `set
    /// xscale log` on them is refused (issue 51: it was accepted and drawn linear) —
    /// whichever comes first.
    func checkHorizontalXScale(_ s: Session, at range: SourceRange) throws(Diagnostic) {
        guard let kind = s.axes.xScale, kind.isTransformed, s.chartType == .horizontal else {
            return
        }
        throw Diagnostic(
            .invalidValue(
                key: "xscale", value: kind.rawValue,
                expected:
                    "auto for horizontal bars (their values lie along x from zero, which a \(kind.rawValue) scale cannot show); set xscale auto first"
            ),
            at: range)
    }
}
