import ChartbookCommands
import ChartbookData
import ChartbookModel
import Synchronization
import Testing

@testable import ChartbookKit

/// Issue 52: what the executor and the drawings need of an engine are questions as values
/// (`EngineQuestion`), answered by whatever answers them (`EngineAnswering`). Here a table
/// of answers stands in for the engine: a remote dataset's commands run, and their
/// questions are read, with no server (the URL names none that could answer).
struct EngineQuestionTests {
    /// The questions asked, in order, and the answers given from `answer`.
    final class AnswerTable: EngineAnswering {
        let asked = Mutex<[EngineQuestion]>([])
        let answer: @Sendable (EngineQuestion) throws(DatabaseFailure) -> EngineAnswer

        init(_ answer: @escaping @Sendable (EngineQuestion) throws(DatabaseFailure) -> EngineAnswer)
        {
            self.answer = answer
        }

        func answer(_ question: EngineQuestion, shouldCancel: @escaping () -> Bool)
            throws(DatabaseFailure) -> EngineAnswer
        {
            asked.withLock { $0.append(question) }
            return try answer(question)
        }

        func stream(
            _ question: EngineQuestion, batch: Int, shouldCancel: @escaping () -> Bool,
            _ body: (any StatementAnswer) throws(DatabaseFailure) -> Void
        ) throws(DatabaseFailure) {
            asked.withLock { $0.append(question) }
            try body(try answer(question).rows())
        }

        /// The questions asked since the last call, and forgets them.
        func taken() -> [EngineQuestion] {
            asked.withLock { asked in
                defer { asked = [] }
                return asked
            }
        }
    }

    /// A table of 1 000 rows, one a minute from 2024-01-01, `v` from -5 to 20.
    static let table: RemoteTable = {
        let start = 1_704_067_200.0
        var table = RemoteTable(
            xColumn: "t", columns: ["t", "v"], timeColumns: ["t"], estimatedRows: 1000,
            firstRow: [start, 1], lastRow: [start + 999 * 60, 2])
        table.rowCount = 1000
        table.extremes = [[start + 60, -5], [start + 120, 20]]
        table.mostRowsPerX = 1
        table.completeColumns = ["t", "v"]
        return table
    }()

    static let load =
        "load postgres://nobody@nowhere.invalid/db \"SELECT t, v FROM m\" as d mode=remote"

    /// The engine's side: the table for `open`, 300 rows kept by any set, 7.5 for any
    /// aggregate, and the rows at the ends and extremes for a drawing.
    static func engine() -> AnswerTable {
        AnswerTable { question throws(DatabaseFailure) in
            switch question {
            case .open: return .table(table)
            case .kept(_, _, let sets):
                return .kept(
                    sets.map { _ in
                        RemoteTable.Kept(
                            count: 300, rows: [table.firstRow, table.lastRow], nonPositive: [:])
                    })
            case .mostRowsPerX(_, _, let sets): return .rowsPerX(sets.map { _ in 1 })
            case .aggregates: return .numbers([7.5])
            case .drawing(_, let table, _):
                return .drawing(RemoteRows([table.firstRow, table.lastRow], of: table))
            default: throw .query("not in the table", offset: nil)
            }
        }
    }

    static func runner(_ engine: AnswerTable) -> ScriptRunner {
        var executor = Executor(files: InMemoryFiles())
        executor.engineAnswers = engine
        var runner = ScriptRunner(executor: executor, keepGoing: true)
        runner.remote = RemoteData(engines: engine)
        return runner
    }

    /// A runner answering from `engine` and its notebook after `script`, the questions the
    /// script asked taken.
    static func session(_ script: String, _ engine: AnswerTable) -> (
        runner: ScriptRunner, notebook: Notebook
    ) {
        let runner = runner(engine)
        var notebook = Notebook()
        _ = run(script, runner, in: &notebook)
        _ = engine.taken()
        return (runner, notebook)
    }

    static func run(_ line: String, _ runner: ScriptRunner, in notebook: inout Notebook) -> String {
        var text = ""
        _ = runner.run(ScriptSource(name: "t.cb", text: line), in: &notebook) { event in
            switch event {
            case .output(let t), .diagnostic(let t), .feedback(let t): text += t
            default: break
            }
        }
        return text
    }

    @Test func aRemoteLoadIsOneQuestionAndItsAnswerTheDataset() throws {
        let engine = Self.engine()
        let runner = Self.runner(engine)
        var notebook = Notebook()
        let text = Self.run(Self.load, runner, in: &notebook)
        let asked = engine.taken()
        #expect(asked.count == 1, "\(asked)")
        guard case .open(let query, let x, _, let estimate)? = asked.first else {
            Issue.record("asked \(asked)")
            return
        }
        #expect(query.sql == "SELECT t, v FROM m")
        #expect(x == nil && estimate == nil)
        let d = try #require(notebook.session.dataset(named: "d"), "\(text)")
        #expect(d.remote == Self.table)
    }

    @Test func aFilteredLineAsksWhatItsRowsKeepAndAStatisticIsAnAggregate() throws {
        let engine = Self.engine()
        let runner = Self.runner(engine)
        var notebook = Notebook()
        _ = Self.run(Self.load, runner, in: &notebook)
        _ = engine.taken()
        let text = Self.run("add plot line d.v where=v>0", runner, in: &notebook)
        let kept = engine.taken().compactMap { question -> [RemoteRowSet]? in
            if case .kept(_, _, let sets) = question { return sets }
            return nil
        }
        #expect(kept.count == 1, "\(text)")
        let set = try #require(kept.first?.first)
        #expect(kept.first?.count == 1)
        #expect(set.filters.map(\.column) == ["v"] && set.filters.map(\.op) == [.greater])
        #expect(notebook.session.dataset(named: "d")?.remote?.filtered[set]?.count == 300)
        _ = Self.run("add refline mean d.v", runner, in: &notebook)
        let aggregates = engine.taken().compactMap { question -> String? in
            if case .aggregates(_, let sql) = question { return sql }
            return nil
        }
        #expect(aggregates.count == 1)
        #expect(notebook.session.markedLines.first?.engineValue == 7.5)
    }

    /// A command that changes no data asks nothing: what is known of the rows is kept in
    /// the session (`RemoteTable`), and a drawing's rows are the drawing's question.
    @Test func aCommandThatChangesNoDataAsksNothing() throws {
        let engine = Self.engine()
        let runner = Self.runner(engine)
        var notebook = Notebook()
        _ = Self.run(
            Self.load + "\nadd plot line d.v where=v>0\nadd refline mean d.v", runner,
            in: &notebook)
        #expect(!engine.taken().isEmpty)
        for line in [
            "set title \"cpu\"", "view 2024-01-01T02:00..2024-01-01T04:00",
            "select x=2024-01-01T03:00", "add plot line d.v", "set yscale log", "undo",
        ] {
            let text = Self.run(line, runner, in: &notebook)
            #expect(!text.contains("error"), "\(line): \(text)")
            #expect(engine.taken().isEmpty, "\(line): \(text)")
        }
        // (So that the check can fail: a line of another set of rows asks what it keeps.)
        _ = Self.run("add plot line d.v where=v<10", runner, in: &notebook)
        #expect(!engine.taken().isEmpty)
    }

    /// An engine's failure is the command's error, and the session is as it was.
    @Test func aFailedAnswerLeavesTheSessionAsItWas() throws {
        let failing = AnswerTable { question throws(DatabaseFailure) in
            if case .open = question { return .table(Self.table) }
            throw .query("relation \"m\" vanished", offset: nil)
        }
        let runner = Self.runner(failing)
        var notebook = Notebook()
        _ = Self.run(Self.load, runner, in: &notebook)
        let before = notebook.session
        let text = Self.run("add plot line d.v where=v>0", runner, in: &notebook)
        #expect(text.contains("relation \"m\" vanished"), "\(text)")
        #expect(notebook.session == before)
    }

    /// A drawing is one question too: the interval drawn, the rows answered drawn.
    @Test func aDrawingAsksForItsIntervalAndDrawsTheAnswer() throws {
        let engine = Self.engine()
        let (runner, notebook) = Self.session(Self.load + "\nadd plot line d.v", engine)
        let target = TerminalTarget(columns: 60, rows: 16, colorMode: .none)
        let drawn = runner.remote.forTerminal(
            notebook.session, on: target, shouldCancel: { false })
        #expect(drawn.problems.isEmpty, "\(drawn.problems)")
        let asked = engine.taken()
        #expect(asked.count == 1)
        guard case .drawing(_, _, let request)? = asked.first else {
            Issue.record("asked \(asked)")
            return
        }
        #expect(request.holds(Self.table.extent))
        // Only the columns the plots draw are picked (the others ride along in each row).
        #expect(request.columns == ["v"])
        #expect(drawn.session.dataset(named: "d")?.remote?.materialized == request)
        // Drawn again, the same view asks nothing: the answer is kept by its question.
        _ = runner.remote.forTerminal(notebook.session, on: target, shouldCancel: { false })
        #expect(engine.taken().isEmpty)
    }

    /// `line` parsed, with the range of its first word.
    static func parsed(_ line: String) throws -> (Command, SourceRange) {
        let tokens = try Lexer.commands(
            in: Lexer.logicalLines(ScriptSource(name: "t", text: line))[0])[0]
        return (try Parser.parse(tokens), tokens.tokens[0].range)
    }

    /// The questions `apply` stopped on, nil where it ran through.
    static func wanted(_ line: String, on session: Session, _ executor: Executor) throws
        -> EngineAnswers.Wanted?
    {
        let (command, range) = try parsed(line)
        do throws(Diagnostic) {
            _ = try executor.apply(command, to: session, at: range)
            return nil
        } catch {
            guard case .unanswered(let wanted) = error.kind else { throw error }
            return wanted
        }
    }

    /// The answers are a step between two pure ones: `apply` asks no engine — it stops with
    /// the questions it needs, and given their answers it runs through — and `run` is what
    /// answers them, once each.
    @Test func applyAsksNoEngineItStopsWithTheQuestionsItNeeds() throws {
        let engine = Self.engine()
        var executor = Executor(files: InMemoryFiles())
        executor.engineAnswers = engine
        let wanted = try #require(try Self.wanted(Self.load, on: Session(), executor))
        #expect(engine.taken().isEmpty)
        #expect(wanted.waitingFor == "d")
        guard wanted.questions.count == 1, case .open(let query, _, _, _) = wanted.questions[0]
        else {
            Issue.record("wanted \(wanted)")
            return
        }
        #expect(query.sql == "SELECT t, v FROM m")
        // Given the answer, it runs through, still asking nothing.
        executor.answers.record(wanted.questions[0], .success(.table(Self.table)))
        let (command, range) = try Self.parsed(Self.load)
        let (session, _) = try executor.apply(command, to: Session(), at: range)
        #expect(session.dataset(named: "d")?.remote == Self.table)
        #expect(engine.taken().isEmpty)
        // A failure is an answer too: the command fails as the engine did.
        var failed = Executor(files: InMemoryFiles())
        failed.engineAnswers = engine
        failed.answers.record(
            wanted.questions[0], .failure(.query("relation \"m\" vanished", offset: nil)))
        #expect(throws: Diagnostic.self) { try failed.apply(command, to: Session(), at: range) }
        // `run` answers them: one question, asked once.
        var notebook = Notebook()
        _ = try executor.run(command, text: Self.load, at: range, in: &notebook)
        var running = Executor(files: InMemoryFiles())
        running.engineAnswers = engine
        var fresh = Notebook()
        _ = try running.run(command, text: Self.load, at: range, in: &fresh)
        #expect(engine.taken().count == 1)
        #expect(fresh.session.dataset(named: "d")?.remote == Self.table)
    }

    /// A command plans the questions it will ask at once where none waits on another's
    /// answer: after a reload forgets every statistic, the reference lines' questions come
    /// as one batch.
    @Test func independentQuestionsArePlannedAsOneBatch() throws {
        let engine = Self.engine()
        let (runner, notebook) = Self.session(
            Self.load + "\nadd plot line d.v\nadd refline mean d.v\nadd refline max d.v", engine)
        var session = notebook.session
        for i in session.markedLines.indices { session.markedLines[i].engineValue = nil }
        var executor = runner.executor
        executor.engineAnswers = engine
        let wanted = try #require(try Self.wanted("set title \"x\"", on: session, executor))
        let sqls = wanted.questions.compactMap { question -> String? in
            if case .aggregates(_, let sql) = question { return sql }
            return nil
        }
        #expect(sqls.count == 2 && wanted.questions.count == 2, "\(wanted.questions)")
        #expect(Set(sqls).count == 2)
        #expect(engine.taken().isEmpty)
    }

    /// A query loaded whole is a question too: `apply` reads no database — a SQLite file (no
    /// such file exists here) nor a server — and the answer's rows are the dataset's.
    @Test func aQueryLoadedWholeIsOneQuestionToo() throws {
        let engine = Self.engine()
        var executor = Executor(files: InMemoryFiles())
        executor.engineAnswers = engine
        let line = "load sqlite:/nowhere/m.db \"SELECT t, v FROM m\" as m"
        let wanted = try #require(try Self.wanted(line, on: Session(), executor))
        #expect(engine.taken().isEmpty)
        guard wanted.questions.count == 1,
            case .table(let query, _, let limits) = wanted.questions[0]
        else {
            Issue.record("wanted \(wanted)")
            return
        }
        #expect(query.engine == .sqlite && query.sql == "SELECT t, v FROM m")
        #expect(limits == executor.limits)
        let rows = DelimitedReader.Table(
            columns: [
                Column(name: "t", numbers: [1, 2, 3]), Column(name: "v", numbers: [5, 7, 6]),
            ],
            labels: nil)
        executor.answers.record(wanted.questions[0], .success(.rowsLoaded(rows)))
        let (command, range) = try Self.parsed(line)
        let (session, _) = try executor.apply(command, to: Session(), at: range)
        #expect(session.dataset(named: "m")?.column(named: "v")?.numbers == [5, 7, 6])
        #expect(engine.taken().isEmpty)
    }

    /// `describe` of a remote dataset with a coded text column plans its questions at once —
    /// the text's counts and its values in order, the columns' summary — one batch, which the
    /// runner answers together.
    @Test func aDescriptionsQuestionsAreOneBatch() throws {
        var texted = RemoteTable(
            xColumn: "t", columns: ["t", "v", "host"], timeColumns: ["t"], estimatedRows: 1000,
            firstRow: [1_704_067_200, 1, 0], lastRow: [1_704_067_200 + 999 * 60, 2, 1])
        texted.texts["host"] = ["a", "b"]
        texted.rowCount = 1000
        texted.mostRowsPerX = 1
        let opened = texted
        let engine = AnswerTable { question throws(DatabaseFailure) in
            guard case .open = question else { throw .query("not in the table", offset: nil) }
            return .table(opened)
        }
        let (runner, notebook) = Self.session(Self.load, engine)
        let wanted = try #require(
            try Self.wanted("describe d", on: notebook.session, runner.executor))
        let kinds = wanted.questions.map { question -> String in
            switch question {
            case .transformRows: "counts"
            case .rows: "values"
            case .aggregates: "summary"
            default: "other"
            }
        }
        #expect(kinds == ["counts", "values", "summary"], "\(wanted.questions)")
        #expect(engine.taken().isEmpty)
    }

    /// A remote dataset's refusal points at the option that asked what its rows cannot give
    /// (`add plot`'s and `set plot`'s), not at the command's first word.
    @Test func aRefusalPointsAtTheOptionThatAsked() throws {
        let (runner, notebook) = Self.session(Self.load + "\nadd plot line d.v", Self.engine())
        let cases = [
            ("add plot line d.v as w labels=percent", "labels=percent"),
            ("add plot line d.v as w style=smooth", "style=smooth"),
            ("set plot v labels=on", "labels=on"),
            ("set plot v x=v", "x=v"),
        ]
        for (line, option) in cases {
            let (command, range) = try Self.parsed(line)
            do throws(Diagnostic) {
                _ = try runner.executor.apply(command, to: notebook.session, at: range)
                Issue.record("\(line): not refused")
            } catch {
                guard case .remoteNeedsLocal = error.kind else {
                    Issue.record("\(line): \(error.message)")
                    continue
                }
                let column = try #require(line.range(of: option)).lowerBound.utf16Offset(in: line)
                #expect(error.range.start.column == column + 1, "\(line)")
                #expect(error.range.length == option.count, "\(line)")
            }
        }
    }

    /// A statement's answer of a few cells (nil: NULL).
    struct Cells: StatementAnswer {
        let cells: [[String?]]
        var rows: Int { cells.count }
        var columns: Int { cells.first?.count ?? 0 }
        func isNull(_ row: Int, _ column: Int) -> Bool { cells[row][column] == nil }
        func utf8(_ row: Int, _ column: Int) -> [UInt8] { Array((cells[row][column] ?? "").utf8) }
    }

    /// The groups of every `by=` a reload forgot are asked as one batch.
    @Test func everyGroupingsGroupsAreOneBatch() throws {
        let base = Self.engine()
        let engine = AnswerTable { question throws(DatabaseFailure) in
            if case .rows = question {
                return .rows(AnsweredRows(Cells(cells: [["1", "0"], ["2", "5"]])))
            }
            return try base.answer(question, shouldCancel: { false })
        }
        let runner = Self.runner(engine)
        var notebook = Notebook()
        let text = Self.run(
            Self.load + "\nadd plot line d.v by=v\nadd plot line d.v as w by=v where=v>0", runner,
            in: &notebook)
        #expect(notebook.session.plots.count == 2, "\(text)")
        var session = notebook.session
        session.datasets[0].remote?.groups = [:]
        _ = engine.taken()
        let wanted = try #require(try Self.wanted("set title \"x\"", on: session, runner.executor))
        let rows = wanted.questions.filter {
            if case .rows = $0 { return true }
            return false
        }
        #expect(rows.count == 2 && wanted.questions.count == 2, "\(wanted.questions)")
        #expect(engine.taken().isEmpty)
    }
}
