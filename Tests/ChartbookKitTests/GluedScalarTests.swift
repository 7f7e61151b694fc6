@testable import ChartbookCommands
import ChartbookData
import ChartbookModel
import ChartbookSVG
import Testing

@testable import ChartbookKit

/// Issue 25, items 1 and 2 and the script injection: every escaper and the lexer work on
/// Unicode scalars. A grapheme cluster glues a quote or an angle bracket to its neighbour
/// (U+0600 ARABIC NUMBER SIGN before it, U+0301 COMBINING ACUTE ACCENT after it), so an
/// escaper comparing `Character`s let it through; each test failed before the fix.
@Suite struct GluedScalarTests {
    /// Texts built from every troublesome scalar class glued onto syntax characters.
    public static let hostile: [String] = [
        "\u{600}<script>document.title='x'</script>",
        "<\u{301}set attributeName=\"fill\" to=\"red\"/>\u{301}",
        "a]]>\u{301}b", "\u{600}\"onload=\"alert(1)", "q\u{600}'x'", "back\\\u{301}slash",
        "\u{200F}rtl\u{202E}over", "semi\u{600};colon", "hash\u{600}#x", "nul\u{0}byte",
        "\u{600}\"", "\"\u{301}", "café\u{301}", "e\u{301}\u{600},comma\u{600}\n",
    ]

    @Test(arguments: hostile) func svgTextAndAttributesCarryNoMarkup(_ text: String) {
        for escaped in [SVGWriter.escape(text), SVGWriter.escapeAttribute(text)] {
            #expect(!escaped.unicodeScalars.contains("<"))
            #expect(!escaped.unicodeScalars.contains(">"))
        }
        #expect(!SVGWriter.escapeAttribute(text).unicodeScalars.contains("\""))
        #expect(!SVGWriter.escapeAttribute(text).unicodeScalars.contains("'"))
        #expect(!HTMLNotebook.escaped(text).unicodeScalars.contains("<"))
    }

    /// A whole chart and notebook made of hostile labels, title and narration: the only
    /// angle brackets are the writer's own (as many as with plain text of the same shape).
    @Test func chartsAndNotebooksOfHostileTextHaveOnlyTheirOwnMarkup() {
        let target = TerminalTarget(columns: 60, rows: 14, colorMode: .none)
        func documents(_ label: (Int) -> String) -> [String] {
            let labels = (0..<4).map { ScriptQuoting.quoted(label($0)) + ":\($0 + 1)" }
            let script =
                "# \(label(2))\ndata d " + labels.joined(separator: " ")
                + "\nset title \(ScriptQuoting.quoted(label(0)))\nadd plot bar d"
                + "\nadd refline 2 \(ScriptQuoting.quoted(label(1)))"
            var notebook = Notebook()
            _ = ScriptRunner(executor: Executor(files: InMemoryFiles())).run(
                ScriptSource(name: "t", text: script), in: &notebook
            ) { _ in }
            return [
                SVGExporter.svg(for: notebook.session, on: target),
                HTMLNotebook.page(notebook.entries, title: label(0), on: target),
            ]
        }
        let hostile = documents { Self.hostile[$0 % Self.hostile.count] }
        let plain = documents { "label \($0)" }
        #expect(!hostile[0].isEmpty)
        for (a, b) in zip(hostile, plain) {
            #expect(
                a.unicodeScalars.filter { $0 == "<" }.count
                    == b.unicodeScalars.filter { $0 == "<" }.count)
            #expect(!a.contains("]]>"))
        }
    }

    /// `save script` text reads back as the same strings: the lexer sees the quote that
    /// closes a string even when U+0600 precedes it (before, the rest of the line became
    /// commands of its own).
    @Test(arguments: hostile) func quotedTextReadsBackAsOneString(_ text: String) throws {
        let line = "set title " + ScriptQuoting.quoted(text) + "; echo after"
        let logical = Lexer.logicalLines(ScriptSource(name: "t", text: line))
        let commands = try Lexer.commands(in: logical[0])
        #expect(commands.count == 2)
        #expect(commands[0].tokens.last?.text == text)
        #expect(commands[1].tokens.map(\.text) == ["echo", "after"])
    }

    /// A CSV field with a comma or quote glued into a cluster is still quoted (the reader
    /// splits bytes).
    @Test func csvFieldsAreQuotedByScalar() {
        #expect(DatasetTable.field("a\u{600},b") == "\"a\u{600},b\"")
        #expect(DatasetTable.field("q\u{600}\"x") == "\"q\u{600}\"\"x\"")
        #expect(DatasetTable.field("plain") == "plain")
    }

    /// Item 1: identifiers quoted by scalar; a NUL cannot be quoted.
    @Test func sqlIdentifiersDoubleEveryQuoteScalar() {
        let name = "v\u{600}\",1),1),1)FROM t);COMMIT;DELETE FROM log;--"
        let quoted = SQLQuoting.standard.identifier(name)
        let inner = quoted.unicodeScalars.dropFirst().dropLast()
        // Inside, quotes come only in pairs.
        var run = 0
        for scalar in inner {
            if scalar == "\"" { run += 1 } else { #expect(run % 2 == 0); run = 0 }
        }
        #expect(run % 2 == 0)
        #expect(SQLQuoting.standard.identifier("a\"\u{301}b") == "\"a\"\"\u{301}b\"")
        #expect(SQLQuoting.canQuote("é\u{301}\u{200F}\\"))
        #expect(!SQLQuoting.canQuote("a\u{0}b"))
        #expect(!SQLQuoting.canQuote(""))
    }

    /// Issue 49, item 4: every dialect's names and literals, of generated text full of
    /// quotes, backquotes, backslashes, combining marks, RTL marks, NULs and newlines, read
    /// back scalar by scalar as each engine's lexer reads them: the text, NULs left out, and
    /// nothing after the closing quote.
    @Test func everyDialectsQuotingReadsBackAsTheText() {
        var random = RandomSource(seed: 49)
        let pieces = ["\"", "`", "\\", "'", "\u{301}", "\u{200F}", "\u{0}", "\n", "a", "\u{600}"]
        for _ in 0..<2_000 {
            let text = (0..<(1 + random.below(8))).map { _ in pieces[random.below(pieces.count)] }
                .joined()
            let expected = String(
                String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\u{0}" }))
            for quoting in SQLQuoting.allCases {
                let cases = [
                    (
                        quoting.identifier(text),
                        quoting == .clickHouse ? "`" : "\"" as Unicode.Scalar
                    ),
                    (quoting.literal(text), "'" as Unicode.Scalar),
                ]
                for (quoted, quote) in cases {
                    #expect(
                        Self.unquoted(quoted, quote, backslash: quoting == .clickHouse) == expected,
                        "\(quoting) \(quoted.debugDescription)")
                }
            }
        }
    }

    /// What an engine's lexer reads of `quoted`: between `quote`s, a doubled quote is one,
    /// and (`backslash`) a backslash escapes the scalar after it; nil where the text does not
    /// end at its closing quote.
    static func unquoted(_ quoted: String, _ quote: Unicode.Scalar, backslash: Bool) -> String? {
        let scalars = Array(quoted.unicodeScalars)
        guard scalars.first == quote else { return nil }
        var out = String.UnicodeScalarView()
        var i = 1
        while i < scalars.count {
            let s = scalars[i]
            if backslash && s == "\\" && i + 1 < scalars.count {
                out.append(scalars[i + 1])
                i += 2
            } else if s == quote {
                if i + 1 < scalars.count && scalars[i + 1] == quote {
                    out.append(quote)
                    i += 2
                } else {
                    return i == scalars.count - 1 ? String(out) : nil
                }
            } else {
                out.append(s)
                i += 1
            }
        }
        return nil
    }
}
