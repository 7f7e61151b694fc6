import ChartbookModel
import Foundation

/// The rows of a ClickHouse remote dataset nearest a bound: the neighbours just outside a
/// drawing's interval (a line runs on to the edge) and the readout's rows around a selected x.
extension ClickHouseRemote {
    /// The readout's rows (`RemoteEngine.readout`): per set of rows, the nearest on either
    /// side of the selected x.
    public func readout(
        _ table: RemoteTable, _ request: RemoteRequest, shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        guard let selected = request.selected, selected.isFinite else { return [] }
        let connection = try connect()
        let shape = Shape(table)
        var rows = [[Double]]()
        // Looked for first within a few dot columns of it (all the interval on a log x
        // scale, whose columns are not as wide in x everywhere): in dense data a read of a
        // few granules, where the interval's width would read every row of a first chart.
        let window =
            request.logX || !(request.scale > 0)
            ? request.interval.upperBound - request.interval.lowerBound : 4 / request.scale
        for set in request.rowSets {
            rows += try nearestRows(
                connection, shape.keeping(set),
                [
                    NearestRow(bound: selected, below: true, strict: false),
                    NearestRow(bound: selected, below: false, strict: false),
                ], within: window, extent: table.extent, shouldCancel: shouldCancel)
        }
        return rows
    }

    /// The neighbours just outside the interval (a line runs on to the edge).
    func outside(
        _ connection: ClickHouseConnection, _ shape: Shape, _ request: RemoteRequest,
        extent: ClosedRange<Double>?, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        let (lo, hi) = (request.interval.lowerBound, request.interval.upperBound)
        // Each side: the row wanted is the greatest x below (or least above) `bound`.
        let sides = [
            NearestRow(bound: lo, below: true, strict: true, log: request.logX),
            NearestRow(bound: hi, below: false, strict: true, log: request.logX),
        ]
        return try nearestRows(
            connection, shape, sides, within: hi - lo, extent: extent, shouldCancel: shouldCancel)
    }

    /// The rows `sides` look for, where all the data has one. Looked for first within
    /// `window` of each bound (at least 1; a range the table's sorting key serves), then —
    /// for a side where all the data has rows yet none was that near — in all the rows.
    func nearestRows(
        _ connection: ClickHouseConnection, _ shape: Shape, _ sides: [NearestRow],
        within window: Double, extent: ClosedRange<Double>?, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        var sides = sides
        if let extent {
            sides.removeAll { side in
                let (first, last) =
                    side.log
                    ? (
                        ScaleTransform.log.forward(extent.lowerBound),
                        ScaleTransform.log.forward(extent.upperBound)
                    )
                    : (extent.lowerBound, extent.upperBound)
                return side.below ? !(first < side.bound) : !(last > side.bound)
            }
        }
        guard !sides.isEmpty else { return [] }
        let width = window.isFinite ? max(window, 1) : nil
        var near = try nearest(connection, shape, sides, within: width, shouldCancel: shouldCancel)
        let missing = sides.indices.filter { near[$0].isEmpty }
        if !missing.isEmpty {
            let far = try nearest(
                connection, shape, missing.map { sides[$0] }, within: nil,
                shouldCancel: shouldCancel)
            for (k, i) in missing.enumerated() { near[i] = far[k] }
        }
        return near.filter { !$0.isEmpty }
    }

    /// A row looked for: the one with the greatest x below `bound` (or the least above it,
    /// `below` false), `bound` itself included unless `strict`; `bound` is of log10(x) when
    /// `log`.
    struct NearestRow {
        var bound: Double
        var below: Bool
        var strict: Bool
        var log = false
    }

    /// Per side, the row with the greatest x below its bound (or the least above), within
    /// `width` of it when given; an empty row where there is none.
    private func nearest(
        _ connection: ClickHouseConnection, _ shape: Shape,
        _ sides: [NearestRow], within width: Double?,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> [[Double]] {
        var picks = [String](), ranges = [String]()
        for side in sides {
            let bound = Self.dialect.real(side.bound)
            let op = (side.below ? "<" : ">") + (side.strict ? "" : "=")
            let x = Self.x(log: side.log)
            var condition = "\(x) \(op) \(bound)"
            if let width {
                let end = Self.dialect.real(side.bound + (side.below ? -width : width))
                condition += " AND \(x) \(side.below ? ">=" : "<=") \(end)"
            }
            let pick = side.below ? "argMaxIf" : "argMinIf"
            picks += ["\(pick)(\(shape.row), chartbook_x, \(condition))", "countIf(\(condition))"]
            ranges.append("(\(condition))")
        }
        let sql = select(picks, of: shape, where: ranges.joined(separator: " OR "))
        guard let line = try fields(connection, sql, shouldCancel: shouldCancel).first,
            line.count == picks.count
        else { return sides.map { _ in [] } }
        return sides.indices.map {
            Self.number(line[2 * $0 + 1]) > 0 ? Self.row(line[2 * $0], shape) : []
        }
    }
}
