import ChartbookCommands
import ChartbookData
import ChartbookKit
import ChartbookModel
import ChartbookSVG
import ChartbookTerminal

/// The four input surfaces, each as a function from bytes to the invariants it broke
/// (empty: none). libFuzzer drives them (Fuzz/, `Scripts/fuzz`), where a broken invariant
/// aborts; the test suite replays every saved input (Fuzz/corpus, Fuzz/crashes) through them.
public enum FuzzHarness {
    /// Small limits: the fuzzer explores refusals instead of allocating gigabytes.
    public static let limits = ResourceLimits(
        maxFieldBytes: 4096, maxLineBytes: 1 << 16, maxColumns: 64, memoryBudget: 1 << 18,
        maxPlots: 16, maxMarkedLines: 16, maxGroups: 8)

    /// The files every input starts with, by absolute path (text, UTF-8).
    static let fixtureFiles: [String: String] = [
        "/work/s.csv": "month,rev,cost\nJan,1,2\nFeb,3,4\nMar,2,5\n",
        "/work/j.json": #"[{"t": 1, "v": 2.5}, {"t": 2, "v": null}]"#,
        "/work/inc.cb": "gen inc linear 5; add plot bar inc",
        "/work/t.csv": "d,n,k,v\n2004-01-01,3,a,1\n2004-03-01T10:00:00Z,-1,b,5\n"
            + "Jan 5 2005,0,a,nan\n2004/02/01,1e300,c,2\n9999-12-31,7,b,-3\n",
        // Issue 25: scripts that play themselves or each other; files cut mid-record;
        // labels whose quotes and brackets are glued into grapheme clusters.
        "/work/self.cb": "gen w walk 5; add plot line w; play self.cb",
        "/work/loop.cb": "source self.cb",
        "/work/cut.csv": "a,b\n1,\"2\n3",
        // The dataset fuzzed `let` expressions compute a column of (`ExpressionFuzzing`).
        "/work/fz.csv": "t,v,n,s\n2004-01-01,1,0,a\n2004-03-01,,1,\n1970-01-01,-2.5,2,b\u{301}\n"
            + "2030-06-01,1e300,3,aaaa\n",
        "/work/cut.json": #"[{"t": 1, "v": 2.5}, {"t": "#,
        "/work/glued.csv": "name,v\n\"\u{600}<s>\",1\n\"<\u{301}set/>\u{301}\",2\n"
            + "\"q\u{600}\"\"\",3\n\"a]]>\u{301}\",4\n",
    ]

    /// Files the sessions can read and write (in memory; a fresh copy for each input).
    static func files() -> InMemoryFiles {
        InMemoryFiles(fixtureFiles)
    }

    static func executor() -> Executor {
        var executor = Executor(files: files())
        executor.limits = limits
        return executor
    }

    /// The populated notebook every input starts from (made once: a value, never mutated).
    static let initial: Notebook = {
        var notebook = Notebook()
        _ = ScriptRunner(executor: executor()).run(
            ScriptSource(name: "setup", text: FuzzVocabulary.setup), in: &notebook
        ) { _ in }
        return notebook
    }()

    /// The bytes as a script (lossy UTF-8), command by command against a populated notebook:
    /// a command that fails must leave the notebook exactly as it was.
    public static func commands(_ data: [UInt8]) -> [String] {
        let text = String(decoding: data, as: UTF8.self)
        var notebook = initial
        let problems = transactions(ScriptSource(name: "fuzz", text: text), &notebook)
        return problems + savedScriptProblems(notebook.session)
    }

    /// The `let` expression language (`ExpressionFuzzing`), against the populated notebook,
    /// which holds the dataset `fz` it computes a column of.
    public static func expressions(_ data: [UInt8]) -> [String] {
        ExpressionFuzzing.run(data, limits: limits, initial: initial)
    }

    /// `source` command by command on `notebook`, each its own transaction: a command that
    /// fails must leave the notebook exactly as it was (each failure formatted as a
    /// diagnostic, which must not crash either).
    static func transactions(_ source: ScriptSource, _ notebook: inout Notebook) -> [String] {
        let executor = executor()
        var problems = [String]()
        for line in Lexer.logicalLines(source) {
            guard let commands = try? Lexer.commands(in: line) else { continue }
            for tokens in commands {
                let before = notebook
                do {
                    let command = try Parser.parse(tokens)
                    _ = try executor.run(
                        command, text: tokens.text, at: tokens.tokens[0].range, in: &notebook)
                } catch {
                    _ = DiagnosticFormatter.format(error.located(in: source))
                    if notebook != before {
                        problems.append("'\(tokens.text)' failed but changed the session")
                    }
                }
            }
        }
        return problems
    }

    /// `save script` writes one command a line: a line that lexes as more or fewer commands
    /// means text from the session escaped its string (a script injection).
    static func savedScriptProblems(_ session: Session) -> [String] {
        let script = SessionScript.text(for: session, scriptDirectory: "/work")
        var problems = [String]()
        for line in Lexer.logicalLines(ScriptSource(name: "saved", text: script)) {
            let text = line.text.drop { $0 == " " }
            guard !text.isEmpty, !text.hasPrefix("#") else { continue }
            guard let commands = try? Lexer.commands(in: line), commands.count == 1 else {
                problems.append("save script wrote a line that does not read as one command")
                continue
            }
        }
        return problems
    }

    /// The bytes as a CSV/TSV file, read by the fast path and by the general scanner (which
    /// must agree exactly), and as JSON. Tables must be rectangular, names and text sanitised.
    public static func readers(_ data: [UInt8]) -> [String] {
        var fast = DelimitedReader(limits: limits)
        var general = fast
        general.useFastPath = false
        var problems = [String]()
        let results = data.withUnsafeBufferPointer { buffer in
            (
                Result { () throws(DataError) in try fast.read(buffer, parallel: false) },
                Result { () throws(DataError) in try general.read(buffer, parallel: false) },
                Result { () throws(DataError) in try JSONTableReader(limits: limits).read(buffer) }
            )
        }
        switch (results.0, results.1) {
        case (.success(let a), .success(let b)):
            if !TableComparison.same(a, b) {
                problems.append("fast and general paths read different tables")
            }
            problems += TableComparison.invariants(a)
        case (.failure(let a), .failure(let b)):
            if a != b { problems.append("fast path: \(a), general path: \(b)") }
        case (.success, .failure(let e)): problems.append("only the general path failed: \(e)")
        case (.failure(let e), .success): problems.append("only the fast path failed: \(e)")
        }
        if case .success(let table) = results.2 { problems += TableComparison.invariants(table) }
        fast.useFastPath = true
        return problems
    }

    /// The bytes as a session and a size: the first two bytes give columns (0…199) and rows
    /// (0…59), the third the colour mode and canvas; each further byte picks a word of
    /// `FuzzVocabulary.drawingWords` (its top bit ends the command line). The chart is drawn
    /// for the terminal and as SVG: every grid line the grid's width, no escape from data,
    /// a complete SVG document with no control characters.
    public static func layout(_ data: [UInt8]) -> [String] {
        guard data.count >= 3 else { return [] }
        let words = FuzzVocabulary.drawingWords
        var script = ""
        for byte in data.dropFirst(3) {
            script += words[Int(byte & 0x7f) % words.count] + (byte & 0x80 != 0 ? "\n" : " ")
        }
        var notebook = initial
        let runner = ScriptRunner(executor: executor())
        _ = runner.run(ScriptSource(name: "fuzz", text: script), in: &notebook) { _ in }
        let modes: [ColorMode] = [.none, .ansi16, .ansi256, .truecolor]
        var session = notebook.session
        session.output.canvas = Canvas.allCases[Int(data[2] >> 2) % Canvas.allCases.count]
        let target = TerminalTarget(
            columns: Int(data[0]) % 200, rows: Int(data[1]) % 60, colorMode: modes[Int(data[2]) % 4]
        )
        var problems = [String]()
        let grid = ChartRenderer.grid(for: session, on: target)
        for line in grid.lines where TextMetrics.width(of: line) != grid.width {
            problems.append(
                "a line of width \(TextMetrics.width(of: line)) in a grid of \(grid.width)")
        }
        let text = ChartRenderer.text(for: session, on: target)
        if text.contains("\u{1B}]") || text.contains("\u{7}") || text.contains("\u{1B}[2J") {
            problems.append("an escape sequence from data reached the terminal")
        }
        let svg = SVGExporter.svg(for: session, on: target)
        if !svg.hasSuffix("</svg>\n") { problems.append("incomplete SVG") }
        problems += markupProblems(svg)
        if svg.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\n" }) {
            problems.append("a control character in the SVG")
        }
        return problems
    }

    /// The elements the SVG writer makes: any other after a `<` came from data (issue 25).
    static let svgElements: Set<String> = [
        "svg", "g", "path", "rect", "text", "line", "circle", "defs", "linearGradient",
        "radialGradient", "stop", "clipPath", "title", "desc",
    ]

    /// Markup that did not come from the writer (after its `<?xml` declaration): an element
    /// it does not make, a `]]>`.
    static func markupProblems(_ svg: String) -> [String] {
        var problems = [String]()
        let scalars = Array(svg.unicodeScalars)
        for (i, scalar) in scalars.enumerated() where scalar == "<" && i > 0 {
            var name = ""
            var j = i + 1
            if j < scalars.count, scalars[j] == "/" { j += 1 }
            while j < scalars.count, scalars[j].properties.isAlphabetic {
                name.unicodeScalars.append(scalars[j])
                j += 1
            }
            if !svgElements.contains(name) { problems.append("markup from data: <\(name)") }
        }
        if svg.contains("]]>") { problems.append("']]>' in character data") }
        return problems
    }
}
