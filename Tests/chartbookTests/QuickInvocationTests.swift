import ArgumentParser
import ChartbookData
import Testing
@testable import chartbook

/// `Invocation.quick` reads the plain forms without swift-argument-parser (issue 53): where
/// it reads arguments at all, it must read them as the parser does.
@Suite struct QuickInvocationTests {
    /// Arguments a person types, and ones the quick reading must leave to the parser.
    static let words = [
        "a.cb", "dir/b c.cb", "-e", "gen w walk 10; add plot line w", "load x.csv", "-x",
        "--each", "--keep-going", "--size", "80x24", "120X40", "0x0", "4x", "2001x10", "--color",
        "auto", "off", "16", "256", "truecolor", "blue", "--canvas", "braille", "block",
        "ascii", "dots", "--svg", "out.svg", "-", "--size=80x24", "--", "--png", "p.png",
        "plot", "check", "help", "", "--version", "-h", "--nope", "--pictures", "kitty",
        "--follow", "-ee",
    ]

    @Test func readsWhatTheParserReads() throws {
        var random = RandomSource(seed: 53)
        var read = 0
        for _ in 0..<1500 {
            let count = Int(random.next() % 8)
            let arguments = (0..<count).map { _ in
                Self.words[Int(random.next() % UInt64(Self.words.count))]
            }
            guard let quick = Invocation.quick(arguments) else { continue }
            read += 1
            let parsed = try? ChartbookCLI.parseAsRoot(arguments) as? ChartbookCLI
            #expect(parsed?.invocation == quick, "\(arguments)")
        }
        // Not a vacuous pass: the plain forms come up often among the generated arguments.
        #expect(read > 150)
    }

    @Test func plainChartArguments() throws {
        let arguments = ["--size", "80x24", "a.cb", "-e", "add plot line w", "--each", "-e", "x"]
        let quick = try #require(Invocation.quick(arguments))
        #expect(quick.scripts == ["a.cb"] && quick.commands == ["add plot line w", "x"])
        #expect(quick.size == CellSize(argument: "80x24") && quick.each)
        #expect(quick == (try ChartbookCLI.parseAsRoot(arguments) as? ChartbookCLI)?.invocation)
    }

    @Test func leavesEverythingElseToTheParser() {
        for arguments in [
            ["--size=80x24"], ["--size", "4x"], ["--help"], ["-e", "-x"], ["--svg", "-"],
            ["--size", "80x24", "--size", "90x24"], ["a.cb", "plot"], ["--play", "l.cb"], ["-"],
        ] {
            #expect(Invocation.quick(arguments) == nil, "\(arguments)")
        }
    }
}
