import CSQLite
import Foundation
import Testing
import ChartbookCommands
import ChartbookModel
@testable import ChartbookKit

/// Issue 13, `load sqlite:…` end to end on a real database file: load, reload, save script,
/// errors pointing at the query.
@Suite struct DatabaseLoadTests {
    static func database() -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("chartbook-db-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent("m.db").path
        exec(
            path,
            "CREATE TABLE m(day TEXT, temp REAL, city TEXT); INSERT INTO m VALUES ('2024-01-01', 3.5, 'Oslo'), ('2024-01-02', 4.5, 'Oslo'), ('2024-01-01', 12, 'Rome');"
        )
        return path
    }

    static func exec(_ path: String, _ sql: String) {
        var db: OpaquePointer?
        sqlite3_open(path, &db)
        sqlite3_exec(db, sql, nil, nil, nil)
        sqlite3_close(db)
    }

    /// Runs `script` on `notebook`; the diagnostics, nil when there were none.
    static func run(_ script: String, _ notebook: inout Notebook) -> String? {
        var diagnostics = ""
        _ = ScriptRunner(executor: Executor(files: InMemoryFiles()), keepGoing: true).run(
            ScriptSource(name: "t.cb", text: script), in: &notebook
        ) { if case .diagnostic(let d) = $0 { diagnostics += d } }
        return diagnostics.isEmpty ? nil : diagnostics
    }

    @Test func loadReloadAndSaveScript() {
        let path = Self.database()
        var h = Notebook()
        #expect(
            Self.run(
                "load sqlite:\(path) \"SELECT day, temp, city FROM m ORDER BY day\" as m x=day; add plot line m.temp by=city",
                &h) == nil)
        #expect(h.session.dataset(named: "m")?.count == 3)
        #expect(h.session.xScaleKind == .time)
        Self.exec(path, "INSERT INTO m VALUES ('2024-01-03', 5, 'Oslo');")
        #expect(Self.run("reload m", &h) == nil)
        #expect(h.session.dataset(named: "m")?.count == 4)
        let script = SessionScript.text(for: h.session, scriptDirectory: nil)
        #expect(
            script.contains(
                "load \"sqlite:\(path)\" \"SELECT day, temp, city FROM m ORDER BY day\" as m x=day")
        )
        var replay = Notebook()
        #expect(Self.run(script, &replay) == nil)
        #expect(replay.session.datasets == h.session.datasets)
    }

    /// A query's one time column is its x, as a file's is (issue 31), and as a query kept in
    /// its engine takes it: without `x=`, local and remote draw the same axis.
    @Test func aQuerysOneTimeColumnIsItsX() {
        let path = Self.database()
        var h = Notebook()
        #expect(
            Self.run(
                "load sqlite:\(path) \"SELECT day, temp FROM m ORDER BY day\" as m; add plot line m.temp",
                &h) == nil)
        #expect(h.session.dataset(named: "m")?.xColumn == "day")
        #expect(h.session.xScaleKind == .time)
        var byRow = Notebook()
        #expect(
            Self.run(
                "load sqlite:\(path) \"SELECT day, temp FROM m ORDER BY day\" as m x=none; add plot line m.temp",
                &byRow) == nil)
        #expect(byRow.session.dataset(named: "m")?.xColumn == nil)
        #expect(byRow.session.xScaleKind != .time)
        let script = SessionScript.text(for: byRow.session, scriptDirectory: nil)
        #expect(script.contains("as m x=none"))
    }

    @Test func errorsPointAtTheQueryOrThePath() {
        let path = Self.database()
        var h = Notebook()
        let bad = "load sqlite:\(path) \"SELECT nope FROM m\""
        let message = Self.run(bad, &h) ?? ""
        #expect(message.contains("error: sqlite could not run the query: no such column: nope"))
        // The caret is under the query string.
        let caret = message.split(separator: "\n").last.map(String.init) ?? ""
        #expect(
            caret.firstIndex(of: "^").map { caret.distance(from: caret.startIndex, to: $0) }
                == bad.distance(from: bad.startIndex, to: bad.firstIndex(of: "\"")!))
        #expect(
            Self.run("load sqlite:/nowhere/x.db \"SELECT 1\"", &h)?.contains(
                "cannot read '/nowhere/x.db'") == true)
        #expect(
            Self.run("load sqlite:\(path) as m", &h)?.contains(
                "expected a query in quotes after sqlite:PATH") == true)
        #expect(
            Self.run("load sqlite:\(path) \"SELECT temp FROM m\" sep=tab", &h)?.contains(
                "unknown option 'sep' for load of a query") == true)
        #expect(h.session.datasets.isEmpty)
    }
}
