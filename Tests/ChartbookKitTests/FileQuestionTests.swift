import ChartbookCommands
import ChartbookData
import ChartbookModel
import Synchronization
import Testing

@testable import ChartbookKit

/// Issue 52: what a command reads from a file is a question too (`FileQuestion`): `apply`
/// reads no file — it stops needing it — and `run` reads it between two runs, once per
/// command however many times the command runs again for its engines' answers.
struct FileQuestionTests {
    /// Files in memory that count how often each path is mapped (what reading a data file
    /// does: `load`, `reload`, a column read on demand).
    struct CountingFiles: FileAccess {
        final class Counts: Sendable {
            let maps = Mutex([String: Int]())
        }
        let files: InMemoryFiles
        let counts = Counts()

        init(_ files: [String: String]) { self.files = InMemoryFiles(files) }

        func resolve(_ path: String, relativeTo directory: String?) -> String {
            files.resolve(path, relativeTo: directory)
        }
        func read(_ path: String) throws(FileAccessError) -> [UInt8] { try files.read(path) }
        func list(_ directory: String) -> [DirectoryEntry] { files.list(directory) }
        func head(_ path: String, bytes: Int) -> [UInt8]? { files.head(path, bytes: bytes) }
        func map(_ path: String, budget: Int) throws(FileAccessError) -> MappedBytes {
            counts.maps.withLock { $0[path, default: 0] += 1 }
            return try files.map(path, budget: budget)
        }

        /// How often each path was mapped since the last call; forgets them.
        func taken() -> [String: Int] {
            counts.maps.withLock { maps in
                defer { maps = [:] }
                return maps
            }
        }
    }

    /// 400 rows, one a minute, of a time and a number: loaded on demand (its columns read
    /// when a drawing needs them) with `onDemandFrom` below its size.
    static let csv: String = {
        var text = "t,y\n"
        for i in 0..<400 {
            text += "2024-01-01T\(String(format: "%02d:%02d", i / 60, i % 60)):00Z,\(i % 7)\n"
        }
        return text
    }()

    static func executor(_ files: CountingFiles) -> Executor {
        var executor = Executor(files: files)
        executor.limits.onDemandFrom = 1024
        return executor
    }

    @Test func applyReadsNoFileItStopsWithTheFileItNeeds() throws {
        let files = CountingFiles(["/work/a.csv": Self.csv])
        var executor = Self.executor(files)
        let (command, range) = try EngineQuestionTests.parsed("load a.csv")
        var wanted = [FileQuestion]()
        do throws(Diagnostic) {
            _ = try executor.apply(command, to: Session(), at: range)
        } catch {
            guard case .unread(let questions) = error.kind else { throw error }
            wanted = questions
        }
        #expect(files.taken().isEmpty)
        guard wanted.count == 1, case .dataset(_, let resolved, let name, _, _, _) = wanted[0]
        else {
            Issue.record("wanted \(wanted)")
            return
        }
        #expect(resolved == "/work/a.csv")
        #expect(name == "a")
        // Given the answer, it runs through, reading nothing.
        executor.fileAnswers.record(executor.readFile(wanted[0]), for: wanted[0])
        #expect(files.taken() == ["/work/a.csv": 1])
        let (session, _) = try executor.apply(command, to: Session(), at: range)
        #expect(session.dataset(named: "a")?.count == 400)
        #expect(files.taken().isEmpty)
        // A failure is an answer too: the command fails as the read did.
        let missing = try EngineQuestionTests.parsed("load b.csv")
        var notebook = Notebook()
        #expect(throws: Diagnostic.self) {
            try executor.run(missing.0, text: "load b.csv", at: missing.1, in: &notebook)
        }
        #expect(notebook.session.datasets.isEmpty)
    }

    /// A `reload` beside a remote dataset runs again for each batch of its engine's
    /// answers; the file is read once all the same — its structure, then the column its
    /// plot draws (on demand) — and the chart is the one a fresh load draws.
    @Test func aReloadReadsEachFileOnceHoweverOftenItRuns() throws {
        let files = CountingFiles(["/work/a.csv": Self.csv])
        let engine = EngineQuestionTests.engine()
        var runner = EngineQuestionTests.runner(engine)
        runner.executor.files = files
        runner.executor.limits.onDemandFrom = 1024
        var notebook = Notebook()
        let script = """
            load a.csv
            \(EngineQuestionTests.load)
            add plot line d.v
            add plot line a.y
            """
        _ = EngineQuestionTests.run(script, runner, in: &notebook)
        #expect(notebook.session.plots.count == 2)
        #expect(files.taken() == ["/work/a.csv": 2])
        _ = engine.taken()
        let before = notebook.session.dataset(named: "a")
        let text = EngineQuestionTests.run("reload", runner, in: &notebook)
        #expect(text.contains("reloaded a"))
        // The remote dataset was opened again, the file read once: structure and column.
        #expect(engine.taken().contains { if case .open = $0 { true } else { false } })
        #expect(files.taken() == ["/work/a.csv": 2])
        #expect(notebook.session.dataset(named: "a")?.columns == before?.columns)
    }
}
