import ChartbookModel
import Foundation
import Synchronization

/// The most rows sharing an x of a PostgreSQL remote dataset (`RemoteTable.mostRowsPerX`),
/// counted when it is opened.
extension PostgresRemote {
    /// Whether rows share an x exactly when they share the raw x column's value — its type
    /// goes to float8 one to one over the data's span (`ends`: the first and last x, whose
    /// magnitudes bound every x): integers below 2⁵³, float4 and float8, dates, and
    /// timestamps (microseconds) within 2³² seconds of 1970, where float8 still tells every
    /// microsecond apart. Not numeric (decimals the float8 rounds together).
    static func groupsRaw(_ type: UInt32, ends: [Double]) -> Bool {
        let largest = ends.map(abs).max() ?? .infinity
        switch type {
        case 21, 23, 700, 701, 1082: return true
        case 20: return largest < 9_007_199_254_740_992
        case 1114, 1184: return largest < rawTimeSpan
        default: return false
        }
    }

    /// Seconds from 1970 within which a timestamp's microseconds go to float8 one to one.
    static let rawTimeSpan = 4_294_967_296.0

    /// The most rows sharing an x (`RemoteTable.mostRowsPerX`), grouped by the raw column:
    /// in its order through an index on it, without hashing a group per row. PostgreSQL walks
    /// an index with one process, so the two halves of x (`ends`: the first and last x) are
    /// counted at once on two connections — rows sharing an x share a half.
    func mostRowsPerX(
        _ connection: PostgresConnection, _ shape: Shape, type: UInt32, ends: [Double],
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> Int? {
        let halves: [String]
        if ends.count == 2, ends[0].isFinite, ends[1].isFinite, ends[0] < ends[1] {
            let middle = rawValue(shape, type: type, of: dialect.real((ends[0] + ends[1]) / 2))
            halves = ["\(rawX(shape)) < \(middle)", "\(rawX(shape)) >= \(middle)"]
        } else {
            halves = ["TRUE"]
        }
        let second = halves.count > 1 ? try connect(shouldCancel) : nil
        let answers = Mutex([Result<Int?, DatabaseFailure>?](repeating: nil, count: halves.count))
        withoutActuallyEscaping(shouldCancel) { cancel in
            let work = RowsPerXWork(
                remote: self, shape: shape, type: type, halves: halves,
                connections: [connection] + (second.map { [$0] } ?? []), shouldCancel: cancel)
            DispatchQueue.concurrentPerform(iterations: halves.count) { half in
                let answer = work.most(half)
                answers.withLock { $0[half] = answer }
            }
        }
        var most: Int?
        for answer in answers.withLock({ $0 }) {
            guard let answer else { continue }
            if let n = try answer.get() { most = max(most ?? n, n) }
        }
        return most
    }

    /// The most rows per x of each member of a family of `sets` (`RemoteFamily`, a `by=`'s
    /// groups) in one scan, grouped by the raw x column — in its order through an index on it
    /// — and the member's code; where x is a time within `rawTimeSpan` of 1970 (whose raw
    /// values go to float8 one to one, `groupsRaw`). Nil for other sets: the executor groups
    /// each by x.
    public func mostRowsPerX(
        _ table: RemoteTable, _ sets: [RemoteRowSet], shouldCancel: @escaping () -> Bool
    ) throws(DatabaseFailure) -> [Int?] {
        let shape = Shape(table)
        let ends = [table.extent?.lowerBound, table.extent?.upperBound].compactMap { $0 }
        guard shape.kinds[shape.x].isTime, ends.count == 2,
            ends.allSatisfy({ abs($0) < Self.rawTimeSpan })
        else { return sets.map { _ in nil } }
        var counted = [RemoteRowSet: Int]()
        let connection = try connect(shouldCancel)
        for family in RemoteFamily.split(sets, of: shape).families {
            let rows = shape.keeping(family.rows)
            let sql = """
                SELECT chartbook_g, max(chartbook_n) FROM (SELECT \(value(rows, family.column)) \
                AS chartbook_g, count(*) AS chartbook_n FROM \(self.rows(rows)) WHERE \(hasX(rows)) \
                GROUP BY \(rawX(rows)), chartbook_g) AS chartbook_counts GROUP BY chartbook_g
                """
            let result = try connection.execute(sql, shouldCancel: shouldCancel)
            var most = [Double: Int]()
            for r in 0..<result.rows {
                guard let code = result.number(r, 0), let n = result.number(r, 1) else { continue }
                most[code] = max(1, Int(saturating: n))
            }
            // (A member with no row has none sharing an x.)
            for member in family.members { counted[member.set] = most[member.code] ?? 1 }
        }
        return sets.map { counted[$0] }
    }

    /// The most rows sharing an x among those where `condition` holds, on `connection`.
    func mostRowsPerX(
        _ connection: PostgresConnection, _ shape: Shape, type: UInt32, where condition: String,
        shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> Int? {
        let sql = """
            SELECT max(chartbook_n) FROM (SELECT count(*) AS chartbook_n FROM \(rows(shape)) \
            WHERE \(hasX(shape, type: type)) AND \(condition) GROUP BY \(rawX(shape))) AS chartbook_counts
            """
        let result = try connection.execute(sql, shouldCancel: shouldCancel)
        guard result.rows == 1, !result.isNull(0, 0) else { return nil }
        return Int(String(decoding: result.bytes(0, 0), as: UTF8.self)).map { max($0, 1) }
    }
}
/// One half of x's rows-per-x count on its own connection, for `concurrentPerform`: each
/// connection is used by one thread only, and `shouldCancel` (the caller's) only polls.
private struct RowsPerXWork: @unchecked Sendable {
    let remote: PostgresRemote
    let shape: PostgresRemote.Shape
    let type: UInt32
    let halves: [String]
    let connections: [PostgresConnection]
    let shouldCancel: () -> Bool

    func most(_ half: Int) -> Result<Int?, DatabaseFailure> {
        do throws(DatabaseFailure) {
            return .success(
                try remote.mostRowsPerX(
                    connections[half], shape, type: type, where: halves[half],
                    shouldCancel: shouldCancel))
        } catch { return .failure(error) }
    }
}
