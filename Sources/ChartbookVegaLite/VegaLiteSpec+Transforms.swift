import ChartbookModel
import ChartbookTransform

/// A plot's `TransformPipeline` compiled to Vega-Lite transforms, so the viewer computes
/// from the rows the numbers chartbook drew: the key (a `calculate` for bins and calendar
/// units), the `aggregate`, then the `window`. Times are written as the session's wall
/// clock in UTC (`time(_:)`), so Vega's `utc…` functions count calendar units in the
/// session's zone. A pipeline Vega-Lite cannot express (a rolling window over a span of
/// time) is written as its computed rows instead, and the description says so.
extension VegaLiteSpec {
    /// The field holding how many rows an aggregate covers, and how many of them had a value.
    static let rowsField = "_rows"
    static let validField = "_valid"
    static let previousField = "_previous"
    static let windowCountField = "_n"
    /// Where a window writes before its value replaces y (a window reading the field it
    /// writes would read its own results).
    static let valueField = "_value"
    /// A named cycle's position (month 0…11, weekday 0…6), the order its windows run in.
    static let keyField = "_key"
    /// A text key's first row among those kept: categories stand in the order they first
    /// appear in the rows, in every group (a group's own first rows may come in another).
    static let keyOrderField = "_korder"

    /// `plot` as the layers read it: a plot with transforms reads the field its pipeline
    /// writes (`DrawnTable.y`: the y column's name, or `count`).
    func drawnPlot(_ plot: Plot) -> Plot {
        var plot = plot
        if let drawn = plot.drawn { plot.series.column = drawn.y }
        return plot
    }

    /// The pipeline of a plot with transforms, over its own rows (its original series).
    func pipeline(of plot: Plot) -> TransformPipeline? {
        guard let drawn = plot.drawn,
            let dataset = session.dataset(named: drawn.inputs.series.dataset)
        else { return nil }
        var original = plot
        original.series = drawn.inputs.series
        return TransformPipeline(plot: original, in: session)?.resolved(on: dataset)
    }

    /// A plot's transforms in Vega-Lite: its steps, or why they are written as its computed
    /// rows instead (what Vega-Lite cannot say), for the spec's description.
    enum Compilation: Equatable {
        case steps([JSON])
        case inlined(because: String)

        var steps: [JSON] {
            if case .steps(let steps) = self { return steps }
            return []
        }
    }

    /// Whether the plot's transforms are written as its computed rows (no Vega-Lite form).
    func inlinesDrawnRows(_ plot: Plot) -> Bool {
        guard plot.drawn != nil, case .inlined = compilation(for: plot) else { return false }
        return true
    }

    /// The compiled pipeline of a plot with transforms (no steps without).
    func compilation(for plot: Plot) -> Compilation {
        // An error bar's extent= whiskers are chartbook's rows (inlined, so the same numbers).
        if plot.binding.extent != nil { return .inlined(because: "its extent= whiskers") }
        // Vega has no t quantile: a trend's band is chartbook's rows, fit and band alike.
        if plot.drawn?.low != nil, plot.kind == .trend {
            return .inlined(because: "its confidence band (Vega has no Student t quantile)")
        }
        guard var pipeline = pipeline(of: plot) else { return .steps([]) }
        let xKind =
            pipeline.x.flatMap {
                session.dataset(named: plot.drawn?.inputs.series.dataset ?? "")?.column(named: $0)
            }?.kind
        // The values' column named apart in chartbook's table (`x=` of the same column, or
        // `by=`: `mpg_`): copied under that name first, so the key written over x (or the
        // group) leaves the values to aggregate, and the layers read the table's own name.
        guard pipeline.distribution == nil, let y = pipeline.y, let drawn = plot.drawn?.y,
            drawn != y
        else { return Self.compiled(pipeline, xKind: xKind) }
        pipeline.y = drawn
        let copy = JSON.object([
            "calculate": .string("datum[\(JSON.quoted(y))]"), "as": .string(drawn),
        ])
        switch Self.compiled(pipeline, xKind: xKind) {
        case .steps(let steps): return .steps([copy] + steps)
        case .inlined(let reason): return .inlined(because: reason)
        }
    }

    /// The name an inlined drawn table goes by among the spec's datasets.
    func drawnName(_ plot: Plot) -> String { "\(drawnPrefix)\(plot.id)_drawn" }

    /// The pipeline's steps after the filter, or why one has no Vega-Lite form.
    static func compiled(_ p: TransformPipeline, xKind: Column.Kind?) -> Compilation {
        if let distribution = p.distribution, let y = p.y {
            return .steps(distributionSteps(distribution, y, by: p.by))
        }
        let xIsText = xKind == .text
        var steps = [JSON]()
        let y = p.y ?? "count"
        var order = xIsText ? rowField : p.x ?? rowField
        if case .span = p.bin {
            // Vega's times are the session's wall clock, spans are bins of UTC seconds.
            return .inlined(because: "its bin=\(p.bin?.description ?? "") over times")
        }
        if let x = p.x, let bin = p.bin {
            steps += keyStep(bin, x)
            if case .time(let unit) = bin, unit.keyKind == .text {
                order = keyField
            }
        }
        if let aggregate = p.aggregate, let x = p.x {
            // Vega has no percentile aggregate (its `quantile` is a transform of its own).
            guard aggregate.quantile == nil || vegaOperations.contains(aggregate.rawValue) else {
                return .inlined(
                    because: "its agg=\(aggregate.rawValue) (Vega has no percentile aggregate)")
            }
            if xIsText {
                steps.append(
                    .object([
                        "joinaggregate": .array([
                            .object([
                                "op": "min", "field": .string(rowField),
                                "as": .string(keyOrderField),
                            ])
                        ]),
                        "groupby": .array([.string(x)]),
                    ]))
                order = keyOrderField
            }
            steps += aggregateSteps(
                aggregate, x: x, y: p.y, by: p.by,
                keys: order == keyField || order == keyOrderField ? [order] : [])
        }
        if let n = p.top {
            // Ties go to the key first in chartbook's table: the smaller number, or the
            // text (or row) met first in the rows.
            let key = p.x ?? rowField
            steps += topSteps(n, key: key, y: y, tie: xIsText || p.x == nil ? firstField : key)
        }
        if let window = p.window {
            guard let compiled = windowSteps(window, p, y: y, order: order) else {
                return .inlined(because: "its \(window.option) window over a span of time")
            }
            steps += compiled
        }
        if p.shares { steps += shareSteps(y, key: p.x, by: p.by) }
        if let method = p.fit {
            // Vega fits raw sums of x: over times in milliseconds since 1970 they lose every
            // digit, so a trend over times goes as its computed curve instead.
            guard xKind == .number, p.bin == nil, let x = p.x else {
                return .inlined(because: "its trend over times or bins")
            }
            steps.append(fitStep(method, x: x, y: y, by: p.by))
        }
        return .steps(steps)
    }

    /// `stack=normalize`: each value over the sum of its key's values (a key's n-th point of
    /// each group over the row index), missing where that sum is 0.
    static func shareSteps(_ y: String, key: String?, by: String?) -> [JSON] {
        var steps = [JSON]()
        var keyField = key ?? shareKeyField
        if key == nil {
            steps.append(
                .object([
                    "window": .array([.object(["op": "row_number", "as": .string(shareKeyField)])]),
                    "groupby": by.map { .array([.string($0)]) },
                ]))
            keyField = shareKeyField
        }
        let field = "datum[\(JSON.quoted(y))]"
        return steps + [
            .object([
                "joinaggregate": .array([
                    .object(["op": "sum", "field": .string(y), "as": .string(totalField)])
                ]),
                "groupby": .array([.string(keyField)]),
            ]),
            .object([
                "calculate": .string(
                    "isValid(\(field)) && datum.\(totalField) > 0 ? \(field) / datum.\(totalField) : null"
                ),
                "as": .string(y),
            ]),
        ]
    }

    static let totalField = "_total"
    static let shareKeyField = "_share_key"

    /// A trend: Vega-Lite's `regression` or `loess` over the points, per group.
    static func fitStep(_ method: TrendMethod, x: String, y: String, by: String?) -> JSON {
        let groupby: JSON? = by.map { .array([.string($0)]) }
        switch method {
        case .loess(let bandwidth):
            return .object([
                "loess": .string(y), "on": .string(x), "bandwidth": .number(bandwidth),
                "groupby": groupby,
            ])
        case .linear, .exp, .log, .poly:
            let order: JSON? = if case .poly(let k) = method { .number(Double(k)) } else { nil }
            let name =
                switch method {
                case .linear: "linear"
                case .exp: "exp"
                case .log: "log"
                default: "poly"
                }
            return .object([
                "regression": .string(y), "on": .string(x), "method": .string(name),
                "order": order, "groupby": groupby,
            ])
        }
    }

    /// A composite mark's statistic over the rows with a value, as the statistic writes
    /// it (`DistributionStatistic.vegaLiteSteps`: beside its local computation).
    static func distributionSteps(_ d: Distribution, _ y: String, by: String?) -> [JSON] {
        let field = "datum[\(JSON.quoted(y))]"
        return [.object(["filter": .string("isValid(\(field)) && isFinite(\(field))")])]
            + d.statistic.vegaLiteSteps(y, by: by)
    }

    /// The first row a key was met in, and its rank (`top=`).
    static let firstField = "_first"
    static let rankField = "_rank"

    /// `top=N`: each key's total (Vega's `sum` leaves missing values out, as chartbook's
    /// does) and the first row it was met in, its dense rank by total (largest first, ties
    /// by `tie`), and the rows of the first N ranks.
    static func topSteps(_ n: Int, key: String, y: String, tie: String) -> [JSON] {
        [
            .object([
                "joinaggregate": .array([
                    .object(["op": "sum", "field": .string(y), "as": "_total"]),
                    .object(["op": "min", "field": .string(rowField), "as": .string(firstField)]),
                ]),
                "groupby": .array([.string(key)]),
            ]),
            .object([
                "window": .array([.object(["op": "dense_rank", "as": .string(rankField)])]),
                "sort": .array([
                    .object(["field": "_total", "order": "descending"]),
                    .object(["field": .string(tie), "order": "ascending"]),
                ]),
            ]),
            .object(["filter": .string("datum.\(rankField) <= \(n)")]),
        ]
    }

    /// `bin=`: the key replaces x, computed as the local executor does.
    static func keyStep(_ bin: XBin, _ x: String) -> [JSON] {
        let field = "datum[\(JSON.quoted(x))]"
        let t = "toDate(\(field))"
        let expression: String
        switch bin {
        case .step(let w):
            let step = NumberText.shortest(w)
            expression = "floor(\(field) / \(step)) * \(step) + \(step) / 2"
        case .count: expression = field  // resolved to a step before compiling
        case .span: expression = field  // written as chartbook's rows (`compiled`)
        case .time(let unit): expression = timeKey(unit, t)
        }
        var steps: [JSON] = []
        // Named cycles (Jan…, Mon…) keep their place in the cycle for the window's order.
        if case .time(let unit) = bin, unit.keyKind == .text {
            let position = unit == .monthOfYear ? "utcmonth(\(t))" : "(utcday(\(t)) + 6) % 7"
            steps.append(.object(["calculate": .string(position), "as": .string(keyField)]))
        }
        return steps + [.object(["calculate": .string(expression), "as": .string(x)])]
    }

    /// The key of a calendar unit as a Vega expression over the time `t`.
    static func timeKey(_ unit: TimeUnit, _ t: String) -> String {
        let (y, m, d) = ("utcyear(\(t))", "utcmonth(\(t))", "utcdate(\(t))")
        switch unit {
        case .year: return "utc(\(y), 0, 1)"
        case .quarter: return "utc(\(y), floor(\(m) / 3) * 3, 1)"
        case .month: return "utc(\(y), \(m), 1)"
        case .week: return "utc(\(y), \(m), \(d) - (utcday(\(t)) + 6) % 7)"
        case .day: return "utc(\(y), \(m), \(d))"
        case .hour: return "utc(\(y), \(m), \(d), utchours(\(t)))"
        case .minute: return "utc(\(y), \(m), \(d), utchours(\(t)), utcminutes(\(t)))"
        case .monthOfYear:
            let names = (1...12).map { JSON.quoted(CivilCalendar.shortMonthName($0)) }
            return "[\(names.joined(separator: ", "))][\(m)]"
        case .dayOfWeek:
            let names = TimeUnit.dayNames.map(JSON.quoted)
            return "[\(names.joined(separator: ", "))][(utcday(\(t)) + 6) % 7]"
        case .hourOfDay: return "utchours(\(t))"
        }
    }

    /// Vega's aggregate operations of chartbook's quantiles (R-7, as chartbook's).
    static let vegaOperations: Set<String> = ["median", "q1", "q3"]

    /// `agg=`: grouped by the key and `by=`, missing values left out (Vega's `valid`), a
    /// group without a value missing (Vega's sum of nothing is 0; chartbook's is missing).
    /// Vega-Lite keeps one of two operations with the same op and field, so each is asked
    /// for once.
    static func aggregateSteps(
        _ op: Aggregation, x: String, y: String?, by: String?, keys: [String]
    ) -> [JSON] {
        let field = y ?? "count"
        let vegaOp = op == .count ? (y == nil ? "count" : "valid") : op.rawValue
        // Named by its operation, then copied to the field: Vega-Lite merges the aggregates
        // of layers that group alike (two plots of one column, a mean and a max), and
        // outputs sharing a name took one another's values.
        let measured = "_\(vegaOp)_\(field)"
        var ops: [JSON] = [
            .object(["op": .string(vegaOp), "field": y.map(JSON.string), "as": .string(measured)]),
            .object(["op": "min", "field": .string(rowField), "as": .string(rowField)]),
        ]
        if let y {
            ops.append(.object(["op": "count", "as": .string(rowsField)]))
            if op != .count {
                ops.append(
                    .object(["op": "valid", "field": .string(y), "as": .string(validField)]))
            }
        }
        let f = "datum[\(JSON.quoted(measured))]"
        var steps: [JSON] = [
            .object([
                "aggregate": .array(ops),
                "groupby": .array(([x] + (by.map { [$0] } ?? []) + keys).map(JSON.string)),
            ])
        ]
        if y == nil {
            steps.append(.object(["calculate": .string(f), "as": .string(rowsField)]))
        }
        let kept = op != .count && op != .distinct && y != nil
        steps.append(
            .object([
                "calculate": .string(kept ? "datum.\(validField) > 0 ? \(f) : null" : f),
                "as": .string(field),
            ]))
        return steps
    }

    /// A window over each group's points with a value, in x order (row order on text x).
    static func windowSteps(
        _ window: PlotWindow, _ p: TransformPipeline, y: String, order: String
    ) -> [JSON]? {
        let f = "datum[\(JSON.quoted(y))]"
        let sort = [order, rowField].map { JSON.object(["field": .string($0)]) }
        var common = [JSON.Member("sort", .array(sort))]
        if let by = p.by { common.append(JSON.Member("groupby", .array([.string(by)]))) }
        let present = JSON.object(["filter": .string("isValid(\(f)) && isFinite(\(f))")])
        func framed(_ ops: [JSON], frame: JSON) -> JSON {
            .object([JSON.Member("window", .array(ops)), JSON.Member("frame", frame)] + common)
        }
        // The window's operation on y, into the scratch field.
        func valueOf(_ op: String) -> JSON {
            .object(["op": .string(op), "field": .string(y), "as": .string(valueField)])
        }
        switch window {
        case .rolling(_, .span): return nil
        case .rolling(let op, .points(let n)):
            return [
                present,
                framed(
                    [
                        valueOf(op.rawValue),
                        .object(["op": "count", "as": .string(windowCountField)]),
                    ],
                    frame: .array([.number(Double(1 - n)), 0])),
                .object([
                    "calculate": .string(
                        "datum.\(windowCountField) < \(n) ? null : datum.\(valueField)"),
                    "as": .string(y),
                ]),
            ]
        case .running(let op):
            return [
                present,
                framed([valueOf(op.rawValue)], frame: .array([.null, 0])),
                .object(["calculate": .string("datum.\(valueField)"), "as": .string(y)]),
            ]
        case .change(let change):
            let previous = "datum.\(previousField)"
            let expression: String
            switch change {
            case .diff: expression = "\(previous) == null ? null : \(f) - \(previous)"
            case .pct:
                expression =
                    "\(previous) == null || \(previous) == 0 ? null : (\(f) - \(previous)) / abs(\(previous)) * 100"
            case .index: expression = "\(previous) == 0 ? null : \(f) / \(previous) * 100"
            }
            // (The index divides by the group's first value; the others by the one before.)
            let op = change == .index ? "first_value" : "lag"
            return [
                present,
                framed(
                    [
                        .object([
                            "op": .string(op), "field": .string(y), "as": .string(previousField),
                        ])
                    ],
                    frame: .array([.null, 0])),
                .object(["calculate": .string(expression), "as": .string(y)]),
            ]
        }
    }
}
