import ChartbookCommands
import ChartbookData
import ChartbookModel

/// Random command lines made from the grammar itself — each entry's words, a value for
/// each operand (its `ValueKind`) and some of its options — valid or nearly so: the parser
/// decides. A command or option added to the grammar is generated without a line here.
public struct GrammarLines {
    public var random: RandomSource
    /// The words operands name things with; the defaults name nothing in particular.
    public var names = Names()

    public init(random: RandomSource, names: Names = Names()) {
        self.random = random
        self.names = names
    }

    /// What datasets, series, columns and filters a line may name.
    public struct Names: Sendable {
        public var datasets = ["a", "w", "s_1", "big-data", "X9"]
        public var series = ["s", "s.v", #"s."my col""#, #""a b""#, "v2", "w.temp_max"]
        public var columns = ["v", #""my col""#, "date", "k"]
        public var filters = ["k=a", "k!=b", "n>3", "d<=2004-01-01", #""name=New York""#, "k=a,b"]
        public var plots = ["p", "rev"]
        public var xValues = ["3", "2004-06-01", "Jan", #""New York""#, "-1.5"]
        public var intervals = ["0..10", "2004-01-01..2005-01-01", #""New York"..Paris"#, "3..3"]
        public var paths = [
            "f.csv", #""my dir/a b.csv""#, "out/x.svg", "~/data.json", #""semi;colon.cb""#,
        ]
        public init() {}
    }

    public mutating func line(for spec: CommandSpec) -> String {
        var words = spec.words
        var kind: Plot.Kind?
        for operand in spec.operands {
            if operand.isOptional, random.coin() { continue }
            let word = value(operand)
            if operand == .plotKind { kind = Plot.Kind.named(word) }
            words.append(word)
        }
        let options = optionChoices(spec, kind: kind)
        for _ in 0..<random.below(4) where !options.isEmpty {
            let (name, values) = options[random.below(options.count)]
            words.append(name + "=" + value(values))
        }
        return words.joined(separator: " ")
    }

    /// The options `spec` takes with a plot of `kind` (nil: a line), and their values.
    func optionChoices(_ spec: CommandSpec, kind: Plot.Kind?) -> [(String, ValueKind)] {
        coveredOptions(spec).filter { $0.2?.contains(kind ?? .line) ?? true }.map { ($0.0, $0.1) }
    }

    mutating func pick(_ words: [String]) -> String { words[random.below(words.count)] }

    /// A word (or words) of `kind`, valid or nearly so: the parser decides.
    mutating func value(_ kind: ValueKind) -> String {
        switch kind {
        case .keyword(let words): return pick(words)
        case .either(let a, let b): return random.coin() ? value(a) : value(b)
        case .optional(let inner): return value(inner)
        case .name, .dataset, .reloadable: return pick(names.datasets)
        case .series, .labelSource: return pick(names.series)
        case .column: return pick(names.columns)
        case .expression:
            return pick([
                "year + (quarter - 1) / 4", "if(v > 3, 1, 0)", #"parse(d, "%Y%m%d")"#,
                "-x*2 >= 3 and not y", "log(`my col`)",
            ])
        case .filter: return pick(names.filters)
        case .plotKind: return pick(Plot.Kind.allNames)
        case .plot: return pick(names.plots)
        case .refline: return pick(["r1", "50", "-2.5", "1e3"])
        case .annotation: return pick(["a1", "a2", "r1"])
        case .statistic:
            return random.coin()
                ? pick(StatisticKind.allCases.map(\.rawValue))
                : pick(["0", "-7.25", "1e6", "1_000"])
        case .path: return pick(names.paths)
        case .color: return pick(["red", "#16aafc", "#16aafc80", "white@0.5"])
        case .colorPair: return pick(["red..blue", "#16aafc..white@0"])
        case .integer(let range):
            return String(range.lowerBound + random.below(min(range.count, 1000)))
        case .number(let range):
            let x = range.lowerBound + (range.upperBound - range.lowerBound) * random.unit()
            return random.coin() ? NumberText.shortest(x) : NumberText.shortest(x.rounded())
        case .numbers:
            return (0...random.below(3)).map { _ in
                pick(["1", "-3.5", "nan", "1e6", "1_000", "0.1"])
            }
            .joined(separator: " ")
        case .range: return pick(["0..100", "..5", "-3..", "1e-3..2e3", "-10..-1"])
        case .size: return pick(["100x30", "1x1", "1200x600"])
        case .bytes: return pick(["2GiB", "512MiB", "1048576B", "3GB"])
        case .duration: return pick(["30s", "5m", "off", "1h", "1500ms"])
        case .text: return pick([#""hello""#, #""a \"q\" b""#, #""日本""#, #""tab\tx""#, #""""#])
        case .zone: return pick(["UTC", "+05:30", "Europe/Paris", "-08:00"])
        case .xValue: return pick(names.xValues)
        case .interval: return pick(names.intervals)
        case .distance: return pick(["+5", "-3", "+25%", "+30d", "-1.5%", "+7%", "-2y"])
        case .inlineValues:
            return pick([
                "= 1 2 3", "= Jan:12 Feb:15", #"= "New York":3 b:4"#, "= 1,2, nan", "= -1e-3",
            ])
        case .rows: return pick(["0..5", "3..3", "10..200"])
        case .positions: return pick(["relative 0 0.5 1", "absolute 10 20", "relative 0.25"])
        case .helpTopic: return pick(HelpText.topics)
        case .asName: return "as " + pick(["a", "r", "p_2"])
        }
    }
}

extension RandomSource {
    public mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
    public mutating func coin() -> Bool { next() & 1 == 0 }
    public mutating func unit() -> Double { nextUnit() }
}
