import Foundation
import TransitCore

// `transit completion bash|zsh|fish`: a completion script written from the commands'
// declarations (Commands.swift), so it offers exactly the options each command takes, the
// words of its choices and the device names.

func commandCompletion(_ arguments: ArraySlice<String>) throws -> Int32 {
    let parsed = try Commands.completion.parse(arguments)
    switch parsed.operands[0] {
    case "bash": print(bashCompletion(), terminator: "")
    case "zsh": print(zshCompletion(), terminator: "")
    case "fish": print(fishCompletion(), terminator: "")
    case let other: throw UsageError(message: "completion: unknown shell \"\(other)\"; expected bash, zsh or fish")
    }
    return 0
}

/// The words that may follow an option (its choices, the devices), or nil for anything.
private func valueWords(_ option: OptionSpec) -> [String]? {
    switch option.value {
    case .choice(let words): return words
    case .device: return Device.profileNames.filter { $0 != "WxH@S" }
    default: return nil
    }
}

private func takesValue(_ option: OptionSpec) -> Bool {
    switch option.value {
    case .flag, .optionalPort: return false
    default: return true
    }
}

private func shellQuoted(_ word: String) -> String { "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'" }

func bashCompletion() -> String {
    var script = """
    # bash completion for transit (transit completion bash); source it from ~/.bashrc.
    _transit() {
        local cur prev command
        cur="${COMP_WORDS[COMP_CWORD]}"
        prev="${COMP_WORDS[COMP_CWORD-1]}"
        command="${COMP_WORDS[1]}"
        if [ "$COMP_CWORD" -eq 1 ]; then
            COMPREPLY=($(compgen -W "\(Commands.all.map(\.name).joined(separator: " ")) help --help --version" -- "$cur"))
            return
        fi
        case "$command" in

    """
    for command in Commands.all {
        script += "        \(command.name))\n            case \"$prev\" in\n"
        for option in command.options where takesValue(option) {
            let patterns = option.names.joined(separator: "|")
            if let words = valueWords(option) {
                let list = words.map { $0.replacingOccurrences(of: " ", with: "\\\\ ") }.joined(separator: "\n")
                script += "                \(patterns)) local IFS=$'\\n'; COMPREPLY=($(compgen -W \(shellQuoted(list)) -- \"$cur\")); return ;;\n"
            } else {
                script += "                \(patterns)) COMPREPLY=($(compgen -f -- \"$cur\")); return ;;\n"
            }
        }
        let names = command.options.flatMap(\.names).joined(separator: " ")
        script += "            esac\n"
        script += "            if [[ \"$cur\" == -* ]]; then COMPREPLY=($(compgen -W \(shellQuoted(names)) -- \"$cur\")); else COMPREPLY=($(compgen -f -- \"$cur\")); fi\n"
        script += "            ;;\n"
    }
    script += "    esac\n}\ncomplete -F _transit transit\n"
    return script
}

func zshCompletion() -> String {
    var script = "#compdef transit\n# zsh completion for transit (transit completion zsh > ~/.zfunc/_transit)\n_transit() {\n  local -a commands\n  commands=(\n"
    for command in Commands.all {
        let first = command.summary.split(separator: "\n").first.map(String.init) ?? ""
        script += "    \(shellQuoted(command.name + ":" + first.replacingOccurrences(of: ":", with: "\\:")))\n"
    }
    script += "  )\n  if (( CURRENT == 2 )); then _describe 'command' commands; return; fi\n  case ${words[2]} in\n"
    for command in Commands.all {
        script += "    \(command.name))\n      _arguments"
        for option in command.options {
            let help = option.help.replacingOccurrences(of: "[", with: "(").replacingOccurrences(of: "]", with: ")").replacingOccurrences(of: "'", with: "")
            let values: String
            if !takesValue(option) {
                values = ""
            } else if let words = valueWords(option) {
                values = ":value:(" + words.map { $0.replacingOccurrences(of: " ", with: "\\ ") }.joined(separator: " ") + ")"
            } else {
                values = ":value:_files"
            }
            let names = option.names.count > 1 ? "{" + option.names.joined(separator: ",") + "}" : option.names[0]
            script += " \\\n        " + (option.names.count > 1 ? names + "'" : "'" + names) + "[\(help)]\(values)'"
        }
        script += " \\\n        '*:file:_files'\n      ;;\n"
    }
    script += "  esac\n}\n_transit \"$@\"\n"
    return script
}

func fishCompletion() -> String {
    var script = "# fish completion for transit (transit completion fish > ~/.config/fish/completions/transit.fish)\n"
    let names = Commands.all.map(\.name).joined(separator: " ")
    script += "complete -c transit -f -n 'not __fish_seen_subcommand_from \(names)' -a '\(names)'\n"
    for command in Commands.all {
        for option in command.options {
            var line = "complete -c transit -n '__fish_seen_subcommand_from \(command.name)'"
            for name in option.names {
                if name.hasPrefix("--") { line += " -l \(name.dropFirst(2))" } else { line += " -s \(name.dropFirst())" }
            }
            if takesValue(option) {
                line += " -r"
                if let words = valueWords(option) { line += " -a " + shellQuoted(words.map { "\"\($0)\"" }.joined(separator: " ")) }
            }
            line += " -d " + shellQuoted(String(option.help.prefix(70)))
            script += line + "\n"
        }
    }
    return script
}
