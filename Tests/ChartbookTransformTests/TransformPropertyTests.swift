import ChartbookData
import ChartbookModel
import Foundation
import Testing

@testable import ChartbookTransform

/// The local executor against a naive reference on random tables: repeated x, missing
/// values, empty groups, one row, calendar units in four zones (two with daylight saving
/// time). The reference finds calendar units with Foundation's calendar, not chartbook's.
@Suite struct TransformPropertyTests {
    static let zones = ["UTC", "+05:30", "Europe/Paris", "America/New_York"]

    @Test(arguments: 0..<150) func aggregatesMatchTheReference(_ seed: Int) throws {
        var random = RandomSource(seed: UInt64(7_000 + seed))
        let table = RandomTable(&random)
        let pipeline = table.pipeline(&random)
        let result = try TableExecutor.run(pipeline, on: table.dataset)
        let expected = Reference(table: table, pipeline: pipeline).rows()
        let got = RandomTable.rows(of: result, pipeline)
        #expect(got.count == expected.count, "seed \(seed): \(pipeline)")
        for (g, e) in zip(got, expected) {
            #expect(g.key == e.key && g.by == e.by && g.rows == e.rows, "seed \(seed) \(pipeline)")
            let close =
                g.value.isNaN && e.value.isNaN
                || abs(g.value - e.value) <= 1e-9 * max(1, abs(e.value))
            #expect(close, "seed \(seed) \(pipeline): \(g.value) vs \(e.value)")
        }
    }

    @Test(arguments: [1, 2, 7, 30]) func rollingSumsStayExactOverLongRuns(_ n: Int) {
        var random = RandomSource(seed: UInt64(n))
        let values = (0..<5000).map { _ in random.nextGaussian() * 1e6 }
        let fast = WindowFunctions.rolling(.mean, values, points: n)
        for i in values.indices {
            guard i >= n - 1 else {
                #expect(fast[i].isNaN)
                continue
            }
            let naive = values[(i - n + 1)...i].reduce(0, +) / Double(n)
            #expect(abs(fast[i] - naive) <= 1e-9 * max(1, abs(naive)))
        }
    }

    /// A window's sum is its own: a window after an infinity has left it is finite again (a
    /// running sum gave NaN, ∞ − ∞, for up to 1 024 windows after), a window holding +∞ and
    /// −∞ is NaN, one whose finite values overflow is ±∞ until they leave it, and the windows
    /// after a spike of 1e20 are the sums of their own values (a running sum had lost them).
    @Test(arguments: [1, 2, 5, 40]) func rollingSumsOfInfinitiesAreEachWindowsOwn(_ n: Int) {
        var random = RandomSource(seed: UInt64(500 + n))
        let values = (0..<3000).map { _ -> Double in
            switch random.next() % 200 {
            case 0: .infinity
            case 1: -.infinity
            case 2: .greatestFiniteMagnitude
            case 3: 1e20
            default: random.nextGaussian() * 100
            }
        }
        for op in [PlotWindow.Rolling.sum, .mean] {
            let fast = WindowFunctions.rolling(op, values, points: n)
            for i in values.indices where i >= n - 1 {
                let naive = WindowFunctions.of(op, values[(i - n + 1)...i])
                let same =
                    naive.isNaN
                    ? fast[i].isNaN
                    : naive.isInfinite
                        ? fast[i] == naive
                        : abs(fast[i] - naive) <= 1e-9 * max(1, abs(naive))
                #expect(same, "\(op) of \(n) at \(i): \(fast[i]) vs \(naive)")
            }
        }
    }
}

/// A random table: x of numbers, times or text (repeats and gaps), y with gaps, maybe
/// groups; and a random pipeline that fits it.
struct RandomTable {
    enum XKind { case numbers, times, text }
    var kind: XKind
    var x: [Double]
    var xText: [String]
    var y: [Double]
    var by: [String]?
    var zone: TimeZoneSetting

    init(_ random: inout RandomSource) {
        let n = Int(random.next() % 41)
        kind = [XKind.numbers, .times, .text][Int(random.next() % 3)]
        let start = 1_700_000_000.0
        x = (0..<n).map { _ in
            if random.nextUnit() < 0.1 { return .nan }
            switch Int(random.next() % 3) {
            case 0: return Double(random.next() % 10)
            case 1: return (random.nextUnit() * 40).rounded() / 4
            default: return Double(random.next() % 10) - 5
            }
        }
        if kind == .times {
            x = x.map { $0.isNaN ? $0 : start + random.nextUnit() * 3 * 365 * 86_400 }
        }
        xText = (0..<n).map { _ in ["a", "b", "c", "d", "", "e"][Int(random.next() % 6)] }
        y = (0..<n).map { _ in random.nextUnit() < 0.15 ? .nan : Double(random.next() % 21) }
        by =
            random.next() % 2 == 0
            ? nil : (0..<n).map { _ in ["p", "q", "r"][Int(random.next() % 3)] }
        zone =
            TimeZoneSetting(parsing: TransformPropertyTests.zones[Int(random.next() % 4)])
            ?? .utc
    }

    /// The compiler's source over a table `name(x, y, g, _row)` holding these rows.
    func source(named name: String) -> SQLCompiler.Source {
        let xKind: Column.Kind = kind == .text ? .text : kind == .times ? .time : .number
        return SQLCompiler.Source(
            relation: name, kinds: ["x": xKind, "y": .number, "g": .text], rowOrder: "_row")
    }

    /// The rows as SQL tuples `(x, y, g, _row)`, numbers written by `number` (NULL for NaN).
    func sqlRows(number: (Double) -> String) -> [String] {
        y.indices.map { i -> String in
            let x =
                kind == .text
                ? (xText[i].isEmpty ? "NULL" : SQLQuoting.standard.literal(xText[i]))
                : x[i].isNaN ? "NULL" : number(x[i])
            let g = by.map { SQLQuoting.standard.literal($0[i]) } ?? "NULL"
            return "(\(x), \(y[i].isNaN ? "NULL" : number(y[i])), \(g), \(i))"
        }
    }

    var dataset: Dataset {
        var columns = [Column]()
        switch kind {
        case .numbers: columns.append(Column(name: "x", numbers: x))
        case .times: columns.append(Column(name: "x", times: x))
        case .text: columns.append(Column(name: "x", text: xText))
        }
        columns.append(Column(name: "y", numbers: y))
        if let by { columns.append(Column(name: "g", text: by)) }
        return Dataset(name: "t", columns: columns, source: .inline)
    }

    func pipeline(_ random: inout RandomSource) -> TransformPipeline {
        let op = Aggregation.allCases[Int(random.next() % UInt64(Aggregation.allCases.count))]
        var bin: XBin?
        switch kind {
        case .numbers:
            bin =
                [
                    nil, .step([0.5, 2, 5][Int(random.next() % 3)]),
                    .count(Int(random.next() % 10) + 1),
                ][
                    Int(random.next() % 3)]
        case .times:
            // A calendar unit, or (one time in four) a span of time: bin=1h, 1d, 2w.
            bin =
                random.next() % 4 == 0
                ? .span([3600, 86_400, 1_209_600][Int(random.next() % 3)])
                : .time(TimeUnit.allCases[Int(random.next() % UInt64(TimeUnit.allCases.count))])
        case .text: bin = nil
        }
        let countsRows = op == .count && random.next() % 2 == 0
        return TransformPipeline(
            x: "x", y: countsRows ? nil : "y", by: by == nil ? nil : "g", bin: bin,
            aggregate: op, timeZone: zone)
    }

    struct Row: Equatable {
        var key: String
        var by: String
        var value: Double
        var rows: Int
    }

    /// The executor's table as rows.
    static func rows(of r: TableExecutor.Result, _ p: TransformPipeline) -> [Row] {
        let t = r.table
        let x = t.column(named: "x"), g = p.by.flatMap { t.column(named: $0) }
        let y = t.column(named: r.y)?.numbers ?? []
        let rows = r.rows.flatMap { t.column(named: $0)?.numbers } ?? []
        return y.indices.map { i in
            let key =
                x.map { c in c.numbers.map { NumberText.shortest($0[i]) } ?? c.text(at: i) } ?? ""
            return Row(key: key, by: g?.text(at: i) ?? "", value: y[i], rows: Int(rows[i]))
        }
    }
}

/// The naive answer: keys by Foundation's calendar, groups by a dictionary, values by
/// `Aggregation.apply`, ordered by key (numbers ascending, text by first appearance), then
/// by group (first appearance).
struct Reference {
    var table: RandomTable
    var pipeline: TransformPipeline

    func rows() -> [RandomTable.Row] {
        var groups = [
            String: (key: Double, text: String, by: String, values: [Double], rows: Int)
        ]()
        var keyOrder = [String](), byOrder = [String]()
        let step = stepOfBin()
        for i in table.y.indices {
            var keyNumber = Double.nan
            var keyText = ""
            switch table.kind {
            case .text:
                keyText = table.xText[i]
                if keyText.isEmpty { continue }
            case .numbers, .times:
                keyNumber = key(of: table.x[i], step: step)
                if !keyNumber.isFinite { continue }
                keyText = NumberText.shortest(keyNumber)
            }
            let by = table.by?[i] ?? ""
            if !keyOrder.contains(keyText) { keyOrder.append(keyText) }
            if !byOrder.contains(by) { byOrder.append(by) }
            let id = keyText + "\u{1}" + by
            var group = groups[id] ?? (keyNumber, keyText, by, [], 0)
            group.values.append(pipeline.y == nil ? 1 : table.y[i])
            group.rows += 1
            groups[id] = group
        }
        let sorted = groups.values.sorted { a, b in
            if a.text != b.text {
                return table.kind == .text
                    ? (keyOrder.firstIndex(of: a.text) ?? 0)
                        < (keyOrder.firstIndex(of: b.text) ?? 0)
                    : a.key < b.key
            }
            return (byOrder.firstIndex(of: a.by) ?? 0) < (byOrder.firstIndex(of: b.by) ?? 0)
        }
        let op = pipeline.aggregate ?? .sum
        return sorted.map { g in
            let value = pipeline.y == nil ? Double(g.rows) : op.apply(to: g.values)
            var text = g.text
            if case .time(let unit) = pipeline.bin, unit == .monthOfYear || unit == .dayOfWeek {
                text = unit.name(ofKey: g.key) ?? text
            }
            return RandomTable.Row(key: text, by: g.by, value: value, rows: g.rows)
        }
    }

    func stepOfBin() -> Double? {
        switch pipeline.bin {
        case .step(let w), .span(let w): return w
        case .count(let n):
            let finite = table.x.filter(\.isFinite)
            guard let lo = finite.min(), let hi = finite.max() else { return nil }
            return XBin.step(count: n, extent: lo...hi)
        default: return nil
        }
    }

    func key(of x: Double, step: Double?) -> Double {
        guard x.isFinite else { return .nan }
        if let step { return (x / step).rounded(.down) * step + step / 2 }
        guard case .time(let unit) = pipeline.bin else { return x }
        var calendar = Calendar(identifier: .gregorian)
        let zone = pipeline.timeZone
        calendar.timeZone =
            zone.fixedOffset.flatMap { TimeZone(secondsFromGMT: $0) }
            ?? TimeZone(identifier: zone.name) ?? TimeZone(secondsFromGMT: 0)!
        calendar.firstWeekday = 2
        let date = Date(timeIntervalSince1970: x)
        let c = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .weekday], from: date)
        func start(_ parts: DateComponents) -> Double {
            calendar.date(from: parts)?.timeIntervalSince1970 ?? .nan
        }
        let (y, m, d) = (c.year ?? 0, c.month ?? 1, c.day ?? 1)
        switch unit {
        case .year: return start(DateComponents(year: y, month: 1, day: 1))
        case .quarter: return start(DateComponents(year: y, month: (m - 1) / 3 * 3 + 1, day: 1))
        case .month: return start(DateComponents(year: y, month: m, day: 1))
        case .week:
            let back = ((c.weekday ?? 2) + 5) % 7
            return start(DateComponents(year: y, month: m, day: d - back))
        case .day: return start(DateComponents(year: y, month: m, day: d))
        case .hour: return start(DateComponents(year: y, month: m, day: d, hour: c.hour))
        case .minute:
            return start(DateComponents(year: y, month: m, day: d, hour: c.hour, minute: c.minute))
        case .monthOfYear: return Double(m - 1)
        case .dayOfWeek: return Double(((c.weekday ?? 2) + 5) % 7)
        case .hourOfDay: return Double(c.hour ?? 0)
        }
    }
}
