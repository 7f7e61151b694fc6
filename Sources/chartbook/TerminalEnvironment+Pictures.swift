#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
import ChartbookKit
import ChartbookModel
import ChartbookTerminal

/// Whether (and how) the terminal shows pictures, and its cell size in pixels — asked once,
/// when a session first wants pictures (`set canvas auto`), never sending a picture
/// sequence to a terminal that has not said it understands it.
/// The terminal's answer about pictures once asked (shared by every copy of the
/// environment: asked at most once a run).
final class PictureAnswer {
    var value: (picture: PictureProtocol?, cell: PixelSize?)?
}

extension TerminalEnvironment {
    /// `target` for drawing `session`: with `set canvas auto`, what the terminal shows
    /// pictures with (asked the first time; `--pictures` says it without asking).
    func target(_ target: TerminalTarget, for session: Session) -> TerminalTarget {
        // Inside tmux a picture would reach the terminal outside only passed through, and
        // there at that terminal's cursor, not the pane's (tried: it covered the pane's
        // first rows): braille there, whatever --pictures says.
        guard session.output.canvas == .auto, variables["TMUX"] == nil else { return target }
        let answer =
            pictureAnswer.value
            ?? declaredPictures.map { (picture: $0, cell: pictureSupport().cell) }
            ?? pictureSupport()
        pictureAnswer.value = answer
        var target = target
        (target.picture, target.cellPixels) = answer
        return target
    }

    /// What `set canvas auto` draws with here. Environment hints first: kitty
    /// (`TERM=xterm-kitty`, `KITTY_WINDOW_ID`), iTerm2's protocol (`TERM_PROGRAM` iTerm.app,
    /// WezTerm, vscode); else the terminal's primary device attributes (`CSI c`, answered by
    /// every VT-compatible terminal) saying sixel (attribute 4). Nothing in a pipe, with
    /// `TERM=dumb`, or inside tmux or screen (which would have to pass the picture through:
    /// not attempted).
    func pictureSupport() -> (picture: PictureProtocol?, cell: PixelSize?) {
        guard stdoutIsTerminal, stdinIsTerminal else { return (nil, nil) }
        let term = variables["TERM"] ?? ""
        if term == "dumb" || variables["TMUX"] != nil || term.hasPrefix("screen")
            || term.hasPrefix("tmux")
        {
            return (nil, nil)
        }
        var picture: PictureProtocol?
        if term == "xterm-kitty" || variables["KITTY_WINDOW_ID"] != nil {
            picture = .kitty
        } else if ["iTerm.app", "WezTerm", "vscode"].contains(variables["TERM_PROGRAM"] ?? "") {
            picture = .iterm2
        }
        let answers = ask(picture == nil ? "\u{1B}[c\u{1B}[16t" : "\u{1B}[16t")
        if picture == nil, TerminalReply(answers).saysSixel { picture = .sixel }
        return (picture, cellPixels(answers))
    }

    /// A cell's size in pixels: the window size ioctl's pixels over its cells, else the
    /// terminal's answer to `CSI 16 t` (`CSI 6 ; H ; W t`).
    func cellPixels(_ answers: String) -> PixelSize? {
        var ws = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0,
            ws.ws_xpixel > 0, ws.ws_ypixel > 0
        {
            return PixelSize(
                width: Int(ws.ws_xpixel) / Int(ws.ws_col),
                height: Int(ws.ws_ypixel) / Int(ws.ws_row))
        }
        return TerminalReply(answers).cellPixels.map {
            PixelSize(width: $0.width, height: $0.height)
        }
    }

    /// Writes `query` to the terminal and gathers what it answers within 300 ms (or until a
    /// `c` or `t` ends each expected answer), with echo and line editing off meanwhile.
    func ask(_ query: String) -> String {
        var saved = termios()
        guard tcgetattr(STDIN_FILENO, &saved) == 0 else { return "" }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(STDIN_FILENO, TCSANOW, &raw)
        defer { tcsetattr(STDIN_FILENO, TCSANOW, &saved) }
        _ = query.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
        let expected = query.filter { $0 == "c" || $0 == "t" }.count
        var answer = [UInt8]()
        var ends = 0
        // Milliseconds: how long the terminal has to answer, and each wait for a byte.
        let deadline = 300, step = 20
        var waited = 0
        while ends < expected, waited < deadline {
            var fd = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, Int32(step)) > 0 else {
                waited += step
                continue
            }
            var byte: UInt8 = 0
            guard read(STDIN_FILENO, &byte, 1) == 1 else { break }
            answer.append(byte)
            if byte == UInt8(ascii: "c") || byte == UInt8(ascii: "t") { ends += 1 }
        }
        return String(decoding: answer, as: UTF8.self)
    }
}
