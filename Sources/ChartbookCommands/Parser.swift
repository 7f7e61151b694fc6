import Foundation
import ChartbookModel

/// Tokens → `Command`. Checks everything that does not need the session: verbs, nouns,
/// option names and value types. Looking names up in the session is the executor's job.
public enum Parser {
    /// Every verb, from the grammar (`Grammar.commands`).
    public static var verbs: [String] { Grammar.verbs }

    /// Option keys each plot kind takes (from the one table, `PlotOption.all`).
    public static let plotOptions: [Plot.Kind: [String]] = Dictionary(
        uniqueKeysWithValues: Plot.Kind.allCases.map { ($0, PlotOption.names(for: $0)) })

    /// One command: its words pick its entry in the grammar, whose reader reads the rest.
    public static func parse(_ command: CommandTokens) throws(Diagnostic) -> Command {
        var c = TokenCursor(command)
        let spec = try Grammar.entry(&c)
        return try spec.parse(&c)
    }

    // MARK: Commands without options

    /// A command that is its words alone (`plots`, `list`, `reset`, `quit`, `pause`).
    static func bare(_ command: Command)
        -> @Sendable (inout TokenCursor) throws(Diagnostic) -> Command
    {
        { c throws(Diagnostic) in
            try c.expectEnd()
            return command
        }
    }

    static func reload(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        var names = [Located<String>]()
        while !c.atEnd { names.append(try c.name(.datasetName)) }
        return .reload(names: names)
    }

    static func drop(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let name = try c.name(.datasetName)
        var force = false
        if let token = c.peek {
            guard token.text.lowercased() == "force" else {
                throw Diagnostic(.unexpected(token.text), at: token.range)
            }
            force = true
            _ = c.next()
        }
        try c.expectEnd()
        return .drop(name: name, force: force)
    }

    static func describe(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let name = try c.name(.datasetName)
        try c.expectEnd()
        return .describe(name: name)
    }

    static func removePlot(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.value(.plotID)
        try c.expectEnd()
        return .removePlot(id: Located(token.text, at: token.range))
    }

    static func removeAnnotation(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.value(.annotation)
        try c.expectEnd()
        return .removeAnnotation(Located(token.text, at: token.range))
    }

    static func removeRefline(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let token = try c.value(.refline)
        try c.expectEnd()
        return .removeRefline(Located(token.text, at: token.range))
    }

    static func push(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let name = try c.name(.datasetName)
        var values = [Double]()
        while let token = c.next() {
            for piece in token.text.split(separator: ",") {
                guard token.kind == .word, let value = ValueParser.numberOrMissing(String(piece))
                else {
                    throw Diagnostic(.expected(.number, found: String(piece)), at: token.range)
                }
                values.append(value)
            }
        }
        guard !values.isEmpty else {
            throw Diagnostic(.expected(.values(after: "push"), found: nil), at: c.end)
        }
        return .push(name: name, values: values)
    }

    /// `undo [N]` (undo: true) and `redo [N]`.
    static func steps(undo: Bool) -> @Sendable (inout TokenCursor) throws(Diagnostic) -> Command {
        { c throws(Diagnostic) in
            var count = 1
            if let token = c.next() {
                count = try ValueParser.integer(token, "a number of steps", in: 1...100_000)
                try c.expectEnd()
            }
            return undo ? .undo(count: count) : .redo(count: count)
        }
    }

    static func history(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        guard let token = c.next() else { return .history(all: false) }
        guard token.text.lowercased() == "all" else {
            throw Diagnostic(
                .unknown(.value, token.text, context: "history", candidates: ["all"]),
                at: token.range)
        }
        try c.expectEnd()
        return .history(all: true)
    }

    static func showData(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        // The name may go unsaid with one dataset (`show data`, `show data 0..9`): empty.
        let name =
            c.peek.map { $0.text.contains("..") } ?? true
            ? Located("", at: c.end) : try c.name(.datasetName)
        var rows: ClosedRange<Int>?
        if let range = c.next() {
            let parts = range.text.components(separatedBy: "..")
            guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), a >= 0, b >= a
            else {
                throw Diagnostic(
                    .invalidValue(
                        key: "rows", value: range.text, expected: "rows A..B with 0 <= A <= B"),
                    at: range.range)
            }
            rows = a...b
        }
        try c.expectEnd()
        return .showData(name: name, rows: rows)
    }

    /// `reset [NAME]`.
    static func reset(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let name = c.peek == nil ? nil : try c.name(.datasetName)
        try c.expectEnd()
        return .reset(dataset: name)
    }

    /// `snapshot on [DIR]`.
    static func snapshotOn(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let directory = c.next().map { Located($0.text, at: $0.range) }
        try c.expectEnd()
        return .snapshot(on: true, directory: directory)
    }

    /// A command of one path (`source PATH`, `play PATH`, `save html PATH`), `expected`
    /// naming what the path is when it is missing.
    static func path(
        _ expected: Expectation, _ make: @escaping @Sendable (Located<String>) -> Command
    ) -> @Sendable (inout TokenCursor) throws(Diagnostic) -> Command {
        { c throws(Diagnostic) in
            let token = try c.value(expected)
            try c.expectEnd()
            return make(Located(token.text, at: token.range))
        }
    }

    static func echo(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        var words = [String]()
        while let token = c.next() {
            guard token.kind != .equals else {
                throw Diagnostic(.unexpected("="), at: token.range)
            }
            words.append(token.text)
        }
        return .echo(words.joined(separator: " "))
    }

    static func help(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        var words = [Token]()
        while let token = c.next() { words.append(token) }
        guard let first = words.first, let last = words.last else { return .help(topic: nil) }
        return .help(
            topic: Located(
                words.map(\.text).joined(separator: " ").lowercased(),
                at: first.range.through(last.range)))
    }

    // MARK: Save

    /// `save FORMAT PATH [WORD …] [key=value …]`: the path, the words the format takes after
    /// it, its options (checked by the format).
    static func save(_ format: ExportFormat)
        -> @Sendable (inout TokenCursor) throws(Diagnostic)
        -> Command
    {
        { c throws(Diagnostic) in
            let path = try c.value(.path(format.pathName))
            var request = ExportRequest(
                format: format.name, path: Located(path.text, at: path.range))
            for _ in format.operands where !c.atEnd && !c.atOption {
                request.operands.append(try c.name(.datasetName))
            }
            request.options = try c.options()
            let names = format.options.map(\.name)
            for option in request.options where !names.contains(option.name) {
                throw unknownOption(option, names, context: "save \(format.name)")
            }
            try format.check(request)
            return .save(request)
        }
    }

    // MARK: Data

    /// `12`, `Jan:12`, `nan`, or after a quoted label (`"New York"` then `:12`) its value.
    static func labelledValue(_ piece: Substring, after quoted: String?, in token: Token)
        throws(Diagnostic) -> (label: String?, value: Double)
    {
        var label: String?
        var number = String(piece)
        if let colon = piece.lastIndex(of: ":") {
            label = (quoted ?? "") + String(piece[..<colon])
            number = String(piece[piece.index(after: colon)...])
        }
        guard let value = ValueParser.numberOrMissing(number) else {
            throw Diagnostic(.expected(.number, found: String(piece)), at: token.range)
        }
        return (label, value)
    }

    static func data(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let name = try c.name(.datasetName)
        guard let equals = c.next(), equals.kind == .equals else {
            throw Diagnostic(
                .expected(
                    .dataValues(name: name.value),
                    found: c.tokens.indices.contains(c.index - 1) ? c.tokens[c.index - 1].text : nil
                ),
                at: c.tokens.indices.contains(c.index - 1) ? c.tokens[c.index - 1].range : c.end)
        }
        var values = [Double]()
        var labels = [String]()
        var labelled: Bool?
        var pendingLabel: String?
        while let token = c.next() {
            if token.kind == .string {
                // `"New York":12` — a quoted label glued to its value.
                guard let next = c.peek, !next.spaceBefore, next.kind == .word,
                    next.text.hasPrefix(":")
                else {
                    throw Diagnostic(
                        .expected(.labelledNumber, found: "\"" + token.text + "\""),
                        at: token.range)
                }
                pendingLabel = token.text
                continue
            }
            guard token.kind == .word else {
                throw Diagnostic(.expected(.number, found: token.text), at: token.range)
            }
            for piece in token.text.split(separator: ",", omittingEmptySubsequences: true) {
                let (label, value) = try labelledValue(piece, after: pendingLabel, in: token)
                pendingLabel = nil
                if let labelled, labelled != (label != nil) {
                    throw Diagnostic(.labelsMismatch, at: token.range)
                }
                labelled = label != nil
                values.append(value)
                if let label { labels.append(label) }
            }
        }
        guard !values.isEmpty else {
            throw Diagnostic(.expected(.values(after: "="), found: nil), at: c.end)
        }
        return .data(name: name, values: values, labels: labelled == true ? labels : nil)
    }

    static func gen(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let name = try c.name(.datasetName)
        let (kindText, _) = try c.keyword(
            .generator, Generator.Kind.allCases.map(\.rawValue),
            expected: .generator)
        let countToken = try c.word(.quantity("a number of points", nil))
        let count = try ValueParser.integer(countToken, "a number of points", in: 1...100_000_000)
        var generator = Generator(kind: Generator.Kind(rawValue: kindText) ?? .walk, count: count)
        for option in try c.options() {
            switch option.name {
            case "seed":
                generator.seed = UInt64(
                    try ValueParser.integer(option.value, "a seed", in: 0...Int.max))
            case "period":
                generator.period = try ValueParser.positive(
                    option.value, key: "period", what: "a period in points", limit: 1e9)
            default: throw unknownOption(option, ["seed", "period"], context: "gen")
            }
        }
        return .gen(name: name, generator: generator)
    }

    static func unknownOption(_ option: TypedOption, _ candidates: [String], context: String)
        -> Diagnostic
    {
        Diagnostic(
            .unknown(.option, option.key.text, context: context, candidates: candidates),
            at: option.key.range)
    }
}
