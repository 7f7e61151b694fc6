extension ShellCompletion {
    /// The fish script: helper functions say which subcommand the line is in and how many
    /// positional words it has; every completion is conditioned on them.
    func fish() -> String {
        var text = "# fish completion for chartbook (chartbook --completion fish)\n"
        text += [fishCommandFunction(), fishPositionFunction(), Self.fishColumnsFunction]
            .joined(separator: "\n")
        text += "\ncomplete -c chartbook -f\n"
        for command in root.subcommands {
            text +=
                "complete -c chartbook -n '__chartbook_at chartbook 0' -a \(command.name) -d \(Self.quoted(command.abstract))\n"
        }
        for command in [root] + root.subcommands {
            text += fishCommand(command)
        }
        return text
    }

    /// `__chartbook_command`: the subcommand the line is in, else `chartbook`.
    func fishCommandFunction() -> String {
        let names = root.subcommands.map(\.name)
        return """
            function __chartbook_command
                set -l words (commandline -opc)
                if test (count $words) -ge 2; and contains -- $words[2] \(names.joined(separator: " "))
                    echo $words[2]
                else
                    echo chartbook
                end
            end

            """
    }

    /// `__chartbook_at COMMAND N`: whether the line is in COMMAND at its Nth positional word
    /// (the words after each command's valued switches are not positional).
    func fishPositionFunction() -> String {
        var text = """
            # __chartbook_at COMMAND N: in COMMAND, at its Nth positional word (N+: or later).
            function __chartbook_at
                test (__chartbook_command) = $argv[1]; or return 1
                set -l words (commandline -opc)
                set -l start 2
                test $argv[1] = chartbook; or set start 3
                set -l valued
                switch $argv[1]

            """
        for command in [root] + root.subcommands {
            let valued = command.switches.filter { $0.values != nil }.flatMap(\.names)
            text +=
                "        case \(command.name)\n            set valued \(valued.joined(separator: " "))\n"
        }
        text += """
                end
                set -l n 0
                set -l skip 0
                for word in $words[$start..-1]
                    if test $skip = 1
                        set skip 0
                    else if contains -- $word $valued
                        set skip 1
                    else if not string match -q -- '-*' $word
                        set n (math $n + 1)
                    end
                end
                if string match -q -- '*+' $argv[2]
                    test $n -ge (string trim -r -c + -- $argv[2])
                else
                    test $n -eq $argv[2]
                end
            end

            """
        return text
    }

    /// `__chartbook_columns N SWITCH…`: the header columns of the file that is positional
    /// word N after the subcommand, asked of `chartbook --columns-of`.
    static let fishColumnsFunction = """
        # __chartbook_columns N: the columns of the file that is positional word N after the
        # subcommand, asked of chartbook itself.
        function __chartbook_columns
            set -l words (commandline -opc)
            set -l n 0
            set -l skip 0
            for word in $words[3..-1]
                if test $skip = 1
                    set skip 0
                else if contains -- $word $argv[2..-1]
                    set skip 1
                else if not string match -q -- '-*' $word
                    if test $n = $argv[1]
                        chartbook --columns-of $word 2>/dev/null
                        return
                    end
                    set n (math $n + 1)
                end
            end
        end

        """

    func fishCommand(_ command: Command) -> String {
        var text = ""
        let valued = command.switches.filter { $0.values != nil }.flatMap(\.names)
        let inside = "-n " + Self.quoted("test (__chartbook_command) = \(command.name)")
        for option in command.switches {
            var line = "complete -c chartbook " + inside
            for name in option.names {
                line +=
                    name.hasPrefix("--") ? " -l " + name.dropFirst(2) : " -s " + name.dropFirst()
            }
            if let values = option.values {
                // -x: the value, and no file names (unless the value is a file).
                let files = if case .files = values { true } else { false }
                line += (files ? " -r" : " -x") + fishValues(values, valued: valued)
            }
            text += line + " -d " + Self.quoted(option.abstract) + "\n"
        }
        for (index, positional) in command.positionals.enumerated() {
            let at = "\(index)" + (positional.repeating ? "+" : "")
            text +=
                "complete -c chartbook -n " + Self.quoted("__chartbook_at \(command.name) \(at)")
                + fishValues(positional.values, valued: valued) + "\n"
            if positional.repeating { break }
        }
        return text
    }

    func fishValues(_ values: Values, valued: [String] = []) -> String {
        switch values {
        case .columns(let file):
            return " -a "
                + Self.quoted("(__chartbook_columns \(file) \(valued.joined(separator: " ")))")
        case .none: return ""
        case .files(let extensions):
            guard !extensions.isEmpty else { return " -F" }
            return " -a "
                + Self.quoted(
                    "(" + extensions.map { "__fish_complete_suffix .\($0)" }.joined(separator: "; ")
                        + ")")
        case .words(let words): return " -a " + Self.quoted(words.joined(separator: " "))
        }
    }
}
