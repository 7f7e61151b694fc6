import ChartbookCommands
import ChartbookData
import ChartbookModel
import Testing

@testable import ChartbookKit

/// Columns on demand, seen from the commands: a session that reads its file's columns when
/// they are first needed draws, prints and refuses exactly what a session that read them
/// all at `load` does, and a failed read changes nothing.
@Suite struct OnDemandColumnsTests {
    static let target = TerminalTarget(columns: 60, rows: 16, colorMode: .none)

    /// A long-format file: dates in two forms, two measures, a group and a note.
    static func file(_ random: inout RandomSource, rows: Int) -> String {
        var text = "day,value,value2,group,note\n"
        for row in 0..<rows {
            let r = random.next()
            let day =
                row % 3 == 0
                ? "2024-03-\(10 + row % 18)" : "2024-03-\(10 + row % 18)T0\(row % 10):30:00Z"
            let value = r % 17 == 0 ? "" : String(Double(Int64(r % 2000) - 1000) / 10)
            text += "\(day),\(value),\(row % 50),\(["a", "b", "c"][Int(r % 3)]),n\(r % 5)\n"
        }
        return text
    }

    static let commands = [
        "add plot line d.value x=day", "add plot dot d.value2 x=value", "add plot bar d.value2",
        "add plot line d.value by=group", "add plot line d.value2 where=group=a",
        "add plot histogram d.value", "add refline mean d.value2", "describe d", "show data d",
        "select 3", "scroll +5", "view all", "undo", "undo", "redo", "set data d window=40",
        "reload d", "set labels d.note", "remove plot p1", "save csv /work/out.csv",
        "add plot line d.nosuch", "add plot line d.note", "plots",
    ]

    /// What a person sees after each command: printed text, the chart drawn, or the error.
    static func transcript(_ commands: [String], file: String, onDemand: Bool) -> [String] {
        let files = InMemoryFiles(["/work/d.csv": file])
        var executor = Executor(files: files)
        if onDemand { executor.limits.onDemandFrom = 0 }
        var notebook = Notebook()
        var seen = [String]()
        for line in ["load d.csv as d"] + commands {
            do {
                let tokens = try Lexer.commands(
                    in: Lexer.logicalLines(ScriptSource(name: "t", text: line))[0])[0]
                let command = try Parser.parse(tokens)
                let effects = try executor.run(
                    command, text: line, at: tokens.tokens[0].range, in: &notebook)
                for effect in effects {
                    switch effect {
                    case .print(let text): seen.append(text)
                    case .draw(let session, _):
                        seen.append(ChartRenderer.text(for: session, on: target))
                    default: break
                    }
                }
            } catch {
                seen.append("error: \(error.message)")
            }
        }
        return seen
    }

    @Test func randomSessionsSeeTheSameAsReadingEverythingAtLoad() {
        var random = RandomSource(seed: 2026)
        for round in 0..<12 {
            let file = Self.file(&random, rows: [3, 40, 400][round % 3])
            let commands = (0..<12).map { _ in
                Self.commands[Int(random.next() % UInt64(Self.commands.count))]
            }
            let whole = Self.transcript(commands, file: file, onDemand: false)
            let onDemand = Self.transcript(commands, file: file, onDemand: true)
            #expect(whole == onDemand, "round \(round): \(commands)")
        }
    }

    /// A session with `d.csv` loaded on demand, and its files.
    func loaded(_ text: String) throws -> (Executor, InMemoryFiles, Notebook) {
        let files = InMemoryFiles(["/work/d.csv": text])
        var executor = Executor(files: files)
        executor.limits.onDemandFrom = 0
        var notebook = Notebook()
        try run("load d.csv as d", executor, &notebook)
        #expect(notebook.session.dataset(named: "d")?.isRead == false)
        return (executor, files, notebook)
    }

    @discardableResult
    func run(_ line: String, _ executor: Executor, _ notebook: inout Notebook) throws(Diagnostic)
        -> [Effect]
    {
        let tokens = try Lexer.commands(
            in: Lexer.logicalLines(ScriptSource(name: "t", text: line))[0])[0]
        return try executor.run(
            try Parser.parse(tokens), text: line, at: tokens.tokens[0].range, in: &notebook)
    }

    @Test func onlyTheColumnsDrawnAreRead() throws {
        var (executor, _, notebook) = try loaded("t,a,b\n1,2,3\n4,5,6\n")
        try run("add plot line d.b x=t", executor, &notebook)
        let d = try #require(notebook.session.dataset(named: "d"))
        #expect(d.columns.map(\.isRead) == [true, false, true])
        // `describe` reads every column to print them, and the session stays as it was.
        let steps = notebook.undoStack.count
        let printed = try run("describe d", executor, &notebook)
        let text = printed.compactMap { if case .print(let t) = $0 { t } else { nil } }.joined()
        #expect(text.contains("a       number  2    5    3.5   0"), "\(text)")
        #expect(notebook.undoStack.count == steps)
        #expect(notebook.session.dataset(named: "d")?.columns[1].isRead == false)
    }

    @Test func aFileChangedSinceLoadIsRefusedAndNothingChanges() throws {
        var (executor, files, notebook) = try loaded("t,a\n1,2\n3,4\n")
        try files.write(Array("t,a\n1,2\n3,4\n5,6\n".utf8), to: "/work/d.csv")
        let before = notebook.session
        #expect(throws: Diagnostic.self) { try run("add plot line d.a", executor, &notebook) }
        do throws(Diagnostic) { try run("add plot line d.a", executor, &notebook) } catch {
            #expect(error.message.contains("changed since it was loaded"))
        }
        #expect(notebook.session == before)
        try run("reload d", executor, &notebook)
        try run("add plot line d.a", executor, &notebook)
        #expect(notebook.session.dataset(named: "d")?.count == 3)
    }

    @Test func aColumnWhoseSampleMisledIsRefused() throws {
        // Numbers in the first, middle and last stretch the sample reads; names elsewhere,
        // most of the cells: read whole, the column is text.
        let stretch = DelimitedReader.sampleBytes
        var text = "t,note\n"
        var row = 0
        func add(_ note: (Int) -> String, until bytes: Int) {
            while text.utf8.count < bytes { text += "\(row),\(note(row))\n"; row += 1 }
        }
        add({ "\($0)" }, until: stretch + 100)
        add({ "name\($0)" }, until: 4 * stretch)
        let middle = text.utf8.count
        add({ "\($0)" }, until: middle + stretch * 3 / 2)
        add({ "name\($0)" }, until: 8 * stretch)
        add({ "\($0)" }, until: 8 * stretch + stretch + 100)
        var (executor, _, notebook) = try loaded(text)
        #expect(notebook.session.dataset(named: "d")?.column(named: "note")?.kind == .number)
        do throws(Diagnostic) {
            try run("add plot line d.note", executor, &notebook)
            Issue.record("a text column was drawn")
        } catch {
            #expect(error.message.contains("holds text when read whole, not number"))
        }
        #expect(notebook.session.plots.isEmpty)
    }
}
