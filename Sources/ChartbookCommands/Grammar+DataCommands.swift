import ChartbookModel
import ChartbookData

extension Grammar {
    /// The commands of datasets: read, make, compute and describe them (`help data`), in the order help lists them.
    static let dataCommands: [CommandSpec] = [
        CommandSpec(
            "data",
            "data NAME = V V ... | data NAME = LABEL:V ...",
            "An inline series (commas optional; nan for missing). With labels, they become the x labels.",
            example: "data sales = Jan:12 Feb:15 Mar:18",
            group: .data,
            operands: [.name, .inlineValues],
            parse: Parser.data),
        CommandSpec(
            "load",
            "load PATH [as NAME] [sep=auto|,|\";\"|tab] [header=auto|yes|no] [decimal=auto|.|,] [labels=COLUMN] [x=COLUMN|none [time=epoch|epochms|FORMAT]]",
            "Read a CSV/TSV file (quoted fields, CRLF, BOM) or a JSON array into a dataset. Columns of dates and date-times become time columns; numbers written with a decimal comma (-1,7) or commas grouping thousands (\"1,234.5\") are read where the file tells which (decimal=, or decimal=. says it). x= is the column its plots draw against (time= reads its numbers as epoch seconds or milliseconds, or its cells by a pattern like %Y%m%d or \"%d/%m/%Y %H:%M\"); without it, a file's one time column is the x (x=none: the row number). Remembered for reload.",
            example: "load data/weather.csv as w x=date",
            group: .data,
            operands: [.path, .optional(.text), .asName],
            options: .fixed([
                OptionSpec("sep", .keyword(["auto", ",", "\";\"", "tab", "|"])),
                OptionSpec("header", .keyword(LoadOptions.Header.allCases.map(\.rawValue))),
                OptionSpec(
                    "decimal", .keyword(LoadOptions.DecimalMark.allCases.map(\.rawValue))),
                OptionSpec("labels", .column),
                OptionSpec("x", .either(.keyword(["none"]), .column)),
                OptionSpec(
                    "time",
                    .either(.keyword(LoadOptions.EpochUnit.allCases.map(\.rawValue)), .text)),
                OptionSpec("mode", .keyword(LoadOptions.QueryMode.allCases.map(\.rawValue))),
                OptionSpec("timeout", .duration),
            ]),
            parse: Parser.load),
        CommandSpec(
            "gen",
            "gen NAME sine|walk|linear|noise N [seed=S] [period=P]",
            "Generated data for demos and teaching; the same seed gives the same values.",
            example: "gen w walk 200 seed=1",
            group: .data,
            operands: [
                .name, .keyword(Generator.Kind.allCases.map(\.rawValue)), .integer(1...100_000),
            ],
            options: .fixed([
                OptionSpec("seed", .integer(0...1_000_000)),
                OptionSpec("period", .number(0.5...1000)),
            ]),
            parse: Parser.gen),
        CommandSpec(
            "push",
            "push NAME V [V ...]",
            "Append values (one per numeric column, several rows at once); creates the dataset if new. A live sparkline.",
            example: "push cpu 42",
            group: .data,
            operands: [.dataset, .numbers],
            parse: Parser.push),
        CommandSpec(
            "set data",
            "set data NAME window=N|off",
            "Keep only the newest N values of a dataset (older ones are discarded, now and on every push).",
            example: "set data cpu window=120",
            group: .data,
            operands: [.dataset],
            options: .fixed([
                OptionSpec("window", .either(.integer(1...100_000), .keyword(["off"])))
            ]),
            parse: Parser.setDataWindow),
        CommandSpec(
            "reload",
            "reload [NAME ...]",
            "Read file-backed datasets again (all of them when no name is given); lengths may change.",
            example: "reload sales",
            group: .data,
            operands: [.reloadable],
            parse: Parser.reload),
        CommandSpec(
            "let",
            "let DATASET.COLUMN = EXPRESSION",
            "Compute a column from the others (arithmetic, comparisons, if, log, year(t), date(y, m, d), parse(x, \"%Y%m%d\") …); recomputed on reload, saved by save script.",
            example: "let w.range = temp_max - temp_min",
            group: .data,
            operands: [.series, .keyword(["="]), .expression],
            parse: Parser.derive),
        CommandSpec(
            "fold",
            "fold DATASET COLUMN,COLUMN…|FIRST..LAST as KEY VALUE",
            "Make a wide table long: each row becomes one row per folded column, with the column's name in KEY and its value in VALUE (the other columns kept); done again on reload.",
            example: "fold e JAN..DEC as month value",
            group: .data,
            operands: [.dataset, .column, .keyword(["as"]), .name, .name],
            parse: Parser.fold),
        CommandSpec(
            "drop",
            "drop NAME [force]",
            "Remove a dataset. Refused while a plot uses it; force removes those plots too.",
            example: "drop sales force",
            group: .data,
            operands: [.dataset, .optional(.keyword(["force"]))],
            parse: Parser.drop),
        CommandSpec(
            "describe",
            "describe NAME",
            "Columns, length, min/max/mean and missing values of a dataset.",
            example: "describe sales",
            group: .data,
            changes: false,
            operands: [.dataset],
            parse: Parser.describe),
        CommandSpec(
            "set timezone",
            "set timezone UTC|+HH:MM|NAME",
            "The zone times without one are read in (by later loads and reloads) and times are shown in.",
            example: "set timezone Europe/Paris",
            group: .data,
            operands: [.zone],
            parse: Parser.setTimeZone),
        CommandSpec(
            "set memory",
            "set memory SIZE|auto",
            "The memory one command's data may take (a load, gen, push); larger loads are refused before they start. auto: half the physical memory.",
            example: "set memory 8GiB",
            group: .data,
            operands: [.either(.keyword(["auto"]), .bytes)],
            parse: Parser.setMemory),
    ]
}
