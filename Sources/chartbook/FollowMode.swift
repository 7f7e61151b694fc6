#if canImport(Glibc)
    @preconcurrency import Glibc
#endif
import ChartbookModel
import ChartbookCommands
import ChartbookKit
import ChartbookTerminal
import LineEditor

/// `chartbook --follow`: numbers from stdin as they arrive (a column per series, one or
/// several per line), drawn live. The dataset `stdin` keeps the newest `window` rows; the
/// scripts and -e commands run once the first line has named its columns (a plot per
/// column is added when they add none). Redraws at most 20 times a second, in place: the
/// cursor goes back to the chart's top and the lines are overwritten, never cleared.
/// Ctrl-C or the end of input ends it, leaving the last frame.
struct FollowMode {
    let runner: ScriptRunner
    let sources: [ScriptSource]
    let target: TerminalTarget
    /// What deletes the last frame's kitty picture before the next is drawn over it
    /// (`TerminalEnvironment.pictureClearing`; empty for cells, sixel and iTerm2).
    var clearPictures = ""
    let window: Int
    /// The column drawn along x (`--x`); nil: a column of dates or times, else the row.
    var x: String? = nil
    /// Minimum time between frames, in milliseconds.
    let frameInterval: Int = 50

    func run(_ notebook: inout Notebook) -> Bool {
        var stream = FollowStream(mode: self, notebook: notebook)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var atEnd = false
        while !atEnd && !Interrupts.pending {
            var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, Int32(frameInterval)) > 0 {
                let n = buffer.withUnsafeMutableBytes {
                    read(STDIN_FILENO, $0.baseAddress, $0.count)
                }
                if n > 0 {
                    stream.take(buffer[0..<n])
                } else if n == 0 || errno != EINTR {
                    atEnd = true
                }
            }
            if stream.dirty && stream.started
                && MonotonicClock.milliseconds() - stream.lastDraw >= frameInterval
            {
                stream.draw()
            }
        }
        stream.finish()
        notebook = stream.notebook
        return stream.ok
    }

    /// Column names usable as `stdin.NAME`.
    static func uniqueNames(_ fields: [String]) -> [String] {
        var seen = Set<String>()
        return fields.enumerated().map { index, raw in
            var name = Identifier.replacingInvalidCharacters(raw)
            if !Identifier.isValid(name) { name = "c\(index + 1)" }
            let unique = Identifier.unique(name, taken: seen)
            seen.insert(unique)
            return unique
        }
    }
}
