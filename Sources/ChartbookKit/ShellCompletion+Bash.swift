extension ShellCompletion {
    /// The bash script: `_chartbook` picks the subcommand by the first word, then completes
    /// an option's value, a flag, or the positional argument the word is.
    func bash() -> String {
        let names = root.subcommands.map(\.name)
        var text = """
            # bash completion for chartbook (chartbook --completion bash)
            _chartbook() {
                local cur="${COMP_WORDS[COMP_CWORD]}" prev="${COMP_WORDS[COMP_CWORD-1]}"
                local command=chartbook start=1
                if (( COMP_CWORD > 1 )); then
                    case "${COMP_WORDS[1]}" in
                    \(names.joined(separator: "|"))) command="${COMP_WORDS[1]}"; start=2 ;;
                    esac
                fi
                COMPREPLY=()
                "_chartbook_${command}" "$start"
            }

            # _chartbook_files EXT...: files with these extensions (any with none), and directories.
            _chartbook_files() {
                local IFS=$'\\n' file ext
                for file in $(compgen -f -- "$cur"); do
                    if [[ $# -eq 0 || -d "$file" ]]; then COMPREPLY+=("$file"); continue; fi
                    for ext in "$@"; do
                        [[ "$file" == *."$ext" ]] && COMPREPLY+=("$file") && break
                    done
                done
            }

            # _chartbook_columns N OPTION...: the columns of the file that is positional word N
            # (options, and the value after each OPTION, aside), asked of chartbook itself.
            _chartbook_columns() {
                local want=$1 i n=0 word file=""; shift
                for (( i = start; i < COMP_CWORD; i++ )); do
                    word="${COMP_WORDS[i]}"
                    if [[ " $* " == *" $word "* ]]; then (( i++ )); continue; fi
                    [[ "$word" == -* ]] && continue
                    if (( n == want )); then file="$word"; break; fi
                    (( n++ ))
                done
                [[ -n "$file" ]] || return
                local IFS=$'\n'
                COMPREPLY+=($(compgen -W "$(chartbook --columns-of "$file" 2>/dev/null)" -- "$cur"))
            }

            # _chartbook_position START OPTION...: how many positional words come before the
            # current one, options (and the value after each OPTION) aside.
            _chartbook_position() {
                local start=$1 i n=0 word; shift
                for (( i = start; i < COMP_CWORD; i++ )); do
                    word="${COMP_WORDS[i]}"
                    if [[ " $* " == *" $word "* ]]; then (( i++ )); continue; fi
                    [[ "$word" == -* ]] || (( n++ ))
                done
                echo "$n"
            }


            """
        for command in [root] + root.subcommands {
            text += bashFunction(command, subcommands: command.name == root.name ? names : [])
        }
        return text + "complete -o filenames -F _chartbook chartbook\n"
    }

    func bashFunction(_ command: Command, subcommands: [String]) -> String {
        let valued = command.switches.filter { $0.values != nil }
        var text = "_chartbook_\(command.name)() {\n"
        text +=
            "    local valued=" + Self.quoted(valued.flatMap(\.names).joined(separator: " ")) + "\n"
        text += "    case \"$prev\" in\n"
        for option in valued {
            text +=
                "    " + option.names.joined(separator: "|") + ") "
                + bashValues(option.values ?? .none) + "; return ;;\n"
        }
        text += "    esac\n"
        let words = command.switches.flatMap(\.names).joined(separator: " ")
        text +=
            "    if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \(Self.quoted(words)) -- \"$cur\")); return; fi\n"
        text +=
            "    local position=$(_chartbook_position \"$1\" \(valued.flatMap(\.names).joined(separator: " ")))\n"
        text += "    case \"$position\" in\n"
        for (index, positional) in command.positionals.enumerated() {
            let values = bashValues(positional.values)
            if index == 0 && !subcommands.isEmpty {
                // The first word may also be a subcommand.
                let words = Self.quoted(subcommands.joined(separator: " "))
                text += "    0) \(values); COMPREPLY+=($(compgen -W \(words) -- \"$cur\")) ;;\n"
            }
            text += "    " + (positional.repeating ? "*" : String(index)) + ") " + values + " ;;\n"
            if positional.repeating { break }
        }
        return text + "    esac\n}\n\n"
    }

    func bashValues(_ values: Values) -> String {
        switch values {
        case .columns(let file):
            "_chartbook_columns \(file) $valued"
        case .none: ":"
        case .files(let extensions): (["_chartbook_files"] + extensions).joined(separator: " ")
        case .words(let words):
            "COMPREPLY+=($(compgen -W \(Self.quoted(words.joined(separator: " "))) -- \"$cur\"))"
        }
    }
}
