import ChartbookModel

/// The session plus its history: undo and redo are stacks of whole sessions (cheap: arrays
/// inside are copy-on-write), and the log of the commands that made each step.
public struct Notebook: Equatable, Sendable {
    public struct Step: Equatable, Sendable {
        /// The session before the command ran.
        public var before: Session
        /// The command as typed.
        public var command: String
        /// The comment lines written just above the command in its script (without `#`).
        public var narration: [String] = []
    }

    /// One step of the session's making, as a page shows it: its narration, the command and
    /// the session it made.
    public struct Entry: Equatable, Sendable {
        public var narration: [String]
        public var command: String
        public var session: Session
    }

    public private(set) var session: Session
    public private(set) var undoStack: [Step]
    public private(set) var redoStack: [(Step)]
    /// Bound on undo steps kept (the oldest are forgotten).
    public let undoLimit: Int
    /// How many changes were committed so far (tells a caller whether a command made one).
    public private(set) var commits = 0

    public init(session: Session = Session(), undoLimit: Int = 500) {
        self.session = session
        undoStack = []
        redoStack = []
        self.undoLimit = undoLimit
    }

    /// Records a successful change made by `command`.
    public mutating func commit(_ newSession: Session, command: String) {
        guard newSession != session else { return }
        if undoLimit > 0 {
            // Kept as typed, except a connection URL's password: what undo, redo, `history`
            // and notebooks show of the step.
            undoStack.append(Step(before: session, command: ConnectionURL.redacting(command)))
            if undoStack.count > undoLimit { undoStack.removeFirst(undoStack.count - undoLimit) }
        }
        redoStack.removeAll()
        session = newSession
        commits += 1
    }

    /// Gives the step just committed its narration (the comments above it in a script).
    public mutating func narrate(_ lines: [String]) {
        guard !lines.isEmpty, !undoStack.isEmpty else { return }
        undoStack[undoStack.count - 1].narration = lines
    }

    /// The steps still in the history, oldest first, each with the session it made (the
    /// last `undoLimit` of them).
    public var entries: [Entry] {
        undoStack.indices.map { i in
            Entry(
                narration: undoStack[i].narration, command: undoStack[i].command,
                session: i + 1 < undoStack.count ? undoStack[i + 1].before : session)
        }
    }

    /// Goes back one step; returns the command undone, nil when there is nothing to undo.
    public mutating func undo() -> String? {
        guard let step = undoStack.popLast() else { return nil }
        redoStack.append(
            Step(before: session, command: step.command, narration: step.narration))
        session = step.before
        return step.command
    }

    public mutating func redo() -> String? {
        guard let step = redoStack.popLast() else { return nil }
        undoStack.append(
            Step(before: session, command: step.command, narration: step.narration))
        session = step.before
        return step.command
    }
}
