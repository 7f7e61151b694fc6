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
    /// Whether the terminal's background is light (`OSC 11`), asked with the pictures
    /// (nil: not asked yet; `.some(nil)`: it did not say).
    var light: Bool??
    /// Whether the REPL has said why `set canvas auto` draws no picture (once a run).
    var toldWhyNot = false
}

/// Where a drawing starts, for a picture passed through tmux: at the cursor, or at a fixed
/// row of the pane (0-based; a screen drawn from its top).
enum DrawingStart {
    case cursor
    case row(Int)
}

extension TerminalEnvironment {
    /// `target` for drawing `session`: with `set canvas auto`, what the terminal shows
    /// pictures with (asked the first time; `--pictures` says it without asking) and, inside
    /// tmux, how a picture passes through to the terminal outside when the drawing starts
    /// at `start`.
    func target(
        _ target: TerminalTarget, for session: Session, startingAt start: DrawingStart = .cursor
    ) -> TerminalTarget {
        guard session.output.canvas == .auto else { return target }
        let answer = pictureAnswer.value ?? (tmux != nil ? tmuxPictureSupport() : declaredOrAsked())
        pictureAnswer.value = answer
        var target = target
        (target.picture, target.cellPixels) = answer
        if target.picture != nil {
            // A picture follows the terminal's background unless `set theme` chose one.
            let light = pictureAnswer.light ?? backgroundIsLight()
            pictureAnswer.light = .some(light)
            target.lightBackground = light ?? false
        }
        if target.picture != nil, tmux != nil {
            target.passthrough = passthrough(startingAt: start, rows: target.rows)
            if target.passthrough == nil { target.picture = nil }
        }
        return target
    }

    /// Why `set canvas auto` draws braille here, for a terminal (nil in a pipe, or when it
    /// draws pictures): tmux without passthrough, or not knowing the terminal outside; GNU
    /// screen; a terminal that said it shows none.
    func whyNoPictures(_ target: TerminalTarget) -> String? {
        guard target.picture == nil, stdoutIsTerminal else { return nil }
        let braille = "drawing braille"
        if tmux != nil {
            guard tmuxPassesPictures else {
                return
                    "note: tmux passes no pictures through (\(braille)): set -g allow-passthrough on (tmux 3.3+), then set canvas auto again"
            }
            return
                "note: inside tmux chartbook cannot tell how the terminal outside shows pictures (\(braille)): start it with --pictures kitty, sixel or iterm2"
        }
        let term = variables["TERM"] ?? ""
        if term.hasPrefix("screen") {
            return "note: GNU screen passes no pictures through (\(braille))"
        }
        return
            "note: this terminal did not say it shows pictures — kitty's, sixel or iTerm2's (\(braille)); --pictures PROTOCOL says it for one that does"
    }

    /// `--pictures`, else what the terminal says (`pictureSupport`).
    func declaredOrAsked() -> (picture: PictureProtocol?, cell: PixelSize?) {
        declaredPictures.map { (picture: $0, cell: pictureSupport().cell) } ?? pictureSupport()
    }

    /// What `set canvas auto` draws with here. Environment hints first: kitty
    /// (`TERM=xterm-kitty`, `KITTY_WINDOW_ID`), iTerm2's protocol (`TERM_PROGRAM` iTerm.app,
    /// WezTerm, vscode); else the terminal's primary device attributes (`CSI c`, answered by
    /// every VT-compatible terminal) saying sixel (attribute 4). Nothing in a pipe, with
    /// `TERM=dumb`, or inside GNU screen (no passthrough tried); inside tmux see
    /// `tmuxPictureSupport`.
    func pictureSupport() -> (picture: PictureProtocol?, cell: PixelSize?) {
        guard stdoutIsTerminal, canAsk else { return (nil, nil) }
        let term = variables["TERM"] ?? ""
        if term == "dumb" || tmux != nil || term.hasPrefix("screen") || term.hasPrefix("tmux") {
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

    /// Whether the terminal can be asked: its answers come on standard input, or (when that
    /// is data: `--follow`) on the controlling terminal, `/dev/tty`.
    var canAsk: Bool {
        if stdinIsTerminal { return true }
        let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
        guard tty >= 0 else { return false }
        close(tty)
        return true
    }

    /// Whether the terminal's background is light: its answer to `OSC 11 ; ?`, asked with
    /// `CSI c` behind it (every terminal answers that, after the first if it answers it), so
    /// one that does not know the question costs no wait. nil: not a terminal, or no answer.
    func backgroundIsLight() -> Bool? {
        guard stdoutIsTerminal, canAsk, variables["TERM"] != "dumb" else { return nil }
        let answer = ask("\u{1B}]11;?\u{1B}\\\u{1B}[c") { bytes in
            // Done at the device attributes' end: `CSI ? … c`.
            guard let start = bytes.lastIndex(of: 0x1B), start + 2 < bytes.count,
                bytes[start + 1] == UInt8(ascii: "["), bytes[start + 2] == UInt8(ascii: "?")
            else { return false }
            return bytes.last == UInt8(ascii: "c")
        }
        return TerminalReply(answer).backgroundIsLight
    }

    /// Writes `query` to the terminal and gathers what it answers within 300 ms of the
    /// clock (or until a `c`, `t` or `R` ends each expected answer), at most
    /// `longestReply` bytes, with echo and line editing off meanwhile — read from standard
    /// input, or from `/dev/tty` when standard input is not the terminal. (Issue 49: the
    /// 300 ms counted only waits that found nothing, so a flood without a final byte was
    /// read a byte at a time for as long as it came: 5 MB held the first chart 17 s.)
    func ask(_ query: String, until done: (([UInt8]) -> Bool)? = nil) -> String {
        let input = stdinIsTerminal ? STDIN_FILENO : open("/dev/tty", O_RDWR | O_NOCTTY)
        guard input >= 0 else { return "" }
        defer { if input != STDIN_FILENO { close(input) } }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return "" }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        tcsetattr(input, TCSANOW, &raw)
        defer { tcsetattr(input, TCSANOW, &saved) }
        _ = query.withCString { write(STDOUT_FILENO, $0, strlen($0)) }
        let finals: Set<UInt8> = [UInt8(ascii: "c"), UInt8(ascii: "t"), UInt8(ascii: "R")]
        // Each question ends in its final byte; `CSI 6 n` is answered `CSI row ; column R`.
        let expected = query.filter { $0 == "c" || $0 == "t" || $0 == "n" }.count
        var answer = [UInt8]()
        var ends = 0
        // Milliseconds: how long the terminal has to answer, and each wait for a byte.
        let deadline = MonotonicClock.milliseconds() + 300, step = 20
        while done != nil || ends < expected, answer.count < Self.longestReply {
            let left = deadline - MonotonicClock.milliseconds()
            guard left > 0 else { break }
            var fd = pollfd(fd: input, events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, Int32(min(step, left))) > 0 else { continue }
            var byte: UInt8 = 0
            guard read(input, &byte, 1) == 1 else { break }
            answer.append(byte)
            if let done {
                if done(answer) { break }
            } else if finals.contains(byte) {
                ends += 1
            }
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// The most bytes of a terminal's answers read (each is a few dozen).
    static let longestReply = 4096
}
