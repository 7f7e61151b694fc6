import Foundation
import ChartbookModel
import ChartbookCommands
import ChartbookSVG

/// A session's making as one self-contained HTML page — the printable handout of a lesson,
/// the shareable record of an exploration: every step with its narration, the command as
/// typed and, when there is a chart, the chart it made as inline SVG, in a light and a dark
/// theme shown by `prefers-color-scheme`. No scripts, no external resources; every text
/// from the session is escaped.
public enum HTMLNotebook {
    /// The page; `prepare` gives each chart's session the rows it draws (a remote dataset's
    /// answer from its engine, `RemoteData.forSVG`).
    public static func page(
        _ entries: [Notebook.Entry], title: String?, on target: TerminalTarget,
        prepare: (Session) -> Session = { $0 }
    ) -> String {
        let heading = title ?? "chartbook notebook"
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="color-scheme" content="light dark">
            <meta name="generator" content="chartbook">
            <title>\(escaped(heading))</title>
            <style>\(style)</style>
            </head>
            <body>
            <main>
            <h1>\(escaped(heading))</h1>

            """
        var previous: Session?
        for (number, entry) in entries.enumerated() {
            html += "<section class=\"step\" id=\"step-\(number + 1)\">\n"
            for line in entry.narration {
                html += "<p class=\"narration\">\(escaped(line))</p>\n"
            }
            html += "<pre class=\"command\"><code>\(escaped(entry.command))</code></pre>\n"
            // A chart when there is one to see and the step changed it.
            if !entry.session.plotsOfEveryPanel.isEmpty, entry.session != previous {
                html += figure(prepare(entry.session), number: number + 1, on: target)
            }
            previous = entry.session
            html += "</section>\n"
        }
        if entries.isEmpty { html += "<p class=\"narration\">No steps yet.</p>\n" }
        return html + "</main>\n</body>\n</html>\n"
    }

    /// The chart in both themes; ids are made unique per figure (inline SVGs share one
    /// document, so two charts' gradients and clip paths must not collide).
    static func figure(_ session: Session, number: Int, on target: TerminalTarget) -> String {
        var out = "<figure>\n"
        for theme in [Theme.light, .dark] {
            var themed = session
            themed.output.theme = theme
            let svg = SVGExporter.svg(for: themed, on: target, description: nil)
            let prefix = "s\(number)\(theme == .light ? "l" : "d")-"
            out += "<div class=\"\(theme.rawValue)\">\(inline(svg, prefix: prefix))</div>\n"
        }
        return out + "</figure>\n"
    }

    /// An SVG document as an element of the page: no XML declaration, ids prefixed.
    static func inline(_ svg: String, prefix: String) -> String {
        var text = Substring(svg)
        if text.hasPrefix("<?xml"), let end = text.firstIndex(of: "\n") {
            text = text[text.index(after: end)...]
        }
        return String(text)
            .replacingOccurrences(of: " id=\"", with: " id=\"" + prefix)
            .replacingOccurrences(of: "url(#", with: "url(#" + prefix)
            .replacingOccurrences(of: "href=\"#", with: "href=\"#" + prefix)
    }

    /// Text as HTML character data or an attribute value: sanitised, `& < > " '` escaped —
    /// the SVG writer's attribute escaping, one rule for both documents.
    public static func escaped(_ text: String) -> String { SVGWriter.escapeAttribute(text) }

    static let style = """

        body { margin: 0; font: 16px/1.5 system-ui, sans-serif; background: #ffffff; color: #24292f; }
        main { max-width: 60rem; margin: 0 auto; padding: 1rem 1.5rem 3rem; }
        h1 { font-size: 1.5rem; }
        .step { margin: 1.5rem 0; }
        .narration { margin: 0.4rem 0; }
        .command { margin: 0.4rem 0; padding: 0.4rem 0.7rem; border-radius: 4px; overflow-x: auto;
          background: #f3f4f6; font: 14px/1.4 'DejaVu Sans Mono', Menlo, Consolas, monospace; }
        .command code::before { content: "> "; opacity: 0.5; }
        figure { margin: 0.6rem 0; }
        figure svg { max-width: 100%; height: auto; display: block; }
        .dark { display: none; }
        @media (prefers-color-scheme: dark) {
          body { background: #16181d; color: #d7dae0; }
          .command { background: #22252b; }
          .dark { display: block; }
          .light { display: none; }
        }
        @media print { .dark { display: none; } .light { display: block; } }

        """
}
