import LineEditor

/// Where the REPL keeps its history: `$XDG_STATE_HOME/chartbook/history`, by default
/// `~/.local/state/chartbook/history`. Saved atomically after every command, so a hang-up
/// can never leave it truncated.
struct HistoryFile {
    let path: String?

    init(variables: [String: String]) {
        path = TerminalEnvironment.xdgFile(
            "history", variable: "XDG_STATE_HOME", default: ".local/state", in: variables)
    }

    func load(files: LocalFiles) -> HistoryStore {
        guard let path, let bytes = try? files.read(path) else { return HistoryStore() }
        return HistoryStore.decoded(String(decoding: bytes, as: UTF8.self))
    }

    func save(_ store: HistoryStore) {
        guard let path, let slash = path.lastIndex(of: "/") else { return }
        SafeFileWriter.makeDirectories(String(path[..<slash]))
        try? SafeFileWriter.write(Array(store.encoded().utf8), to: path, newFileMode: 0o600)
    }
}
