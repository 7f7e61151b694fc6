import ChartbookModel
import ChartbookData

extension Parser {
    // MARK: load

    /// `load PATH [as NAME] [key=value …]` and `load sqlite:PATH|postgres://… "QUERY" …`.
    static func load(_ c: inout TokenCursor) throws(Diagnostic) -> Command {
        let path = try c.value(.loadSource)
        // `sqlite:PATH "SELECT …"`, `postgres://… "SELECT …"`: a query against a database.
        let target = DatabaseQuery.Engine.parse(location: path.text)
        var query: Token?
        if let engine = target?.0 {
            guard let token = c.next(), token.kind == .string else {
                throw Diagnostic(
                    .expected(.query(engine), found: c.peek?.text),
                    at: c.end)
            }
            query = token
        }
        let (name, given) = try nameAndOptions(&c)
        let (options, columns) = try loadOptions(given, engine: target?.0, isQuery: query != nil)
        if options.time != nil && options.xColumn == nil {
            throw Diagnostic(
                .expected(.epochColumn, found: nil),
                at: c.end)
        }
        if let (engine, location) = target, let query {
            return .loadQuery(
                engine: engine, location: Located(location, at: path.range),
                query: Located(query.text, at: query.range), name: name, options: options,
                columns: columns)
        }
        return .load(
            path: Located(path.text, at: path.range), name: name, options: options,
            columns: columns)
    }

    /// `as NAME` before, between or after the options, and the options.
    static func nameAndOptions(_ c: inout TokenCursor) throws(Diagnostic) -> (
        Located<String>?, [TypedOption]
    ) {
        var name: Located<String>?
        var given = [TypedOption]()
        while !c.atEnd {
            if let token = c.peek, token.kind == .word, token.text.lowercased() == "as",
                !c.atOption, name == nil
            {
                _ = c.next()
                name = try c.name(.newName(.dataset))
                continue
            }
            guard c.atOption else { break }
            given.append(try c.option())
        }
        try c.expectEnd()
        return (name, given)
    }

    /// The options of a load, and where the columns they name were typed (one entry per
    /// option, the last given; in one order whatever order they were typed in).
    static func loadOptions(_ given: [TypedOption], engine: DatabaseQuery.Engine?, isQuery: Bool)
        throws(Diagnostic) -> (LoadOptions, [Located<String>])
    {
        var options = LoadOptions()
        var columns = [Located<String>]()
        for option in given {
            if isQuery, ["sep", "header", "decimal"].contains(option.name) {
                throw unknownOption(
                    option,
                    ["labels", "x", "time"]
                        + (engine?.isServer == true ? ["mode", "timeout"] : []),
                    context: "load of a query")
            }
            switch option.name {
            case "sep": options.separator = try separator(option.value)
            case "header":
                options.header = try ValueParser.choice(
                    option.value, key: "header", as: LoadOptions.Header.self)
            case "decimal":
                options.decimal = try ValueParser.choice(
                    option.value, key: "decimal", as: LoadOptions.DecimalMark.self)
            case "x" where ["none", "index"].contains(option.value.text.lowercased()):
                options.rowIndex = true
                options.xColumn = nil
                columns.removeAll { $0.value == "x" }
            case "labels", "x":
                if option.name == "x" {
                    options.rowIndex = false
                    options.xColumn = option.value.text
                } else {
                    options.labelColumn = option.value.text
                }
                columns.removeAll { $0.value == option.name }
                columns.append(Located(option.name, at: option.value.range))
            case "time":
                options.time = try timeReading(option.value)
            case "mode" where engine?.isServer == true:
                options.mode = try ValueParser.choice(
                    option.value, key: "mode", as: LoadOptions.QueryMode.self)
            case "timeout" where engine?.isServer == true:
                options.timeout = try ValueParser.timeout(option.value)
            default:
                throw unknownOption(option, Grammar.optionNames(of: "load"), context: "load")
            }
        }
        columns.sort { $0.value < $1.value }
        return (options, columns)
    }

    /// `sep=auto|,|";"|tab|"|"|space` (and the names of the characters).
    static func separator(_ token: Token) throws(Diagnostic) -> LoadOptions.Separator {
        let separators: [String: UInt8] = [
            ",": 44, "comma": 44, ";": 59, "semicolon": 59, "tab": 9, "\t": 9,
            "|": 124, "pipe": 124, "space": 32, " ": 32,
        ]
        let text = token.text.lowercased()
        if text == "auto" { return .auto }
        guard let byte = separators[text] else {
            throw Diagnostic(
                .unknown(
                    .value, token.text, context: "sep",
                    candidates: ["auto", ",", "\";\"", "tab", "|"]), at: token.range)
        }
        return .character(byte)
    }

    /// `time=epoch|epochms`, or a strftime-style pattern (any value with a `%`), checked here.
    static func timeReading(_ token: Token) throws(Diagnostic) -> LoadOptions.TimeReading {
        guard token.text.contains("%") else {
            return .epoch(
                try ValueParser.choice(token, key: "time", as: LoadOptions.EpochUnit.self))
        }
        do throws(TimeFormat.Problem) {
            _ = try TimeFormat(token.text)
        } catch {
            let reason =
                switch error {
                case .unknownDirective(let d):
                    "directives chartbook reads, not \(d): %Y %y %m %d %e %j %H %I %p %M %S %b %B %z %%"
                case .noDate: "a pattern with a year (%Y or %y)"
                }
            throw Diagnostic(
                .invalidValue(key: "time", value: token.text, expected: reason), at: token.range)
        }
        return .format(token.text)
    }
}
