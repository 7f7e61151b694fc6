import ChartbookModel

extension Table {
    /// Each group's fitted curve in place of its points: x sampled across the group's x
    /// extent (loess: its own points), y the fit, and with `band` (a confidence level) the
    /// band's ends at each x; and the fits by group name.
    func fitted(_ method: TrendMethod, band: Double? = nil) -> (Table, [String: TrendFit]) {
        let xs: [Double]
        var kind = Column.Kind.number
        switch x {
        case .numbers(let v, let k):
            xs = v
            kind = k
        case .none, .text: xs = (0..<count).map(Double.init)
        }
        var outX = [Double](), outY = [Double](), outGroup = [Int]()
        var outLow = [Double](), outHigh = [Double]()
        var fits = [String: TrendFit]()
        // One group: its columns as they are, not copied row by row.
        let groups = rowsByGroup.map { $0.map(Optional.some) } ?? [nil]
        for (number, rows) in groups.enumerated() {
            let gx = rows.map { r in r.map { xs[$0] } } ?? xs
            let gy = rows.map { r in r.map { y[$0] } } ?? y
            guard var fit = TrendFit.fit(method, x: gx, y: gy),
                let (lo, hi) = Statistics.extent(of: gx[...])
            else { continue }
            if let band { fit = fit.withBand(band, x: gx, y: gy) }
            fits[byNames?[number] ?? ""] = fit
            for point in fit.curve(over: lo...hi) {
                outX.append(point.x)
                outY.append(point.y)
                outGroup.append(number)
                if band != nil {
                    let ends = fit.interval(at: point.x)
                    outLow.append(ends.low)
                    outHigh.append(ends.high)
                }
            }
        }
        var table = Table(
            x: .numbers(outX, kind: kind), group: group == nil ? nil : outGroup, byNames: byNames,
            y: outY, rows: nil, labels: nil)
        if band != nil { table.band = (outLow, outHigh) }
        return (table, fits)
    }
}
