import ArgumentParser
import Foundation
import ChartbookModel
import ChartbookCommands
import ChartbookKit
import LineEditor
#if canImport(Glibc)
    @preconcurrency import Glibc
#endif

extension ChartbookCLI {
    /// The completion script for `shell`, from this command line's own description.
    static func completionScript(_ shell: ShellCompletion.Shell) -> String {
        guard let model = ShellCompletion(toolInfo: Data(_dumpHelp().utf8)) else { return "" }
        return model.withHelp(topics: HelpText.topics)
            .withFileColumns(in: "plot", file: 1, options: ["--x", "--by"])
            .script(for: shell)
    }

    /// `chartbook help [TOPIC]`: the command line's usage and the language's groups, or one
    /// topic of the language (a command, kind or option), or a subcommand's usage.
    static func help(_ words: [String]) {
        let topic = words.joined(separator: " ").lowercased()
        switch topic {
        case "": StandardStreams.out(helpMessage() + "\n\n" + HelpText.overview(width: 80))
        case "plot" where words.count == 1:
            StandardStreams.out(
                PlotShortcut.helpMessage() + "\n\n"
                    + ((try? HelpText.help(Located(topic, at: .generated))) ?? ""))
        case "check": StandardStreams.out(CheckCommand.helpMessage() + "\n")
        default:
            do throws(Diagnostic) {
                StandardStreams.out(try HelpText.help(Located(topic, at: .generated)))
            } catch {
                StandardStreams.err(
                    "chartbook: " + error.message + (error.hint.map { "; " + $0 } ?? "") + "\n")
                Glibc.exit(1)
            }
        }
    }

    /// The man page: this usage, the subcommands', and the language.
    static func manualPage() -> String {
        ManualPage.roff(
            version: version, date: "2026-11",
            usages: [
                .init(title: "chartbook", text: helpMessage(columns: 78)),
                .init(title: "chartbook plot", text: PlotShortcut.helpMessage(columns: 78)),
                .init(title: "chartbook check", text: CheckCommand.helpMessage(columns: 78)),
            ])
    }

}
