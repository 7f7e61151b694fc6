import ChartbookModel

/// Every command's synopsis, meaning and an example: the text of `help` (and the source of
/// truth that Docs/commands.md follows).
public enum CommandCatalog {
    public struct Entry: Sendable {
        public var topic: String
        public var synopsis: String
        public var summary: String
        public var example: String
    }

    public static let entries: [Entry] = [
        Entry(
            topic: "data", synopsis: "data NAME = V V ... | data NAME = LABEL:V ...",
            summary:
                "An inline series (commas optional; nan for missing). With labels, they become the x labels.",
            example: "data sales = Jan:12 Feb:15 Mar:18"),
        Entry(
            topic: "load",
            synopsis:
                "load PATH [as NAME] [sep=auto|,|\";\"|tab] [header=auto|yes|no] [labels=COLUMN] [x=COLUMN [time=epoch|epochms]]",
            summary:
                "Read a CSV/TSV file (quoted fields, CRLF, BOM) or a JSON array into a dataset. Columns of dates and date-times become time columns. x= is the column its plots draw against (time= reads its numbers as epoch seconds or milliseconds). Remembered for reload.",
            example: "load data/weather.csv as w x=date"),
        Entry(
            topic: "gen", synopsis: "gen NAME sine|walk|linear|noise N [seed=S] [period=P]",
            summary: "Generated data for demos and teaching; the same seed gives the same values.",
            example: "gen w walk 200 seed=1"),
        Entry(
            topic: "push", synopsis: "push NAME V [V ...]",
            summary:
                "Append values (one per numeric column, several rows at once); creates the dataset if new. A live sparkline.",
            example: "push cpu 42"),
        Entry(
            topic: "set data", synopsis: "set data NAME window=N|off",
            summary:
                "Keep only the newest N values of a dataset (older ones are discarded, now and on every push).",
            example: "set data cpu window=120"),
        Entry(
            topic: "reload", synopsis: "reload [NAME ...]",
            summary:
                "Read file-backed datasets again (all of them when no name is given); lengths may change.",
            example: "reload sales"),
        Entry(
            topic: "drop", synopsis: "drop NAME [force]",
            summary:
                "Remove a dataset. Refused while a plot uses it; force removes those plots too.",
            example: "drop sales force"),
        Entry(
            topic: "describe", synopsis: "describe NAME",
            summary: "Columns, length, min/max/mean and missing values of a dataset.",
            example: "describe sales"),
        Entry(
            topic: "add plot",
            synopsis:
                "add plot line|area|dot|bar|sparkline SERIES [as ID] [x=COLUMN] [by=COLUMN] [where=FILTER] [axis=left|right] [key=value ...]",
            summary:
                "Draw a series. x=: the column it is drawn against (numbers: to scale, a dot plot is a scatter plot; dates: a time axis; text: categories). by=: one series per distinct value (long-format data). where=COLUMN=A,B | COLUMN!=A | COLUMN>N | COLUMN<=DATE keeps some rows. axis=right: measured on a second y axis. A sparkline is a strip under the chart. Options by kind: "
                + PlotOption.summary + ".",
            example: "add plot line sales.revenue as rev color=#16aafc style=smooth"),
        Entry(
            topic: "set plot", synopsis: "set plot ID key=value ...",
            summary: "Change a plot's options (those of its kind).",
            example: "set plot rev color=orange width=3"),
        Entry(
            topic: "remove plot", synopsis: "remove plot ID", summary: "Remove a plot.",
            example: "remove plot rev"),
        Entry(topic: "plots", synopsis: "plots", summary: "List the plots.", example: "plots"),
        Entry(
            topic: "set reflines",
            synopsis:
                "set reflines auto | relative F ... | absolute V ... | on | off [labels=left|right|both|none units=TEXT decimals=N|auto format=auto|plain|suffix|percent|grouped minmax=on|off intermediate=on|off color=C style=solid|dashed|dotted]",
            summary:
                "The y reference lines: at round values as many as the rows hold (auto, the default), at fractions of the range, or at values; and how they are labelled. minmax=off hides the lines at the range's ends.",
            example: "set reflines relative 0 0.25 0.5 0.75 1 labels=both format=suffix"),
        Entry(
            topic: "add refline",
            synopsis:
                "add refline VALUE|mean|median|min|max|p95 [SERIES] [\"label\"] [color=C style=S fit=on|off axis=left|right]",
            summary:
                "A marked line at a value or at a statistic of a series (recomputed when data changes). fit=on widens an automatic range to show it.",
            example: "add refline 50 \"target\" color=red"),
        Entry(
            topic: "remove refline", synopsis: "remove refline VALUE|ID",
            summary: "Remove a marked line by its id (r1, r2, ...) or value.",
            example: "remove refline r1"),
        Entry(
            topic: "set labels", synopsis: "set labels SERIES|auto|index [sparsity=N]",
            summary:
                "x labels from a dataset's labels or a column; every Nth point at most. Labels never overlap.",
            example: "set labels sales sparsity=2"),
        Entry(
            topic: "set range", synopsis: "set range auto|adapt|MIN..MAX",
            summary:
                "The y range: fit all data, fit the visible points (adapt; follows scrolling), or fixed (either end may be open: ..100, 5..; beyond it data is clipped and marked).",
            example: "set range 0..100"),
        Entry(
            topic: "set zero", synopsis: "set zero on|off",
            summary: "Make the y range include zero.", example: "set zero on"),
        Entry(
            topic: "set title", synopsis: "set title \"TEXT\"|off",
            summary: "A title above the chart.", example: "set title \"Revenue 2024\""),
        Entry(
            topic: "set legend", synopsis: "set legend on|off|auto",
            summary: "The legend row (auto: shown when there is more than one plot).",
            example: "set legend on"),
        Entry(
            topic: "set spacing", synopsis: "set spacing N|auto",
            summary:
                "Cells between neighbouring points; when they do not fit, the chart shows a window of them (auto: fit all).",
            example: "set spacing 3"),
        Entry(
            topic: "scroll", synopsis: "scroll [+N|-N|+N%|+DURATION|start|end]",
            summary:
                "Move the window by N points (on a real x: N x units, or a duration like +30d, -6h, +1y), by a percentage of the window, to the start or the end; alone, forward by one window.",
            example: "scroll +25%"),
        Entry(
            topic: "view", synopsis: "view A..B | view all",
            summary:
                "Show points A through B across the width; on a real x, the interval from A to B (numbers, dates, categories). all: everything again.",
            example: "view 2004-01-01..2006-12-31"),
        Entry(
            topic: "set direction", synopsis: "set direction ltr|rtl",
            summary: "rtl opens at the newest points and keeps them in view as data grows.",
            example: "set direction rtl"),
        Entry(
            topic: "set padding", synopsis: "set padding left=N right=N",
            summary: "Inset of the first and last point from the plot's edges, in cells.",
            example: "set padding left=2 right=2"),
        Entry(
            topic: "select", synopsis: "select N|x=VALUE|last|none",
            summary:
                "Highlight point N (0-based), or the point of every plot nearest to x=VALUE, and show the values under the chart; scrolls it into view.",
            example: "select x=2005-01-03"),
        Entry(
            topic: "set xscale", synopsis: "set xscale auto|index|linear|log|time|category",
            summary:
                "How x is placed: auto follows the x columns (numbers: linear, dates: time, text: category; none: index).",
            example: "set xscale log"),
        Entry(
            topic: "set yscale", synopsis: "set yscale linear|log",
            summary:
                "log: decades with 2 and 5 between them on short spans; values ≤ 0 are left out and counted in a note.",
            example: "set yscale log"),
        Entry(
            topic: "set xlabel", synopsis: "set xlabel \"TEXT\"|off",
            summary: "A title under the x axis.", example: "set xlabel \"date\""),
        Entry(
            topic: "set ylabel", synopsis: "set ylabel \"TEXT\"|off",
            summary: "A title over the y axis.", example: "set ylabel \"°C\""),
        Entry(
            topic: "set timezone", synopsis: "set timezone UTC|+HH:MM|NAME",
            summary:
                "The zone times without one are read in (by later loads and reloads) and times are shown in.",
            example: "set timezone Europe/Paris"),
        Entry(
            topic: "set memory", synopsis: "set memory SIZE|auto",
            summary:
                "The memory one command's data may take (a load, gen, push); larger loads are refused before they start. auto: half the physical memory.",
            example: "set memory 8GiB"),
        Entry(
            topic: "show", synopsis: "show | show data NAME [A..B]",
            summary:
                "Draw the chart again; with data, a dataset as an aligned table, rows A through B (default the first 20), numbers with one number of decimals per column.",
            example: "show data sales 0..11"),
        Entry(
            topic: "save csv", synopsis: "save csv PATH [NAME]",
            summary:
                "Write a dataset as CSV (atomically): the named one, else the first plot's. Times as ISO 8601, missing values empty, labels as a 'label' column.",
            example: "save csv out/sales.csv sales"),
        Entry(
            topic: "list", synopsis: "list",
            summary: "Datasets, plots, reference lines and settings.", example: "list"),
        Entry(
            topic: "set size", synopsis: "set size COLUMNSxROWS|auto",
            summary: "The chart's size in cells (auto follows the terminal).",
            example: "set size 100x30"),
        Entry(
            topic: "set color", synopsis: "set color auto|off|16|256|truecolor",
            summary:
                "Colour escapes (auto: the terminal's, none when output is not a terminal or NO_COLOR is set).",
            example: "set color 256"),
        Entry(
            topic: "set canvas", synopsis: "set canvas braille|block|ascii",
            summary:
                "What lines and dots are drawn with: braille (2×4 dots a cell), quadrant blocks (2×2), or ASCII.",
            example: "set canvas ascii"),
        Entry(
            topic: "set theme", synopsis: "set theme dark|light",
            summary:
                "Colours of the background, text, grid and frame (SVG; the terminal keeps its own background).",
            example: "set theme light"),
        Entry(
            topic: "set redraw", synopsis: "set redraw inplace|scroll",
            summary:
                "At the prompt: draw each new chart over the last one from the top of the screen (inplace, the default), or below it (scroll). Ctrl-L clears the screen and redraws.",
            example: "set redraw scroll"),
        Entry(
            topic: "save svg", synopsis: "save svg PATH [size=WIDTHxHEIGHT]",
            summary:
                "Write the chart as SVG (atomically). Default size: the chart's cells at 8x16 pixels; size= in pixels lays it out again.",
            example: "save svg out/revenue.svg size=1200x600"),
        Entry(
            topic: "save vegalite", synopsis: "save vegalite PATH [url=on]",
            summary:
                "Write the session as a Vega-Lite v5 spec: the same chart in the standard grammar (datasets inline, or loaded files by url=on; kinds with no Vega-Lite mark are named in its description).",
            example: "save vegalite out/revenue.vl.json"),
        Entry(
            topic: "save html", synopsis: "save html PATH",
            summary:
                "Write the session's making as one self-contained HTML page: every step with the comments above it in its script, the command, and the chart it made (light and dark).",
            example: "save html out/notes.html"),
        Entry(
            topic: "save script", synopsis: "save script PATH",
            summary:
                "Write the shortest script that rebuilds the session (datasets from their sources, settings, plots, view, selection).",
            example: "save script revenue.cb"),
        Entry(
            topic: "snapshot", synopsis: "snapshot on [DIR] | snapshot off",
            summary:
                "After every command that changes the chart, write DIR/0001.svg, 0002.svg, ... (default DIR: snapshots), the command in each <desc>.",
            example: "snapshot on steps"),
        Entry(
            topic: "undo", synopsis: "undo [N]",
            summary: "Take back the last change, or the last N (all or none).", example: "undo 3"),
        Entry(
            topic: "redo", synopsis: "redo [N]",
            summary: "Make an undone change again, or the last N undone.", example: "redo"),
        Entry(
            topic: "history", synopsis: "history [all]",
            summary:
                "This session's changes, numbered (what undo walks back; undone ones marked). all: every line typed at the prompt, across runs.",
            example: "history"),
        Entry(
            topic: "reset", synopsis: "reset",
            summary: "Start from an empty session (undo brings it back).", example: "reset"),
        Entry(
            topic: "help", synopsis: "help [COMMAND]", summary: "This help, or one command's.",
            example: "help add plot"),
        Entry(
            topic: "play", synopsis: "play PATH",
            summary:
                "Step through a script as a lesson: the comments above each command as narration, the command, then its chart. Enter, Space or the right arrow go on, the left arrow goes back (undoing the step), q leaves the session as it stands. A '# pause' comment or a pause command waits without drawing. Without a terminal it runs through, drawing after every step.",
            example: "play Docs/examples/lessons/composition.cb"),
        Entry(
            topic: "pause", synopsis: "pause",
            summary: "In a lesson (play), wait for a key without drawing; elsewhere, nothing.",
            example: "pause"),
        Entry(
            topic: "source", synopsis: "source PATH",
            summary:
                "Run a script's commands as one step: all succeed, or nothing changes. Paths in it are relative to it.",
            example: "source examples/tour.cb"),
        Entry(
            topic: "echo", synopsis: "echo \"TEXT\" ...",
            summary: "Print text: narration for tours and teaching scripts.",
            example: "echo \"Step 2: a reference line at the target\""),
        Entry(
            topic: "quit", synopsis: "quit", summary: "Leave chartbook (Ctrl-D too).",
            example: "quit"),
    ]

    /// The groups `help` shows, each with the topics in it (every entry in exactly one).
    public static let groups: [(name: String, title: String, topics: [String])] = [
        (
            "data", "Data: read, make and describe datasets",
            [
                "data", "load", "gen", "push", "set data", "reload", "drop", "describe",
                "set timezone", "set memory",
            ]
        ),
        ("plots", "Plots: draw series", ["add plot", "set plot", "remove plot", "plots"]),
        (
            "lines", "Reference lines: the grid and marked lines",
            ["set reflines", "add refline", "remove refline"]
        ),
        (
            "axes", "Axes: scales, ranges, labels and titles",
            [
                "set xscale", "set yscale", "set range", "set zero", "set labels", "set xlabel",
                "set ylabel", "set title", "set legend",
            ]
        ),
        (
            "view", "Viewing: windows, scrolling and selection",
            ["view", "scroll", "set spacing", "set direction", "set padding", "select"]
        ),
        (
            "output", "Output: how and where the chart is drawn",
            [
                "show", "set size", "set color", "set canvas", "set theme", "set redraw",
                "save svg", "save vegalite", "save html", "save csv", "snapshot",
            ]
        ),
        (
            "session", "Session: lists, history, scripts",
            [
                "list", "undo", "redo", "history", "reset", "save script", "source", "play",
                "pause",
                "echo", "help",
                "quit",
            ]
        ),
    ]

    /// The help text for `topic`, wrapped to `width` cells with a hanging indent: the groups
    /// and their commands (nil), a group's commands in full (`help data`), or the commands
    /// whose name matches (`help load`, `help set labels`).
    public static func help(_ topic: Located<String>?, width: Int = 80) throws(Diagnostic)
        -> String
    {
        guard let topic else { return overview(width: width) }
        if let group = groups.first(where: { $0.name == topic.value }) {
            let members = group.topics.compactMap { t in entries.first { $0.topic == t } }
            return group.title + "\n\n"
                + members.map { full($0, width: width) }.joined(separator: "\n")
        }
        let matches = entries.filter {
            $0.topic == topic.value || $0.topic.hasPrefix(topic.value + " ")
                || $0.topic.hasSuffix(" " + topic.value)
        }
        guard !matches.isEmpty else {
            throw Diagnostic(
                .unknown(
                    .command, topic.value,
                    candidates: groups.map(\.name) + entries.map(\.topic)), at: topic.range)
        }
        return matches.map { full($0, width: width) }.joined(separator: "\n")
    }

    /// One line per group listing its commands, then how to read more.
    static func overview(width: Int) -> String {
        var text =
            "Commands by group (help GROUP shows a group in full, help COMMAND one command):\n"
        for group in groups {
            let line =
                "  " + group.name + String(repeating: " ", count: 9 - group.name.count)
                + group.topics.joined(separator: " · ")
            text += wrap(
                line, width: width, indent: String(repeating: " ", count: 11), separator: " · ")
        }
        return text + "Tab completes commands, names and values; 'quit' or Ctrl-D leaves.\n"
    }

    /// A command's synopsis, summary (whole sentences, wrapped) and example.
    static func full(_ entry: Entry, width: Int) -> String {
        wrap(entry.synopsis, width: width, indent: "    ")
            + wrap("  " + entry.summary, width: width, indent: "  ")
            + wrap("  example: " + entry.example, width: width, indent: "    ")
    }

    static func wrap(_ text: String, width: Int, indent: String, separator: String = " ") -> String
    {
        TextMetrics.wrapped(text, toWidth: max(width, 20), indent: indent, separator: separator)
            .map { $0 + "\n" }.joined()
    }
}
