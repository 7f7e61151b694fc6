import ChartbookModel
import ChartbookTerminal
import Testing

@testable import ChartbookCommands
@testable import ChartbookKit

/// A picture follows the terminal's background (issue 51's theme, issue 54): the answer to
/// `OSC 11 ; ?` read as light or dark, and the light theme used unless `set theme` chose.
@Suite struct TerminalBackgroundTests {
    @Test func answersReadAsLightOrDark() {
        let esc = "\u{1B}"
        #expect(
            TerminalReply("\(esc)]11;rgb:ffff/ffff/ffff\(esc)\\\(esc)[?62;4c").backgroundIsLight
                == true)
        #expect(
            TerminalReply("\(esc)]11;rgb:1616/1818/1d1d\u{07}\(esc)[?1;2c").backgroundIsLight
                == false)
        // Two hex digits a channel; solarized light's base3.
        #expect(TerminalReply("\(esc)]11;rgb:fd/f6/e3\u{07}").backgroundIsLight == true)
        // Mid grey is dark by luminance (0.21), a pale yellow light.
        #expect(TerminalReply("\(esc)]11;rgb:8080/8080/8080\u{07}").backgroundIsLight == false)
        #expect(TerminalReply("\(esc)[?62;4c").backgroundIsLight == nil)
        #expect(TerminalReply("\(esc)]11;rgb:zz/00/00\u{07}").backgroundIsLight == nil)
    }

    @Test func aPictureIsLightUnlessAThemeWasChosen() {
        var notebook = Notebook()
        _ = ScriptedSession.run("gen w walk 9\nadd plot line w", files: [:], &notebook)
        var target = TerminalTarget(columns: 40, rows: 10, colorMode: .truecolor)
        target.lightBackground = true
        #expect(ChartRenderer.pictured(notebook.session, on: target).output.theme == .light)
        _ = ScriptedSession.run("set theme dark", files: [:], &notebook)
        #expect(notebook.session.output.themeChosen)
        #expect(ChartRenderer.pictured(notebook.session, on: target).output.theme == .dark)
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("set theme dark"))
        target.lightBackground = false
        var fresh = Notebook()
        _ = ScriptedSession.run("gen w walk 9\nadd plot line w", files: [:], &fresh)
        #expect(ChartRenderer.pictured(fresh.session, on: target).output.theme == .dark)
    }
}

/// `set theme … background=C text=C grid=C frame=C mark=C` (seed 000: label and background
/// colours; issue 51's theme value): colours set over a named theme's, on every surface.
@Suite struct ThemeColorTests {
    @Test func coloursSetOverTheThemesReachEverySurface() {
        var notebook = Notebook()
        let errors = ScriptedSession.run(
            "gen w walk 30\nadd plot line w\nadd refline 3\nset theme light grid=#ff00ff mark=teal",
            files: [:], &notebook)
        #expect(errors == "")
        let target = TerminalTarget(columns: 60, rows: 14, colorMode: .truecolor)
        let scene = ChartRenderer.scene(for: notebook.session, on: target)
        #expect(
            scene.theme.grid == Color(hex: 0xff00ff)
                && scene.theme.background == Theme.light.background)
        #expect(SVGExporter.svg(for: notebook.session, on: target).contains("#ff00ff"))
        #expect(ChartRenderer.text(for: notebook.session, on: target).contains("38;2;255;0;255m"))
        let spec = VegaLiteExporter.spec(for: notebook.session, on: target, urls: false)
        #expect(spec.contains("\"gridColor\": \"#ff00ff\""))
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("set theme light grid=#ff00ff mark=teal"))
        // A named theme clears the colours set over the last; auto clears one.
        _ = ScriptedSession.run("set theme grid=auto", files: [:], &notebook)
        #expect(notebook.session.output.themeOverrides == [.mark: Color(hex: 0x76b7b2)])
        _ = ScriptedSession.run("set theme dark", files: [:], &notebook)
        #expect(notebook.session.output.themeOverrides.isEmpty)
    }

    /// `set theme fontsize=PX` (issue 51's theme value: font sizes for pixels): the text of
    /// SVG (so PNG, PDF, HTML) and Vega-Lite at that size, on cells that grow with it; a
    /// picture in the terminal keeps the terminal's; saved, cleared by a named theme.
    @Test func aTextSizeForPixelOutputs() {
        var notebook = Notebook()
        _ = ScriptedSession.run("gen w walk 30\nadd plot line w", files: [:], &notebook)
        let target = TerminalTarget(columns: 60, rows: 14, colorMode: .truecolor)
        let before = SVGExporter.svg(for: notebook.session, on: target)
        #expect(
            before.contains("width=\"496\" height=\"240\"") && before.contains("font-size=\"13\""))
        #expect(ScriptedSession.run("set theme fontsize=20", files: [:], &notebook) == "")
        // 60 × 14 cells of 12 × 25 pixels, and a margin of a cell's width all round.
        let svg = SVGExporter.svg(for: notebook.session, on: target)
        #expect(svg.contains("width=\"744\" height=\"374\"") && svg.contains("font-size=\"20\""))
        // A picture of a given size holds fewer of the bigger cells.
        let (layout, _) = SVGExporter.layout(
            for: notebook.session, on: target, size: PixelSize(width: 640, height: 480))
        #expect(layout.columns == 51 && layout.rows == 18)
        let spec = VegaLiteExporter.spec(for: notebook.session, on: target, urls: false)
        #expect(spec.contains("\"labelFontSize\": 20, \"titleFontSize\": 20"))
        #expect(ChartRenderer.pictured(notebook.session, on: target).output.fontSize == nil)
        let saved = SessionScript.text(for: notebook.session, scriptDirectory: "/work")
        #expect(saved.contains("set theme dark fontsize=20"))
        let wrong = ScriptedSession.run("set theme fontsize=99", files: [:], &notebook)
        #expect(wrong.contains("expected a text size in pixels (6...48), found '99'"))
        #expect(notebook.session.output.fontSize == 20)
        _ = ScriptedSession.run("set theme fontsize=auto", files: [:], &notebook)
        #expect(SVGExporter.svg(for: notebook.session, on: target) == before)
        _ = ScriptedSession.run("set theme fontsize=16\nset theme light", files: [:], &notebook)
        #expect(notebook.session.output.fontSize == nil)
    }
}
