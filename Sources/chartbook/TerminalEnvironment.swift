#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartbookModel
import ChartbookTerminal

/// What the executable finds out about its terminal and environment. The only place that
/// reads environment variables or asks the kernel about the terminal.
struct TerminalEnvironment {
    let variables: [String: String]
    /// `--pictures`: how the terminal shows pictures, said on the command line.
    var declaredPictures: PictureProtocol?
    /// The terminal's answer about pictures, asked the first time a session wants them.
    let pictureAnswer = PictureAnswer()

    init(variables: [String: String]) { self.variables = variables }

    /// A file of chartbook's under an XDG base directory: `$VARIABLE/chartbook/NAME` when the
    /// variable holds an absolute path, else `~/DEFAULT/chartbook/NAME`; nil without a home.
    static func xdgFile(
        _ name: String, variable: String, default relative: String, in variables: [String: String]
    ) -> String? {
        if let base = variables[variable], base.hasPrefix("/") {
            return base + "/chartbook/" + name
        }
        guard let home = variables["HOME"], !home.isEmpty else { return nil }
        return home + "/" + relative + "/chartbook/" + name
    }

    var stdoutIsTerminal: Bool { isatty(STDOUT_FILENO) == 1 }
    var stdinIsTerminal: Bool { isatty(STDIN_FILENO) == 1 }

    /// The terminal's size in cells: TIOCGWINSZ on stdout, stdin, /dev/tty; then COLUMNS/LINES;
    /// then 80×24.
    func size() -> (columns: Int, rows: Int) {
        var ws = winsize()
        for fd in [STDOUT_FILENO, STDIN_FILENO]
        where ioctl(fd, UInt(TIOCGWINSZ), &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0 {
            return (Int(ws.ws_col), Int(ws.ws_row))
        }
        let tty = open("/dev/tty", O_RDONLY | O_NOCTTY)
        if tty >= 0 {
            defer { close(tty) }
            if ioctl(tty, UInt(TIOCGWINSZ), &ws) == 0 && ws.ws_col > 0 && ws.ws_row > 0 {
                return (Int(ws.ws_col), Int(ws.ws_row))
            }
        }
        if let c = variables["COLUMNS"].flatMap(Int.init),
            let r = variables["LINES"].flatMap(Int.init), c > 0, r > 0
        {
            return (c, r)
        }
        return (80, 24)
    }

    /// The colour mode `auto` means: none when NO_COLOR is set, stdout is not a terminal or
    /// TERM is dumb; truecolor when COLORTERM says so; 256 for *-256color terminals; else 16.
    func detectedColorMode() -> ColorMode {
        if let noColor = variables["NO_COLOR"], !noColor.isEmpty { return .none }
        guard stdoutIsTerminal else { return .none }
        let term = variables["TERM"] ?? ""
        if term == "dumb" { return .none }
        let colorterm = (variables["COLORTERM"] ?? "").lowercased()
        if colorterm == "truecolor" || colorterm == "24bit" { return .truecolor }
        if term.contains("256color") { return .ansi256 }
        return .ansi16
    }

    var home: String? { variables["HOME"] }
}
