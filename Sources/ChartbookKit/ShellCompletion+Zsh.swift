extension ShellCompletion {
    /// The zsh script: `_chartbook` hands a subcommand's words to its own `_arguments`.
    func zsh() -> String {
        let subcommands = root.subcommands.map { "'\($0.name):\(Self.zshText($0.abstract))'" }
        var text = """
            #compdef chartbook
            # zsh completion for chartbook (chartbook --completion zsh)

            _chartbook() {
                local -a subcommands=(\(subcommands.joined(separator: " ")))
                if (( CURRENT > 2 )) && (( ${+functions[_chartbook_${words[2]}]} )) \\
                    && [[ ${words[2]} != chartbook ]]; then
                    local command=${words[2]}
                    shift words
                    (( CURRENT-- ))
                    _chartbook_$command
                    return
                fi
                _chartbook_chartbook
            }

            # _chartbook_columns N: the columns of the file that is positional word N after the
            # subcommand (options and their values aside), asked of chartbook itself.
            _chartbook_columns() {
                local -i want=$1 n=0 i
                local word file skip=0
                shift
                local -a valued=("$@")
                for (( i = 2; i < CURRENT; i++ )); do
                    word=${words[i]}
                    if (( skip )); then skip=0; continue; fi
                    if [[ $word == -* ]]; then (( ${valued[(I)$word]} )) && skip=1; continue; fi
                    if (( n == want )); then file=$word; break; fi
                    (( n++ ))
                done
                [[ -n $file ]] || return 1
                local -a columns
                columns=(${(f)"$(chartbook --columns-of ${(Q)file} 2>/dev/null)"})
                compadd -a columns
            }

            _chartbook_first() {
                _describe -t commands subcommand subcommands
                _files -g '*.cb(-.)'
            }


            """
        for command in [root] + root.subcommands {
            text += zshFunction(command, first: command.name == root.name && !subcommands.isEmpty)
        }
        return text + """
            if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
                _chartbook "$@"
            else
                compdef _chartbook chartbook
            fi

            """
    }

    func zshFunction(_ command: Command, first: Bool) -> String {
        var specs = [String]()
        let valued = command.switches.filter { $0.values != nil }.flatMap(\.names)
        for option in command.switches {
            let description = "[" + Self.zshText(option.abstract) + "]"
            for name in option.names {
                guard let values = option.values else {
                    specs.append(Self.quoted(name + description))
                    continue
                }
                specs.append(
                    Self.quoted(
                        name + description + ":" + name.drop { $0 == "-" } + ":"
                            + zshAction(values, valued: valued)
                    ))
            }
        }
        for (index, positional) in command.positionals.enumerated() {
            let action =
                first && index == 0
                ? "_chartbook_first" : zshAction(positional.values, valued: valued)
            if positional.repeating {
                if first && index == 0 { specs.append(Self.quoted("1: :_chartbook_first")) }
                specs.append(
                    Self.quoted(
                        "*:" + positional.name + ":" + zshAction(positional.values, valued: valued))
                )
                break
            }
            specs.append(Self.quoted("\(index + 1):" + positional.name + ":" + action))
        }
        return "_chartbook_\(command.name)() {\n    _arguments -s \\\n        "
            + specs.joined(separator: " \\\n        ") + "\n}\n\n"
    }

    func zshAction(_ values: Values, valued: [String] = []) -> String {
        switch values {
        case .columns(let file):
            return "{_chartbook_columns \(file) \(valued.joined(separator: " "))}"
        case .none: return " "
        case .files(let extensions):
            guard !extensions.isEmpty else { return "_files" }
            let glob =
                extensions.count == 1
                ? extensions[0] : "(" + extensions.joined(separator: "|") + ")"
            return "_files -g \"*.\(glob)(-.)\""
        case .words(let words): return "(" + words.joined(separator: " ") + ")"
        }
    }

    /// A description inside `_arguments` specs: its first sentence, without brackets or colons.
    static func zshText(_ text: String) -> String {
        let sentence = text.split(separator: ".", maxSplits: 1).first.map(String.init) ?? text
        return String(
            sentence.map { "[]:'\\\n".contains($0) ? " " : $0 })
    }
}
