import Foundation

/// Tab completion scripts for bash, zsh and fish (`chartbook --completion SHELL`), made from
/// the command line as the argument parser describes it (its `--experimental-dump-help`
/// JSON): subcommands, their flags and options, option values, plot kinds and files.
///
/// Why not the argument parser's own scripts: chartbook's first word is either a script path
/// or a subcommand (`chartbook tour.cb`, `chartbook plot …`), and its generator completes a
/// command's positional arguments before its subcommands, so `chartbook plot <Tab>` offered
/// scripts. These scripts decide by the first word.
public struct ShellCompletion: Sendable {
    public enum Shell: String, CaseIterable, Sendable { case bash, zsh, fish }

    /// What a word may be.
    public enum Values: Equatable, Sendable {
        case none
        /// Files with these extensions (any file when empty), and directories.
        case files([String])
        case words([String])
        /// The column names of the file given as positional argument `file` (0-based),
        /// asked of `chartbook --columns-of FILE` as the line is typed.
        case columns(file: Int)
    }

    /// A flag (no value) or an option (`values` after it).
    public struct Switch: Sendable {
        public var names: [String]
        public var abstract: String
        /// Nil for a flag.
        public var values: Values?
    }

    public struct Positional: Sendable {
        public var name: String
        public var values: Values
        public var repeating: Bool
    }

    public struct Command: Sendable {
        public var name: String
        public var abstract: String
        public var switches: [Switch]
        public var positionals: [Positional]
        public var subcommands: [Command]
    }

    public var root: Command

    public init(root: Command) { self.root = root }

    /// The model of `--experimental-dump-help`'s JSON (nil when it is not that).
    public init?(toolInfo data: Data) {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let command = object["command"] as? [String: Any]
        else { return nil }
        root = Self.command(command)
    }

    static func command(_ json: [String: Any]) -> Command {
        let arguments = (json["arguments"] as? [[String: Any]] ?? []).filter {
            $0["shouldDisplay"] as? Bool ?? true
        }
        var switches = [Switch]()
        var positionals = [Positional]()
        for argument in arguments {
            let kind = argument["kind"] as? String
            let values = Self.values(argument["completionKind"] as? [String: Any])
            if kind == "positional" {
                positionals.append(
                    Positional(
                        name: argument["valueName"] as? String ?? "",
                        values: values, repeating: argument["isRepeating"] as? Bool ?? false))
                continue
            }
            let names = (argument["names"] as? [[String: Any]] ?? []).compactMap { name in
                (name["name"] as? String).map {
                    (name["kind"] as? String == "short" ? "-" : "--") + $0
                }
            }
            switches.append(
                Switch(
                    names: names, abstract: argument["abstract"] as? String ?? "",
                    values: kind == "flag" ? nil : values))
        }
        let subcommands = (json["subcommands"] as? [[String: Any]] ?? []).map(command)
            .filter { $0.name != "help" }
        return Command(
            name: json["commandName"] as? String ?? "", abstract: json["abstract"] as? String ?? "",
            switches: switches, positionals: positionals, subcommands: subcommands)
    }

    static func values(_ completion: [String: Any]?) -> Values {
        if let list = completion?["list"] as? [String: Any], let words = list["values"] as? [String]
        {
            return .words(words)
        }
        if let file = completion?["file"] as? [String: Any] {
            return .files(file["extensions"] as? [String] ?? [])
        }
        return .none
    }

    /// The script for `shell`.
    public func script(for shell: Shell) -> String {
        switch shell {
        case .bash: bash()
        case .zsh: zsh()
        case .fish: fish()
        }
    }

    /// `help`'s topics are words too: the language's help (`chartbook help histogram`).
    public func withHelp(topics: [String]) -> ShellCompletion {
        var copy = self
        copy.root.subcommands.append(
            Command(
                name: "help",
                abstract: "Show help: the command line, or a command, kind or option.",
                switches: [],
                positionals: [Positional(name: "topic", values: .words(topics), repeating: false)],
                subcommands: []))
        return copy
    }

    /// The one-line form's column arguments and `--x`/`--by` complete the file's columns.
    public func withFileColumns(in command: String, file: Int, options: [String]) -> ShellCompletion
    {
        var copy = self
        guard let index = copy.root.subcommands.firstIndex(where: { $0.name == command }) else {
            return copy
        }
        var sub = copy.root.subcommands[index]
        for i in sub.positionals.indices where i > file {
            sub.positionals[i].values = .columns(file: file)
        }
        for i in sub.switches.indices where sub.switches[i].names.contains(where: options.contains)
        {
            sub.switches[i].values = .columns(file: file)
        }
        copy.root.subcommands[index] = sub
        return copy
    }

    /// Text in single quotes for any of the three shells.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
