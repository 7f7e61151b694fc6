import ChartbookModel

/// Chooses which points get an x label so that labels never overlap: every `step`-th point,
/// where `step` is the smallest multiple of the user's sparsity at which all labels fit with a
/// space between them (for index labels, a round number: 1, 2, 5, 10, 20, 25, 50 ...).
public struct XLabelPlacer: Sendable {
    public var mapping: XMapping
    /// Plot area's first column and the chart's width, in cells.
    public var areaColumn: Int
    public var chartColumns: Int

    public struct Placed: Equatable, Sendable {
        public var column: Int
        public var tickColumn: Int
        public var text: String
        /// The tick's dot column in the plot area (what vector output places it by).
        public var tickDot: Int
        /// The x value labelled (on the index, the row number).
        public var value: Double
    }

    /// Labels for the points `first ..< first + count` (the window); candidates are the
    /// indices that are multiples of the step, so labels stay put while scrolling.
    /// The most cells an x label takes: a longer one is shortened (`Salmonberry Hill Farm
    /// Coop…`), never dropped, and costs no more to place than a short one.
    public static let longestLabel = 40

    public func place(first: Int = 0, count: Int, sparsity: Int, label whole: (Int) -> String?)
        -> [Placed]
    {
        guard count > 0, mapping.widthCells > 0 else { return [] }
        let fit = min(Self.longestLabel, chartColumns)
        return placeFitting(first: first, count: count, sparsity: sparsity) {
            whole($0).map { TextMetrics.truncated($0, toWidth: fit) }
        }
    }

    private func placeFitting(first: Int, count: Int, sparsity: Int, label: (Int) -> String?)
        -> [Placed]
    {
        let sparsity = max(1, sparsity)
        var step = sparsity
        // Start from an estimate so long series do not try every step.
        let sampleWidth =
            stride(from: first, to: first + count, by: max(1, count / 50)).compactMap { label($0) }
            .map(TextMetrics.width(of:)).max() ?? 1
        let estimate = Int(
            saturating: (Double(count) * Double(sampleWidth + 1) / Double(mapping.widthCells))
                .rounded(.up))
        step = max(step, Self.roundUp(estimate, multipleOf: sparsity))
        for _ in 0..<64 {
            if let placed = tryPlace(first: first, count: count, step: step, label: label) {
                return placed
            }
            step = Self.nextStep(after: step, multipleOf: sparsity)
            if step >= count + first { break }
        }
        return tryPlace(first: first, count: count, step: max(count + first, 1), label: label) ?? []
    }

    func tryPlace(first: Int, count: Int, step: Int, label: (Int) -> String?) -> [Placed]? {
        var placed = [Placed]()
        var nextFree = 0
        var index = (first + step - 1) / step * step
        while index < first + count {
            defer { index += step }
            guard let text = label(index), !text.isEmpty else { continue }
            let width = TextMetrics.width(of: text)
            guard width <= chartColumns else { return nil }
            let center = mapping.centerCell(index)
            let tick = areaColumn + min(Int(saturating: center), mapping.widthCells - 1)
            let tickDot = min(
                Int(saturating: (center * Double(mapping.dotsPerCell)).rounded(.down)),
                mapping.widthDots - 1)
            let column = min(max(tick - (width - 1) / 2, 0), chartColumns - width)
            if column < nextFree { return nil }
            placed.append(
                Placed(
                    column: column, tickColumn: tick, text: text, tickDot: tickDot,
                    value: Double(index)))
            nextFree = column + width + 1
        }
        return placed
    }

    /// 1, 2, 5, 10, 20, 25, 50, 100 ... times the sparsity.
    static func nextStep(after step: Int, multipleOf sparsity: Int) -> Int {
        let unit = step / sparsity
        var magnitude = 1
        while magnitude * 10 <= unit { magnitude *= 10 }
        for m in [1, 2, 5, 10] where m * magnitude > unit {
            if m == 5 && magnitude >= 10 && 25 * magnitude / 10 > unit {
                return 25 * magnitude / 10 * sparsity
            }
            return m * magnitude * sparsity
        }
        return (unit + 1) * sparsity
    }

    static func roundUp(_ value: Int, multipleOf sparsity: Int) -> Int {
        var step = sparsity
        while step < value { step = nextStep(after: step, multipleOf: sparsity) }
        return step
    }
}
