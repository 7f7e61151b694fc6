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
        // Issue 25: libpq takes `?` and `#` in a password unencoded (the user info is what
        // comes before the first `/`); the password was shown whole.
        ("postgres://ann:se?cr#et@db/x", "postgres://ann@db/x"),
        ("postgres://ann:se?cret@db", "postgres://ann@db"),
        ("postgres://db?sslmode=require", "postgres://db?sslmode=require"),
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

    /// Issue 25: a quoted URL is one word however many blanks its password holds, and a
    /// message of libpq's that quotes the URL or a piece of the password shows neither.
    @Test func quotedURLsAndLibpqMessagesLoseThePassword() {
        #expect(
            ConnectionURL.redacting(#"load "postgres://ann:a b;c@db/x" "SELECT 1""#)
                == #"load "postgres://ann@db/x" "SELECT 1""#)
        let url = "postgres://ann:s3cr%zzet@[::1/db"
        let message = ConnectionURL.redacting(
            "invalid percent-encoded token: \"s3cr%zzet\" in \"\(url)\"", about: url)
        #expect(!message.contains("s3cr"))
        #expect(message.contains("postgres://ann@[::1/db"))
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
