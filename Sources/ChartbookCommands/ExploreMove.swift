import ChartbookModel

/// What a key pressed at an empty prompt does to the chart (issue 54's exploring with keys):
/// each move is written as the command a user could have typed (`select 42`, `select
/// x=2024-03-01`, `view A..B`, `scroll next`, `select none`), so history, `undo` and `save
/// script` see it. Which key gives which move is the line editor's and the REPL's; what the
/// move means is here, computed from the session alone.
public enum ExploreMove: String, CaseIterable, Sendable {
    /// The next point to the left or right (← →).
    case left, right
    /// A tenth of the view to the left or right (Shift-← Shift-→).
    case leftFar, rightFar
    /// The first and the last point (Home End).
    case first, last
    /// Half and twice the x view, around the selection (+ −).
    case zoomIn, zoomOut
    /// A window's width back and forward (PgUp PgDn).
    case pageBack, pageForward
    /// The next plot's points for ← → (Tab, while a point is selected).
    case nextPlot
    /// No selection (Esc).
    case leave

    /// The keys as `help keys` names them.
    public var keys: String {
        switch self {
        case .left: "←"
        case .right: "→"
        case .leftFar: "Shift-←"
        case .rightFar: "Shift-→"
        case .first: "Home"
        case .last: "End"
        case .zoomIn: "+"
        case .zoomOut: "-"
        case .pageBack: "PgUp"
        case .pageForward: "PgDn"
        case .nextPlot: "Tab"
        case .leave: "Esc"
        }
    }

    /// What the move does, for `help keys`.
    public var summary: String {
        switch self {
        case .left: "select the point (or bin) before (none selected: the last in view)"
        case .right: "select the point (or bin) after (none selected: the first in view)"
        case .leftFar: "select a tenth of the view back"
        case .rightFar: "select a tenth of the view on"
        case .first: "select the first point"
        case .last: "select the last point"
        case .zoomIn: "show half the x view, around the selection (view A..B)"
        case .zoomOut: "show twice the x view (view all when it holds every point)"
        case .pageBack: "scroll a window back (scroll prev)"
        case .pageForward: "scroll a window on (scroll next)"
        case .nextPlot: "step along the next plot's points (while a point is selected)"
        case .leave: "select nothing (select none)"
        }
    }

    /// What a move asks of the session: a command to run as if typed, or a note when it
    /// cannot move (nothing to walk, already at the end).
    public struct Step: Equatable, Sendable {
        /// The command to run as if typed (`CommandPrinter.text` spells it); nil: nothing runs.
        public var command: Command?
        /// Said under the chart when no command runs, or with the command.
        public var note: String?
        /// The main plot (0-based) whose points ← → step along from now on.
        public var walked: Int

        public init(command: Command? = nil, note: String? = nil, walked: Int) {
            self.command = command
            self.note = note
            self.walked = walked
        }
    }

    /// The step this move takes on `s`. `plotWidth`: the plot's width in cells (an index
    /// chart's window depends on it); `walked`: the main plot ← → step along now;
    /// `executor`: bins a histogram as its chart does (without one, a histogram's bins are
    /// not walked).
    public func step(in s: Session, plotWidth: Int, walked: Int, executor: Executor? = nil)
        -> Step
    {
        let plots = s.mainPlots
        guard !plots.isEmpty else {
            return Step(note: "the keys explore a chart: add a plot first", walked: 0)
        }
        let walked = min(max(walked, 0), plots.count - 1)
        var walk = XWalk(session: s, plot: plots[walked], plotWidth: plotWidth)
        walk.executor = executor
        switch self {
        case .left, .right, .leftFar, .rightFar, .first, .last:
            return walk.select(self, walked: walked)
        case .zoomIn, .zoomOut: return walk.zoom(in: self == .zoomIn, walked: walked)
        case .pageBack, .pageForward:
            guard s.chartType.hasXAxis else {
                return Step(note: "PgUp and PgDn scroll charts with an x axis", walked: walked)
            }
            return Step(command: .scroll(.pages(self == .pageBack ? -1 : 1)), walked: walked)
        case .nextPlot:
            let next = (walked + 1) % plots.count
            let name = "plot \(plots[next].id) (\(plots[next].series))"
            let moved = XWalk(session: s, plot: plots[next], plotWidth: plotWidth)
            return Step(
                command: moved.nearestSelection(), note: "← → step along \(name) now",
                walked: next)
        case .leave:
            return s.selection == nil
                ? Step(note: "nothing is selected", walked: walked)
                : Step(command: .select(nil, at: TypedPlace(.generated)), walked: walked)
        }
    }
}
