import Testing
import ChartbookFuzzing
import ChartbookModel
import ChartbookData
@testable import ChartbookCommands

/// Random command lines from a soup of real and broken tokens, against a populated notebook:
/// nothing crashes, and every command that fails leaves the notebook exactly as it was.
@Suite struct RobustnessTests {
    static let soup = FuzzVocabulary.commandWords

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
