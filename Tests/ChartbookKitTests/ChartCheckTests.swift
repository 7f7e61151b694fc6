import Testing
import ChartbookCommands
import ChartbookModel
@testable import ChartbookKit

/// Issue 12, `chartbook check`: record, pass, change, missing, failing, pinned settings.
@Suite struct ChartCheckTests {
    static let script = "# check: size=50x12\ngen w walk 20 seed=2\nadd plot line w\n"

    @Test func recordThenPassThenCatchAChange() {
        let files = InMemoryFiles(["/r/chart.cb": Self.script])
        let check = ChartCheck(files: files)
        #expect(
            check.check("/r/chart.cb")
                == .missing("no recorded /r/chart.txt and .svg; run with --record to make them\n"))
        let recorder = ChartCheck(files: files, record: true)
        #expect(recorder.check("/r/chart.cb") == .recorded)
        #expect(recorder.check("/r/chart.cb") == .unchanged)
        let text = String(decoding: files.files["/r/chart.txt"] ?? [], as: UTF8.self)
        #expect(text.split(separator: "\n").first?.count == 50, "pinned by the header")
        #expect(check.check("/r/chart.cb") == .unchanged)
        try? files.write(Array((Self.script + "set title \"changed\"\n").utf8), to: "/r/chart.cb")
        guard case .changed(let report) = check.check("/r/chart.cb") else {
            Issue.record("a change went unnoticed")
            return
        }
        #expect(report.contains("+") && report.contains("changed"))
        #expect(report.contains("svg:\nelements:"))
        #expect(report.contains("\"changed\" <title>"))
    }

    /// Issue 25, item 12: `--record` writes both files or neither — a failing `.svg` write
    /// (a full disk) took back nothing, leaving a new `.txt` beside the old `.svg`.
    @Test func aRecordingIsBothFilesOrNeither() {
        var files = InMemoryFiles(["/r/chart.cb": Self.script])
        files.readOnlyPrefixes = ["/r/chart.svg"]
        guard case .failed(let why) = ChartCheck(files: files, record: true).check("/r/chart.cb")
        else {
            Issue.record("not failed")
            return
        }
        #expect(why.contains("nothing was recorded"))
        #expect(files.files["/r/chart.txt"] == nil)
        // With an older pair, the old text comes back.
        files.readOnlyPrefixes = []
        #expect(ChartCheck(files: files, record: true).check("/r/chart.cb") == .recorded)
        let recorded = files.files["/r/chart.txt"]
        try? files.write(Array((Self.script + "set title \"new\"\n").utf8), to: "/r/chart.cb")
        files.readOnlyPrefixes = ["/r/chart.svg"]
        #expect(ChartCheck(files: files, record: true).check("/r/chart.cb") != .recorded)
        #expect(files.files["/r/chart.txt"] == recorded)
    }

    @Test func aFailingScriptFails() {
        let files = InMemoryFiles(["/r/bad.cb": "add plot lien w\n"])
        guard case .failed(let why) = ChartCheck(files: files, record: true).check("/r/bad.cb")
        else {
            Issue.record("not failed")
            return
        }
        #expect(why.contains("unknown plot kind 'lien'"))
        #expect(files.files["/r/bad.txt"] == nil)
    }

    @Test func headersPinSizeColourAndCanvas() {
        let pinned = ChartCheck.pinned(
            in: "# a chart\n# check: size=100x30 color=256 canvas=ascii bogus\n",
            defaults: ChartCheck.Pinned())
        #expect(
            pinned == ChartCheck.Pinned(columns: 100, rows: 30, color: .ansi256, canvas: .ascii))
        #expect(ChartCheck.pinned(in: "gen w walk 3\n", defaults: pinned) == pinned)
    }

    @Test func textDiffShowsRemovedThenAddedWithContext() {
        let diff = TextDiff.lines(
            expected: "a\nb\nc\nd\ne\n", actual: "a\nb\nC\nd\ne\n", context: 1)
        #expect(diff == "@@ line 2\n b\n-c\n+C\n d\n")
        #expect(TextDiff.lines(expected: "x\n", actual: "x\n").isEmpty)
    }
}
