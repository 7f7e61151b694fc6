import ChartbookCommands
import ChartbookKit
import ChartbookModel

/// The script the interactive notebook runs before its first prompt:
/// `$XDG_CONFIG_HOME/chartbook/init.cb`, by default `~/.config/chartbook/init.cb` — a
/// person's settings (theme, canvas, time zone, memory) for every session. Its commands make
/// the starting session, not undo steps; an error in it is shown and the prompt starts
/// anyway, with what ran before the error. `--no-init` skips it.
struct InitScript {
    let path: String?

    init(variables: [String: String]) {
        path = TerminalEnvironment.xdgFile(
            "init.cb", variable: "XDG_CONFIG_HOME", default: ".config", in: variables)
    }

    /// Runs the script, when there is one, into `notebook`, which then starts from its
    /// session with no undo steps.
    func run(with runner: ScriptRunner, files: LocalFiles, into notebook: inout Notebook) {
        guard let path, let bytes = try? files.read(path) else { return }
        let source: ScriptSource
        do {
            source = try ScriptSource(
                name: path, bytes: bytes, directory: ScriptSource.directory(containing: path))
        } catch {
            StandardStreams.err(
                "chartbook: cannot run '\(TextMetrics.sanitized(path))': \(error.reason)\n")
            return
        }
        var quiet = runner
        quiet.drawEach = false
        _ = quiet.run(source, in: &notebook) { event in
            if case .diagnostic(let text) = event { StandardStreams.err(text) }
        }
        notebook = Notebook(session: notebook.session)
    }
}
