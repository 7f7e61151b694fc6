import ChartbookModel

/// The first step of a ClickHouse M4 of many rows (`m4`, as `PostgresRemote+ScalarM4` for
/// PostgreSQL): the picks as numbers — `min`/`max` of the one-number (dot row, x) keys, which
/// this engine compares without carrying a row — and the condition that keeps only the rows
/// at their x for the second step, the one-scan question.
extension ClickHouseRemote {
    /// Whether every pick of `request` is one number (with `keyOrigin`): each drawn value
    /// column's dot rows known and within `keyDotLimit`. A column no plot draws is picked by
    /// its (value, x) pairs, whose x the first step reads off them.
    func keyed(_ shape: Shape, _ request: RemoteRequest) -> Bool {
        shape.values.allSatisfy { c in
            guard let y = request.yDots[shape.shown[c]] else { return true }
            return (y.count == 3 || y.count == 5) && abs(y[2]) < Self.keyDotLimit
        }
    }

    /// The first step of two (`m4`): the condition keeping the rows at the x of every pick
    /// (` AND …`), and per dot column (by its key) its rows and each value column's missing
    /// values — of each group of `grouped` (a family's code, `RemoteFamily`): the x of
    /// every group's picks keep rows of others too, among which a group's picks are the same.
    func pickedX(
        _ connection: ClickHouseConnection, _ shape: Shape, _ request: RemoteRequest,
        inside: String, origin: Double, grouped: String? = nil, shouldCancel: () -> Bool
    ) throws(DatabaseFailure) -> (condition: String, counts: [PickKey: [Int]]) {
        let (picks, starts) = m4Picks(shape, request, origin: origin, keysOnly: true)
        let sql = select(
            picks + (grouped.map { [$0] } ?? []), of: shape, where: inside,
            "GROUP BY \(bucket(request))\(grouped.map { ", \($0)" } ?? "")")
        var xs = Set<Double>(), counts = [PickKey: [Int]]()
        for line in try fields(connection, sql, shouldCancel: shouldCancel)
        where line.count == picks.count + (grouped == nil ? 0 : 1) {
            let count = Int(String(decoding: line[2], as: UTF8.self)) ?? 0
            xs.formUnion([Self.number(line[0]), Self.number(line[1])])
            var tally = [count]
            for v in shape.values.indices {
                let at = starts[v]
                let missing = Int(String(decoding: line[at], as: UTF8.self)) ?? 0
                tally.append(missing)
                // (A column with no drawn value in the dot column picks nothing.)
                guard missing < count else { continue }
                if request.yDots[shape.shown[shape.values[v]]] == nil {
                    // A column no plot draws: its (value, x) and (value, −x) pairs.
                    for (field, sign) in [(line[at + 1], 1.0), (line[at + 2], -1.0)] {
                        if let x = Self.tupleNumbers(field).last { xs.insert(sign * x) }
                    }
                    continue
                }
                xs.insert(
                    RemoteEngines.decodePick(
                        Self.number(line[at + 1]), origin: origin, lowest: true
                    ).x)
                xs.insert(
                    RemoteEngines.decodePick(
                        Self.number(line[at + 2]), origin: origin, lowest: false
                    ).x)
                for b in stride(from: at + 3, to: starts[v + 1] - 1, by: 2)
                where Self.number(line[b]) > 0 {
                    xs.insert(Self.number(line[b + 1]))
                }
            }
            counts[PickKey(line, grouped: grouped != nil, picks: picks.count)] = tally
        }
        let listed = xs.filter(\.isFinite).sorted().map(dialect.real).joined(separator: ", ")
        return (listed.isEmpty ? " AND 0" : " AND chartbook_x IN (\(listed))", counts)
    }
}
