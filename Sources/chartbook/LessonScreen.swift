#if canImport(Glibc)
    @preconcurrency import Glibc
#endif
import ChartbookModel
import ChartbookCommands
import ChartbookKit
import ChartbookTerminal

/// `play` on a terminal: one screen per step — the step's narration, the command as typed,
/// then the chart it made — and keys to move: Enter, Space or → next, ← (or Backspace)
/// back, which undoes the step, q (or Ctrl-C, Ctrl-D) quits, leaving the session as it
/// stands for the learner to go on typing. A resize or Ctrl-L draws the screen again.
struct LessonScreen {
    let environment: TerminalEnvironment
    let colorMode: ColorMode
    /// `--size`, standing in for the terminal's size.
    let fixedSize: (columns: Int, rows: Int)?

    enum Key: Equatable { case next, back, quit, redraw }

    func run(_ lesson: Lesson, runner: ScriptRunner, notebook: inout Notebook) {
        var player = LessonPlayer(lesson: lesson, runner: runner)
        guard let terminal = RawTerminal() else {
            // No terminal to read keys from: the lesson runs through.
            while player.done < lesson.steps.count { _ = player.forward(&notebook) }
            return
        }
        StandardStreams.out(ANSIWriter.hideCursor)
        defer {
            StandardStreams.out(ANSIWriter.showCursor + "\n")
            terminal.restore()
        }
        var frame = player.start
        var size = currentSize()
        show(frame, lesson: lesson, session: notebook.session)
        while true {
            guard let key = terminal.readKey(timeoutMilliseconds: 200) else {
                // Nothing typed: redraw when the window changed size.
                if currentSize() != size {
                    size = currentSize()
                    show(frame, lesson: lesson, session: notebook.session)
                }
                continue
            }
            switch key {
            case .next:
                guard !frame.isFinished else { continue }
                frame = player.forward(&notebook)
            case .back: frame = player.back(&notebook)
            case .quit: return
            case .redraw: break
            }
            show(frame, lesson: lesson, session: notebook.session)
        }
    }

    func currentSize() -> [Int] {
        let size = fixedSize ?? environment.size()
        return [size.columns, size.rows]
    }

    /// One screen from the top: narration, command, messages, the chart in the rows left,
    /// and the key line at the bottom. A pause shows its words and waits, without a chart.
    func show(_ frame: LessonPlayer.Frame, lesson: Lesson, session: Session) {
        let (columns, rows) = fixedSize ?? environment.size()
        var header = [String]()
        if frame.done == 0 {
            header.append(
                "Lesson: \(TextMetrics.sanitized(lesson.source.name)) · \(frame.total) steps")
            if let first = lesson.steps.first { header += first.narration.prefix(3) }
        } else {
            header += frame.narration
            if let command = frame.command { header.append("> " + command) }
            header += frame.messages.split(separator: "\n").map(String.init)
        }
        let wrapped = header.flatMap {
            TextMetrics.wrapped(
                TextMetrics.sanitized($0), toWidth: max(columns, 10), separator: " ")
        }
        // Keep at least 6 rows for the chart: long narration is cut.
        let headerRows = min(wrapped.count, max(rows - 7, 0))
        var text = wrapped.prefix(headerRows).map { $0 + "\n" }.joined()
        let showChart = frame.done > 0 && !frame.isPause
        if showChart {
            let target = environment.target(
                TerminalTarget(
                    columns: columns, rows: max(rows - headerRows - 1, 1), colorMode: colorMode),
                for: session, startingAt: .row(headerRows))
            text += ChartRenderer.text(for: session, on: target)
        }
        let keys =
            frame.isFinished
            ? "end of lesson · ← back · q to go on typing"
            : frame.done == 0 ? "Enter to begin · q quits" : "Enter next · ← back · q quits"
        let footer = "step \(frame.done)/\(frame.total)\(frame.isPause ? " (pause)" : "") · \(keys)"
        // Every row is cleared to its end as it is written: a shorter row must not leave the
        // end of the last step's row showing.
        let rowsCleared = text.split(separator: "\n", omittingEmptySubsequences: false)
            .joined(separator: ANSIWriter.clearToLineEnd + "\n")
        StandardStreams.out(
            ANSIWriter.home + rowsCleared + ANSIWriter.clearBelow + ANSIWriter.moveTo(row: rows)
                + TextMetrics.truncated(footer, toWidth: max(columns - 1, 1))
                + ANSIWriter.clearToLineEnd)
    }

}

/// The terminal in non-canonical mode without echo or signals, for reading keys one by one;
/// `restore` puts the settings back.
final class RawTerminal {
    private var saved = termios()

    init?() {
        guard isatty(STDIN_FILENO) == 1, tcgetattr(STDIN_FILENO, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
        guard tcsetattr(STDIN_FILENO, TCSANOW, &raw) == 0 else { return nil }
    }

    func restore() { _ = tcsetattr(STDIN_FILENO, TCSANOW, &saved) }

    /// The next key, or nil after `timeoutMilliseconds` without one.
    func readKey(timeoutMilliseconds: Int32) -> LessonScreen.Key? {
        var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, timeoutMilliseconds) > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: 16)
        let count = read(STDIN_FILENO, &bytes, bytes.count)
        guard count > 0 else { return .quit }  // end of input
        switch Array(bytes[0..<count]) {
        case [13], [10], [32], [27, 91, 67], [27, 79, 67], [110]: return .next
        case [27, 91, 68], [27, 79, 68], [127], [8], [98]: return .back
        case [113], [81], [3], [4]: return .quit
        case [12]: return .redraw
        default: return nil
        }
    }
}
