import ChartbookCommands
import ChartbookModel

/// Lines that cover a command's vocabulary rather than sample it (issue 52): a random line
/// names one option value in thousands — `bin=month` with an `agg=` beside it came about once
/// in 5 000 lines, so a property test over random lines could not notice a broken calendar
/// word. Here every word an option takes is written once, by the grammar's own lists.
extension GrammarLines {
    /// One line per word of each option of `spec` (its keywords; a number for an option
    /// taking one), the rest of the line as `line(for:)` makes it — a plot kind the option
    /// applies to (`operands`) — with `companions[option]`'s words beside it when given (an option that
    /// means nothing alone: `bin=` without `agg=`), one picked at random per line; then a
    /// line per word of each operand naming one of a list (`operandLines`: each plot kind).
    public mutating func coveringLines(
        for spec: CommandSpec, companions: [String: [String]] = [:]
    ) -> [String] {
        var lines = [String]()
        for (name, values, kinds) in coveredOptions(spec) {
            for word in words(of: values) {
                var parts = operands(of: spec, kinds: kinds) + ["\(name)=\(word)"]
                if let extra = companions[name], !extra.isEmpty { parts.append(pick(extra)) }
                lines.append(parts.joined(separator: " "))
            }
        }
        return lines + operandLines(for: spec)
    }

    /// One line per word of each operand of `spec` that names one of a list (a plot kind,
    /// a keyword), the other operands and some options as `line(for:)` picks them.
    mutating func operandLines(for spec: CommandSpec) -> [String] {
        var lines = [String]()
        for (k, operand) in spec.operands.enumerated() {
            let words =
                operand == .plotKind
                ? Plot.Kind.allNames : self.words(of: operand, keywordsOnly: true)
            for word in words {
                var parts = spec.words
                for (j, other) in spec.operands.enumerated() {
                    parts.append(j == k ? word : value(other))
                }
                let options = optionChoices(spec, kind: Plot.Kind.named(word))
                for _ in 0..<random.below(3) where !options.isEmpty {
                    let (name, values) = options[random.below(options.count)]
                    parts.append(name + "=" + value(values))
                }
                lines.append(parts.joined(separator: " "))
            }
        }
        return lines
    }

    /// Each option `spec` takes, its values and the plot kinds it applies to (nil: the
    /// spec names no kind).
    func coveredOptions(_ spec: CommandSpec) -> [(String, ValueKind, Set<Plot.Kind>?)] {
        switch spec.options {
        case .none: []
        case .fixed(let options): options.map { ($0.name, $0.values, nil) }
        case .plotKind: PlotOption.all.map { ($0.name, $0.values, $0.kinds) }
        case .plotNamed: PlotOption.all.map { ($0.name, $0.values, nil) }
        }
    }

    /// Every keyword of `kind`, and — unless `keywordsOnly` — one value of each kind of
    /// value it may be otherwise.
    mutating func words(of kind: ValueKind, keywordsOnly: Bool = false) -> [String] {
        switch kind {
        case .keyword(let words): words
        case .either(let a, let b):
            words(of: a, keywordsOnly: keywordsOnly) + words(of: b, keywordsOnly: keywordsOnly)
        case .optional(let inner): words(of: inner, keywordsOnly: keywordsOnly)
        default: keywordsOnly ? [] : [value(kind)]
        }
    }

    /// `spec`'s words and a value for each operand, the plot kind one of `kinds` when
    /// given — a line where it is one of them: the kind every way of drawing draws, so that
    /// the option's word reaches what computes it (a `bin=month` on a donut of one month's
    /// rows draws one slice whatever the month's start) — optional operands left out at
    /// random, as `line(for:)` does.
    mutating func operands(of spec: CommandSpec, kinds: Set<Plot.Kind>?) -> [String] {
        var words = spec.words
        for operand in spec.operands {
            if operand.isOptional, random.coin() { continue }
            if operand == .plotKind, let kinds, !kinds.isEmpty {
                let sorted = kinds.map(\.rawValue).sorted()
                words.append(kinds.contains(.line) ? Plot.Kind.line.rawValue : pick(sorted))
            } else {
                words.append(value(operand))
            }
        }
        return words
    }
}
