import ChartbookModel

/// What `add plot` and `set plot` options set: the style and the binding, each field nil
/// when not given.
struct PlotSettings {
    var style = PlotStyle()
    var binding = PlotBindingSpec()
}

extension PlotSettings {
    /// The options that make `plot` as it is: its style, and its binding where it differs
    /// from the default (`axis=left` and `order=x` go without saying).
    init(_ plot: Plot) {
        style = plot.style
        let b = plot.binding
        func typed(_ text: String?) -> Located<String>? {
            text.map { Located($0, at: .generated) }
        }
        binding.x = typed(b.x)
        binding.y = typed(b.y)
        binding.low = typed(b.low)
        binding.high = typed(b.high)
        binding.open = typed(b.open)
        binding.by = typed(b.by)
        binding.byOption = b.detail ? "detail" : "by"
        binding.filter = b.filter.map { Located($0, at: .generated) }
        binding.axis = b.axis == .left ? nil : b.axis
        binding.order = b.order == .x ? nil : b.order
        binding.aggregate = b.aggregate.map { Located($0, at: .generated) }
        binding.bin = b.bin.map { Located($0, at: .generated) }
        binding.window = b.window.map { Located($0, at: .generated) }
        binding.trend = b.trend.map { Located($0, at: .generated) }
        binding.facet = b.facet.map { Located($0, at: .generated) }
        binding.extent = b.extent.map { Located($0, at: .generated) }
        binding.top = b.top.map { Located($0, at: .generated) }
        binding.bandwidth = b.bandwidth.map { Located($0, at: .generated) }
        binding.band = b.band.map { Located($0, at: .generated) }
        binding.stack = b.stack.map { Located($0, at: .generated) }
        binding.color = b.encoding.color.map { Located($0, at: .generated) }
        binding.size = b.encoding.size.map { Located($0, at: .generated) }
        binding.shape = b.encoding.shape.map { Located($0, at: .generated) }
        binding.opacity = b.encoding.opacity.map { Located($0, at: .generated) }
    }
}

/// One option of `add plot` / `set plot`: the kinds that take it, how it is read from what was
/// typed, written back (`save script`, `list`), completed, and merged into a plot by
/// `set plot`. `PlotOption.all` is the one table the parser, executor, completer, help,
/// `save script` and `list` read: an option is added there and nowhere else.
public struct PlotOption: Sendable {
    public let name: String
    public let kinds: Set<Plot.Kind>
    /// Whether it binds data (x=, by=, …) rather than styling: listed after the style options.
    let binding: Bool
    /// What its value is (Tab offers the words of it; the round-trip test makes one).
    public let values: ValueKind
    let read: @Sendable (Token, inout PlotSettings) throws(Diagnostic) -> Void
    /// The value as a script writes it, nil when not given.
    let written: @Sendable (PlotSettings) -> String?
    /// Copies the option from `other` when `other` sets it (`set plot`).
    let merge: @Sendable (inout PlotStyle, PlotStyle) -> Void
    /// One sentence for `help OPTION`.
    var summary = ""

    /// This option with its help sentence.
    func described(_ summary: String) -> PlotOption {
        var option = self
        option.summary = summary
        return option
    }

    /// The kinds whose spec (`PlotKindSpec`) says `test`: an option names the kinds it is for
    /// by what they are, so a kind added to the kinds' table takes its family's options.
    static func kinds(_ test: (PlotKindSpec) -> Bool) -> Set<Plot.Kind> {
        Set(PlotKindSpec.all.filter(test).map(\.kind))
    }

    /// Composite marks whose x is their values' statistic (`ecdf`, `density`): no `x=`.
    static let distributions = kinds { $0.distribution != nil }
    /// Kinds drawn as a line (`line`, `area`).
    static let lines = kinds { $0.mark == .line || $0.mark == .area }
    /// Kinds drawn against the chart's x (and so take `x=` and `axis=`).
    static let xy = kinds { $0.family == .cartesian && $0.mark != .strip }
    /// Kinds whose `x=` names categories (or whose x is the data's x).
    static let categorical = kinds { [.horizontal, .pie, .radar, .heatmap].contains($0.family) }
    /// Kinds that draw bars (take `width=` as a fraction of the slot, `outline=`, `rounded=`).
    static let bars = kinds { $0.mark == .bars || $0.family == .horizontal }
    /// Every kind but the sparkline: the main chart's.
    static let main = kinds { $0.mark != .strip }
    /// Kinds a faceted page can hold: charts with an x and a y axis.
    static let facetable = kinds {
        $0.mark != .strip && [.cartesian, .histogram, .box].contains($0.family)
    }
    /// The sparkline's own options.
    static let strips = kinds { $0.mark == .strip }
    /// Kinds with a trait (`PlotKindSpec.Trait`).
    static func with(_ trait: PlotKindSpec.Trait) -> Set<Plot.Kind> {
        kinds { $0.traits.contains(trait) }
    }
    /// Kinds that read a column named by the option `name` (`low=` …).
    static func reading(_ name: String) -> Set<Plot.Kind> { kinds { $0.columns.contains(name) } }
    /// Kinds of a family.
    static func family(_ family: ChartType) -> Set<Plot.Kind> { kinds { $0.family == family } }

    /// The options `kind` takes: style options, then binding options, in table order.
    static func names(for kind: Plot.Kind) -> [String] {
        let own = all.filter { $0.kinds.contains(kind) }
        return own.filter { !$0.binding }.map(\.name) + own.filter(\.binding).map(\.name)
    }

    /// The option `name` of `kind` (two kinds may give one name different meanings, like a
    /// line's `width` in points and a bar's as a share of its slot); without a kind, the
    /// first option so named.
    static func named(_ name: String, for kind: Plot.Kind? = nil) -> PlotOption? {
        all.first { $0.name == name && (kind.map($0.kinds.contains) ?? true) }
    }

    /// Every option given, `name=value`, as a script writes them (binding first), of those
    /// `kind` takes.
    static func written(_ settings: PlotSettings, kind: Plot.Kind) -> [String] {
        (all.filter(\.binding) + all.filter { !$0.binding }).filter { $0.kinds.contains(kind) }
            .compactMap { option in option.written(settings).map { "\(option.name)=\($0)" } }
    }

    /// Every option `plot` sets, as a script writes them.
    static func written(_ plot: Plot) -> [String] {
        written(PlotSettings(plot), kind: plot.kind)
    }
}

extension PlotOption {
    /// An option whose value is one of an enum's words.
    static func choice<T: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ kinds: Set<Plot.Kind>,
        _ path: WritableKeyPath<PlotStyle, T?> & Sendable
    ) -> PlotOption where T.RawValue == String {
        PlotOption(
            name: name, kinds: kinds, binding: false, values: .keyword(T.allCases.map(\.rawValue)),
            read: { token, s throws(Diagnostic) in
                s.style[keyPath: path] = try ValueParser.choice(token, key: name, as: T.self)
            },
            written: { $0.style[keyPath: path]?.rawValue }, merge: merging(path))
    }

    /// Copies the field at `path` from the other style when that one sets it.
    static func merging<T>(_ path: WritableKeyPath<PlotStyle, T?> & Sendable)
        -> @Sendable (inout PlotStyle, PlotStyle) -> Void
    {
        { style, other in if let v = other[keyPath: path] { style[keyPath: path] = v } }
    }

    /// An option whose value is a colour.
    static func color(
        _ name: String, _ kinds: Set<Plot.Kind>,
        _ path: WritableKeyPath<PlotStyle, Color?> & Sendable
    ) -> PlotOption {
        PlotOption(
            name: name, kinds: kinds, binding: false, values: .color,
            read: { token, s throws(Diagnostic) in
                s.style[keyPath: path] = try ValueParser.color(token, key: name)
            },
            written: { $0.style[keyPath: path].map { "\($0)" } },
            merge: merging(path))
    }

    /// An option whose value is a positive number.
    static func positive(
        _ name: String, _ kinds: Set<Plot.Kind>, what: String, limit: Double = 100,
        _ path: WritableKeyPath<PlotStyle, Double?> & Sendable
    ) -> PlotOption {
        PlotOption(
            name: name, kinds: kinds, binding: false, values: .number(0.01...limit),
            read: { token, s throws(Diagnostic) in
                s.style[keyPath: path] = try ValueParser.positive(
                    token, key: name, what: what, limit: limit)
            },
            written: { $0.style[keyPath: path].map(CommandPrinter.number) },
            merge: merging(path))
    }

    /// An option whose value is on or off.
    static func flag(
        _ name: String, _ kinds: Set<Plot.Kind>,
        _ path: WritableKeyPath<PlotStyle, Bool?> & Sendable
    ) -> PlotOption {
        PlotOption(
            name: name, kinds: kinds, binding: false, values: .keyword(["on", "off"]),
            read: { token, s throws(Diagnostic) in
                s.style[keyPath: path] = try ValueParser.boolean(token, key: name)
            },
            written: { $0.style[keyPath: path].map(CommandPrinter.onOff) },
            merge: merging(path))
    }

    /// A binding option (`x=`, `by=` …): read into the binding spec, merged by it.
    static func bound(
        _ name: String, _ kinds: Set<Plot.Kind>, values: ValueKind = .column,
        read: @escaping @Sendable (Token, inout PlotBindingSpec) throws(Diagnostic) -> Void,
        written: @escaping @Sendable (PlotBindingSpec) -> String?
    ) -> PlotOption {
        PlotOption(
            name: name, kinds: kinds, binding: true, values: values,
            read: { token, s throws(Diagnostic) in try read(token, &s.binding) },
            written: { written($0.binding) }, merge: { _, _ in })
    }
}
