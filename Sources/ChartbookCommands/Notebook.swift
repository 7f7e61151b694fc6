import ChartbookModel

/// The session plus its history: undo and redo are stacks of whole sessions (cheap: arrays
/// inside are copy-on-write), and the log of the commands that made each step.
public struct Notebook: Equatable, Sendable {
    public struct Step: Equatable, Sendable {
        /// The session before the command ran.
        public var before: Session
        /// The command as typed.
        public var command: String
    }

    public private(set) var session: Session
    public private(set) var undoStack: [Step]
    public private(set) var redoStack: [(Step)]
    /// Bound on undo steps kept (the oldest are forgotten).
    public let undoLimit: Int

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
            undoStack.append(Step(before: session, command: command))
            if undoStack.count > undoLimit { undoStack.removeFirst(undoStack.count - undoLimit) }
        }
        redoStack.removeAll()
        session = newSession
    }

    /// Goes back one step; returns the command undone, nil when there is nothing to undo.
    public mutating func undo() -> String? {
        guard let step = undoStack.popLast() else { return nil }
        redoStack.append(Step(before: session, command: step.command))
        session = step.before
        return step.command
    }

    public mutating func redo() -> String? {
        guard let step = redoStack.popLast() else { return nil }
        undoStack.append(Step(before: session, command: step.command))
        session = step.before
        return step.command
    }
}
