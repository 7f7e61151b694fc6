#if canImport(Glibc)
    @preconcurrency import Glibc
#endif
import Synchronization
import ChartbookModel
import ChartbookTerminal

/// A progress line on stderr for loads that take more than half a second — only when stderr
/// is a terminal — and for drawings of remote datasets waiting on their engine (a fraction of
/// NaN: the share done is unknown, the line counts seconds). Called from the reader's
/// threads; draws at most every 100 ms.
final class LoadProgress: Sendable {
    private struct State {
        var started: Int = 0
        var lastDraw: Int = 0
        var shown = false
        var name = ""
    }
    private let state = Mutex(State())
    let enabled: Bool

    init(enabled: Bool) { self.enabled = enabled }

    func report(_ name: String, _ fraction: Double) {
        guard enabled else { return }
        let now = MonotonicClock.milliseconds()
        let line: String? = state.withLock { s in
            if s.name != name || s.started == 0 {
                s = State(started: now, lastDraw: 0, shown: false, name: name)
            }
            if fraction >= 1 {
                let wasShown = s.shown
                s = State()
                return wasShown ? ANSIWriter.clearLine : nil
            }
            guard now - s.started >= 500, now - s.lastDraw >= 100 else { return nil }
            s.lastDraw = now
            s.shown = true
            let what = TextMetrics.sanitized(name)
            guard !fraction.isNaN else {
                return ANSIWriter.clearLine
                    + "asking the engine for \(what)… \((now - s.started) / 1000) s  (Ctrl-C cancels)"
            }
            let percent = Int(saturating: min(max(fraction, 0), 1) * 100)
            return ANSIWriter.clearLine + "loading \(what)… \(percent)%  (Ctrl-C cancels)"
        }
        if let line { StandardStreams.err(line) }
    }

}
