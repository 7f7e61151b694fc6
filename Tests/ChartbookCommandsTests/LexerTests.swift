import Testing
@testable import ChartbookCommands

@Suite struct LexerTests {
    func tokens(_ text: String) throws -> [[Token]] {
        let lines = Lexer.logicalLines(ScriptSource(name: "t", text: text))
        return try lines.flatMap { try Lexer.commands(in: $0).map(\.tokens) }
    }

    @Test func wordsStringsAndEquals() throws {
        let t = try tokens(#"add refline 50 "the \"target\"" color=#16aafc"#)[0]
        #expect(
            t.map(\.text) == ["add", "refline", "50", #"the "target""#, "color", "=", "#16aafc"])
        #expect(t.map(\.kind) == [.word, .word, .word, .string, .word, .equals, .word])
        #expect(t[3].range == SourceRange(line: 1, column: 16, length: 16))
        #expect(t[6].range.start.column == 39)
    }

    @Test func semicolonsSplitCommandsAndHashStartsAComment() throws {
        let commands = try tokens("show; list # a comment; not a command\nundo")
        #expect(commands.map { $0.map(\.text) } == [["show"], ["list"], ["undo"]])
        #expect(commands[2][0].range.start == SourceLocation(line: 2, column: 1))
    }

    @Test func hashInsideAWordOrAfterEqualsIsNotAComment() throws {
        #expect(
            try tokens("set plot a color= #fff")[0].map(\.text) == [
                "set", "plot", "a", "color", "=", "#fff",
            ])
        #expect(try tokens("load a#b.csv")[0].map(\.text) == ["load", "a#b.csv"])
    }

    @Test func continuationJoinsLinesAndKeepsPositions() throws {
        let commands = try tokens("add plot line \\\n   w color=red")
        #expect(commands.count == 1)
        #expect(commands[0].map(\.text) == ["add", "plot", "line", "w", "color", "=", "red"])
        #expect(commands[0][3].range.start == SourceLocation(line: 2, column: 4))
    }

    @Test func escapes() throws {
        #expect(try tokens(#"set title "a\tb\nc\\d\u{1F600}""#)[0][2].text == "a\tb\nc\\d😀")
    }

    @Test func crlfLines() throws {
        #expect(try tokens("show\r\nlist\r\n").map { $0[0].text } == ["show", "list"])
    }

    @Test func unterminatedStringPointsAtTheQuote() {
        #expect(
            throws: Diagnostic(.unterminatedString, at: SourceRange(line: 1, column: 11, length: 1))
        ) {
            try tokens(#"set title "oops"#)
        }
    }

    @Test func badEscape() {
        #expect(
            throws: Diagnostic(
                .invalidEscape("\\q"), at: SourceRange(line: 1, column: 13, length: 2))
        ) {
            try tokens(#"set title "a\q""#)
        }
    }
}
