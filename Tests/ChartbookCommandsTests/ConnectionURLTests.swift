import ChartbookModel
import Testing

@testable import ChartbookCommands

/// Passwords in PostgreSQL URLs never reach what chartbook shows or keeps (issue 13).
@Suite struct ConnectionURLTests {
    @Test(arguments: [
        ("postgres://ann:s3cret@db:5432/shop", "postgres://ann@db:5432/shop"),
        ("postgresql://ann@db/shop", "postgresql://ann@db/shop"),
        ("postgres://ann:p@ss@db/x", "postgres://ann@db/x"),
        ("postgres://db/x?password=s3cret&sslmode=require", "postgres://db/x?sslmode=require"),
        ("postgres://db/x?password=s3cret", "postgres://db/x"),
        ("/data/file.csv", "/data/file.csv"),
    ])
    func withoutPassword(_ url: String, _ shown: String) {
        #expect(ConnectionURL.withoutPassword(url) == shown)
    }

    @Test func aCommandLineKeepsEverythingButThePassword() {
        #expect(
            ConnectionURL.redacting(#"load postgres://ann:s3cret@db/x "SELECT 1" as d"#)
                == #"load postgres://ann@db/x "SELECT 1" as d"#)
        #expect(ConnectionURL.redacting("add plot line d.v") == "add plot line d.v")
    }

    @Test func theNotebookKeepsStepsWithoutPasswords() {
        var notebook = Notebook()
        var changed = notebook.session
        changed.output.title = "t"
        notebook.commit(changed, command: #"load postgres://ann:s3cret@db/x "SELECT 1""#)
        #expect(notebook.entries.map(\.command) == [#"load postgres://ann@db/x "SELECT 1""#])
        #expect(notebook.undo()?.contains("s3cret") == false)
    }
}
