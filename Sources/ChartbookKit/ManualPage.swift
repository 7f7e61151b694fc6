import ChartbookCommands
import ChartbookModel

/// `chartbook.1`, the man page (`chartbook --man`): the command-line usage as the argument
/// parser prints it, then the command language from the grammar (`Grammar.commands`), the
/// plot kinds (`PlotKindSpec.all`) and their options — nothing here names a command.
public enum ManualPage {
    /// One usage text of the command line (`chartbook`, `chartbook plot`, `chartbook check`).
    public struct Usage: Sendable {
        public var title: String
        public var text: String

        public init(title: String, text: String) {
            self.title = title
            self.text = text
        }
    }

    /// The page in roff (man(7)), `version` in its header, `usages` as OPTIONS.
    public static func roff(version: String, date: String, usages: [Usage]) -> String {
        var page = ".TH CHARTBOOK 1 \"\(date)\" \"chartbook \(version)\" \"User Commands\"\n"
        page += ".SH NAME\nchartbook \\- a chart notebook for the terminal\n"
        page += ".SH SYNOPSIS\n"
        for line in [
            "chartbook [OPTIONS] [SCRIPT ...] [-e COMMANDS]",
            "chartbook plot KIND FILE|- [COLUMN ...] [--x COLUMN] [--by COLUMN]",
            "chartbook check [--record] PATH ...", "chartbook help [TOPIC]",
        ] {
            page += bold(line) + ".br\n"
        }
        page +=
            description + options(usages) + commands() + kinds() + plotOptions() + keys()
            + examples + exitStatus + environment + files
        return page
    }

    static let description = """
        .SH DESCRIPTION
        Type commands at a prompt \\(em load a CSV, add a line, mark a target, select a point \\(em \
        and the chart is drawn again after every command, in braille and block characters with \
        ANSI colour, sized to the window. The same commands in a file are a script, replayed to \
        the same bytes. Inside chartbook, \\fBhelp\\fR lists the commands by group, \
        \\fBhelp COMMAND\\fR, \\fBhelp KIND\\fR and \\fBhelp OPTION\\fR show one.

        """

    /// The command-line usages, as printed by `--help`.
    static func options(_ usages: [Usage]) -> String {
        var text = ".SH OPTIONS\n"
        for usage in usages {
            text += ".SS " + escaped(usage.title) + "\n.nf\n"
            text += usage.text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { escaped(String($0)) }.joined(separator: "\n")
            text += "\n.fi\n"
        }
        return text
    }

    /// Every command by group: synopsis, summary, example.
    static func commands() -> String {
        var text = ".SH COMMANDS\n"
        for group in HelpGroup.allCases {
            text += ".SS " + escaped(group.title) + "\n"
            for spec in Grammar.commands where spec.group == group {
                text += ".TP\n" + bold(spec.synopsis) + escaped(spec.summary) + "\n"
                if !spec.aliases.isEmpty {
                    text += "Also: " + escaped(spec.aliases.joined(separator: ", ")) + ".\n"
                }
                text += ".br\nExample: \\fB" + escaped(spec.example) + "\\fR\n"
            }
        }
        return text
    }

    static func kinds() -> String {
        var text = ".SH PLOT KINDS\n"
        for spec in PlotKindSpec.all {
            let aliases =
                spec.aliases.isEmpty ? "" : " (also " + spec.aliases.joined(separator: ", ") + ")"
            text += ".TP\n" + bold(spec.name + aliases) + escaped(spec.summary) + "\n"
            text += ".br\nExample: \\fB" + escaped(spec.example) + "\\fR\n"
        }
        return text
    }

    static func plotOptions() -> String {
        var text = ".SH PLOT OPTIONS\n"
        for line in HelpText.optionLines() {
            text +=
                ".TP\n" + bold(line.synopsis)
                + escaped(line.summary + " Kinds: " + line.kinds + ".")
                + "\n"
        }
        return text
    }

    /// The keys that explore a chart at an empty prompt (`help keys`).
    static func keys() -> String {
        var text =
            ".SH KEYS\nAt an empty prompt, on a chart, these keys run the command they name (it is in history; undo takes it back):\n"
        for move in ExploreMove.allCases {
            text += ".TP\n" + bold(move.keys) + escaped(move.summary) + "\n"
        }
        return text
    }

    static let examples = """
        .SH EXAMPLES
        .TP
        .B chartbook
        The notebook: type \\fBload Docs/examples/data/sales.csv labels=month\\fR, then \\fBadd plot line sales.revenue\\fR.
        .TP
        .B chartbook plot line weather.csv temp_max
        One chart from a file, drawn once in the terminal (its date column is x).
        .TP
        .B chartbook tour.cb \\-\\-svg tour.svg
        Replay a script, then write its chart as SVG.
        .TP
        .B chartbook check lessons/
        Replay every script under a folder against its recorded charts (CI).

        """

    static let exitStatus = """
        .SH EXIT STATUS
        .TP
        .B 0
        Every command ran (or the notebook was left with quit or Ctrl\\-D).
        .TP
        .B 1
        A command failed (the first, unless \\-\\-keep\\-going), a file could not be read or written, or \\fBchartbook check\\fR found a chart that changed.
        .TP
        .B 2
        Standard input held data, not commands (the message says how to draw it).

        """

    static let environment = """
        .SH ENVIRONMENT
        .TP
        .B NO_COLOR
        Set and not empty: no colour (as \\-\\-color off).
        .TP
        .B TERM, COLORTERM
        The colours the terminal shows (TERM=dumb: plain ASCII, no escapes).
        .TP
        .B COLUMNS, LINES
        The size to draw at when the terminal cannot say.
        .TP
        .B PAGER
        Shows listings taller than the window (default less).
        .TP
        .B KITTY_WINDOW_ID, TERM_PROGRAM, TMUX
        How pictures reach the terminal with \\-\\-canvas auto (kitty, iTerm2, inside tmux).
        .TP
        .B XDG_CONFIG_HOME, XDG_STATE_HOME, HOME
        Where the init script and the history live (FILES).

        """

    static let files = """
        .SH FILES
        .TP
        .I $XDG_CONFIG_HOME/chartbook/init.cb
        Run before the first prompt of the interactive notebook (else ~/.config/chartbook/init.cb; --no-init skips it).
        .TP
        .I $XDG_STATE_HOME/chartbook/history
        The lines typed at the prompt (\\fBhistory all\\fR).
        .SH SEE ALSO
        Docs/commands.md and Docs/tutorial.md in the source.

        """

    /// Text made safe for roff: backslashes and hyphens escaped, what is not ASCII as a
    /// named glyph (`\[u00E9]`), a leading dot or quote guarded.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value > 0x7E || scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }

    /// A bold line: `text` on a line of its own, safe whatever quotes it holds.
    static func bold(_ text: String) -> String { "\\fB" + escaped(text) + "\\fR\n" }
}
