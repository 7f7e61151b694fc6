import Foundation
import Testing
import ChartbookModel
import ChartbookCommands
import ChartbookTerminal
import ChartbookSVG
@testable import ChartbookKit

/// Reads files from the fixtures folder of the source tree.
struct FixtureFiles: FileAccess {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures").path

    func resolve(_ path: String, relativeTo directory: String?) -> String {
        path.hasPrefix("/") ? path : (directory ?? Self.directory) + "/" + path
    }

    func read(_ path: String) throws(FileAccessError) -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw FileAccessError("no such file")
        }
        return [UInt8](data)
    }

    /// The file with an identity (its inode, size and modification time), so that it can be
    /// read on demand.
    func map(_ path: String, budget: Int) throws(FileAccessError) -> MappedBytes {
        let bytes = try read(path)
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let modified = (attributes?[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let identity = FileIdentity(
            device: 0, inode: (attributes?[.systemFileNumber] as? UInt64) ?? 0, size: bytes.count,
            modified: Int64(modified * 1e9))
        return MappedBytes(bytes: bytes, identity: identity)
    }
}

/// Every script in Fixtures/ is replayed at a pinned size (each sets its own) and compared
/// with `NAME.txt` (plain text), `NAME.styled.txt` (text and colour runs) and `NAME.svg`.
/// Record again with RECORD_GOLDENS=1 and read the diff before committing: a recording run
/// fails (as swift-snapshot-testing's record mode does), so a recording never passes for a test.
@Suite struct GoldenTests {
    static let scripts: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: FixtureFiles.directory)) ?? [])
        .filter { $0.hasSuffix(".cb") }.sorted()

    static let recording = ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1"

    @Test func fixturesExist() { #expect(Self.scripts.count >= 8) }

    /// Issue 30: every element id of every recorded SVG is unique (a `by=` plot's groups,
    /// a line and its dots, had one id between them).
    @Test func everyRecordedSVGHasUniqueIDs() throws {
        for script in Self.scripts {
            let path = FixtureFiles.directory + "/" + script.dropLast(3) + ".svg"
            let svg = try String(contentsOfFile: path, encoding: .utf8)
            let ids = svg.components(separatedBy: " id=\"").dropFirst().map {
                String($0.prefix { $0 != "\"" })
            }
            #expect(Set(ids).count == ids.count, "\(script): \(ids)")
        }
    }

    /// Each script twice: reading files whole, and with columns on demand for every file
    /// (`onDemandFrom` 0) — the same charts, byte for byte.
    @Test(arguments: scripts, [false, true])
    func replay(_ script: String, onDemand: Bool) throws {
        if onDemand && Self.recording { return }
        let path = FixtureFiles.directory + "/" + script
        let text = String(decoding: try FixtureFiles().read(path), as: UTF8.self)
        var notebook = Notebook()
        var diagnostics = ""
        var executor = Executor(files: FixtureFiles())
        if onDemand { executor.limits.onDemandFrom = 0 }
        let runner = ScriptRunner(executor: executor)
        let outcome = runner.run(
            ScriptSource(name: script, text: text, directory: FixtureFiles.directory), in: &notebook
        ) { event in
            if case .diagnostic(let d) = event { diagnostics += d }
        }
        #expect(outcome == .completed, "\(diagnostics)")
        let target = TerminalTarget(columns: 72, rows: 22, colorMode: .ansi256)
        let grid = ChartRenderer.grid(for: notebook.session, on: target)
        let plain = grid.lines.joined(separator: "\n") + "\n"
        let styled = StyledDump.describe(grid)
        for line in grid.lines { #expect(TextMetrics.width(of: line) == grid.width) }
        #expect(!ChartRenderer.text(for: notebook.session, on: target).contains("\u{1B}]"))
        let base = FixtureFiles.directory + "/" + script.dropLast(3)
        try check(plain, against: base + ".txt")
        try check(styled, against: base + ".styled.txt")
        try check(
            SVGExporter.svg(for: notebook.session, on: target, description: script),
            against: base + ".svg")
    }

    func check(_ actual: String, against path: String) throws {
        if Self.recording {
            let previous = try? String(contentsOfFile: path, encoding: .utf8)
            try actual.write(toFile: path, atomically: true, encoding: .utf8)
            Issue.record(
                previous == actual
                    ? "RECORD_GOLDENS=1: \(path) unchanged; run again without it"
                    : "RECORD_GOLDENS=1: recorded \(path); look at it, then run again without RECORD_GOLDENS"
            )
            return
        }
        let expected = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            actual == expected, "\(path) differs; run with RECORD_GOLDENS=1 and review the diff")
    }
}
