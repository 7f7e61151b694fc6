import ChartbookCommands
import ChartbookModel
import Testing

@testable import ChartbookKit

/// Issue 25, item 14: x labels far longer than the chart are shortened, never dropped, and
/// cost what short ones do (a 50 MB label took 43 s to plot).
@Suite struct LongLabelTests {
    @Test(arguments: ["bar", "line"]) func longLabelsAreShortenedNotDropped(kind: String) {
        let long = String(repeating: "Salmonberry ", count: 20_000)
        let files = InMemoryFiles([
            "/work/f.csv": "name,v\nA \(long),1\nB \(long),2\nC \(long),3\n"
        ])
        let session = sessionAfter(
            "load /work/f.csv labels=name\nadd plot \(kind) f.v", files: files)
        let target = TerminalTarget(columns: 90, rows: 12, colorMode: .none)
        let text = ChartRenderer.text(for: session, on: target)
        #expect(text.contains("A Salmonberry"))
        #expect(text.contains("…"))
        for line in text.split(separator: "\n") { #expect(line.count <= 90) }
    }

    @Test func truncatingReadsOnlyWhatFits() {
        let huge = String(repeating: "x", count: 5_000_000)
        #expect(TextMetrics.truncated(huge, toWidth: 10) == "xxxxxxxxx…")
        #expect(TextMetrics.truncated("short", toWidth: 10) == "short")
        #expect(TextMetrics.truncated("日本語です", toWidth: 5) == "日本…")
        #expect(TextMetrics.truncated("abc", toWidth: 3) == "abc")
    }
}
