import Testing
import ChartbookCommands
import ChartbookModel
@testable import ChartbookKit

/// Issue 12, the HTML notebook: steps with their narration, charts inline, text escaped
/// (Scripts/integration-test opens the page in headless Chromium).
@Suite struct HTMLNotebookTests {
    static let lesson = """
        # check: size=40x10
        # Data first.
        gen w walk 20 seed=1

        # pause
        # Then a <line> & "more".
        add plot area w fill=gradient
        show
        add refline 0 "</script><script>alert(1)</script>"
        save html out.html
        """

    func page() -> String? {
        let files = InMemoryFiles()
        var notebook = Notebook()
        _ = ScriptRunner(executor: Executor(files: files)).run(
            ScriptSource(name: "lesson.cb", text: Self.lesson), in: &notebook
        ) { _ in }
        return files.files["/work/out.html"].map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func stepsCarryTheirNarrationAndCharts() throws {
        let html = try #require(page())
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(html.contains("<p class=\"narration\">Data first.</p>"))
        #expect(html.contains("Then a &lt;line&gt; &amp; &quot;more&quot;."))
        #expect(!html.contains("check: size"), "a check header is a setting, not narration")
        #expect(!html.contains(">pause<"), "a lesson's # pause is a directive, not narration")
        // Three steps (show changes nothing); charts after the two that have plots, in
        // both themes.
        #expect(html.components(separatedBy: "<section class=\"step\"").count - 1 == 3)
        #expect(html.components(separatedBy: "<svg").count - 1 == 4)
        #expect(!html.contains("<?xml"))
    }

    @Test func textFromTheSessionIsEscapedAndIdsAreUnique() throws {
        let html = try #require(page())
        #expect(!html.contains("<script"))
        #expect(html.contains("&lt;/script&gt;"))
        let ids = html.components(separatedBy: " id=\"").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        #expect(Set(ids).count == ids.count, "duplicate ids: \(ids)")
        #expect(html.contains("url(#s2l-fill0)") && html.contains("url(#s2d-fill0)"))
    }

    @Test func undoKeepsNarration() {
        var notebook = Notebook()
        notebook.commit(Session(), command: "x")
        var s = Session()
        s.output.title = "t"
        notebook.commit(s, command: "set title t")
        notebook.narrate(["why"])
        _ = notebook.undo()
        _ = notebook.redo()
        #expect(notebook.entries.last?.narration == ["why"])
        #expect(notebook.entries.last?.session.output.title == "t")
    }
}
