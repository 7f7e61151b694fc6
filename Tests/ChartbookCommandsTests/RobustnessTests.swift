import Testing
import ChartbookModel
import ChartbookData
@testable import ChartbookCommands

/// Random command lines from a soup of real and broken tokens, against a populated notebook:
/// nothing crashes, and every command that fails leaves the notebook exactly as it was.
@Suite struct RobustnessTests {
    static let soup = [
        "add", "plot", "line", "bar", "dot", "area", "sparkline", "refline", "set", "remove",
        "select", "scroll", "view",
        "data", "load", "gen", "push", "drop", "describe", "reload", "help", "undo", "redo", "show",
        "list", "plots",
        "reflines", "labels", "range", "zero", "title", "legend", "size", "color", "canvas",
        "theme", "spacing",
        "direction", "padding", "snapshot", "save", "svg", "source", "echo", "history", "reset",
        "s", "s.rev", "s.month", "w", "x", "nope", "r1", "mean", "p95", "relative", "absolute",
        "on", "off", "auto", "adapt",
        "0", "-1", "3.5", "1e308", "1e-400", "nan", "inf", "99999999999999999999", "0..10", "..5",
        "5..", "10..0", "80x24", "0x0",
        "color=red", "color=#zzz", "width=3", "width=-2", "style=smooth", "marker=\"★\"",
        "size=0.5", "fill=gradient",
        "gradient=red..blue", "kind=bar", "height=99", "labels=both", "format=suffix",
        "decimals=99", "sparsity=0", "window=3",
        "left=2", "right=-1", "as", "=", "==", "\"str\"", "\"unterminated", "\"esc\\q\"",
        "\"\\u{1F600}\"", "#comment", ";", "\\",
        "日本", "\u{1B}[2J", "+5", "-", "x=", "=y", "last", "none", "start", "end", "force", "ltr",
        "rtl", "block", "ascii",
    ]

    @Test func randomCommandsNeverCrashAndFailuresChangeNothing() {
        var h = Harness()
        h.files = InMemoryFiles(["/work/s.csv": "month,rev,cost\nJan,1,2\nFeb,3,4\nMar,2,5\n"])
        #expect(
            h.run(
                "load s.csv labels=month; gen w walk 50 seed=3; add plot line s.rev as r; add plot bar w; add refline 2"
            ) == nil)
        var random = RandomSource(seed: 4242)
        var failures = 0
        for _ in 0..<3000 {
            let count = 1 + Int(random.next() % 7)
            let line = (0..<count).map { _ in
                Self.soup[Int(random.next() % UInt64(Self.soup.count))]
            }.joined(separator: " ")
            let before = h.notebook
            if h.run(line) != nil {
                failures += 1
                // A failing line may have run commands before the failing one (`a; b`); only
                // single-command lines must leave everything untouched.
                if !line.contains(";") {
                    #expect(h.notebook == before, "'\(line)' failed but changed the notebook")
                }
            }
            if h.session.datasets.isEmpty { h.run("undo") }
        }
        #expect(failures > 100)  // the soup really exercises the error paths
    }
}
