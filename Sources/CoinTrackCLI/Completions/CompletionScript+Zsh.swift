extension CompletionScript {
  /// The zsh script: a `_cointrack` function for compsys, one `_arguments` call per command.
  static func zsh() -> String {
    let program = CommandTable.programName
    var script = "#compdef \(program)\n" + header(.zsh)
    script += """
      # Install it as _\(program) in a directory on $fpath before compinit runs, or load it for
      # this shell (after compinit) with: source <(\(program) completion zsh)

      # Sets reply to the subcommands of a command path, such as 'coins'.
      _\(program)_subcommands() {
        case $1 in

      """
    for group in groups {
      let names = group.command.subcommands.map(\.name).joined(separator: " ")
      script += "    (\(singleQuoted(group.words.joined(separator: " ")))) reply=(\(names)) ;;\n"
    }
    script += """
          (*) reply=() ;;
        esac
      }

      # Offers the words that '\(program) \(CandidateList.hiddenCommand) $1' prints; $2 describes them.
      # They match whatever the case typed: btc completes to BTC.
      _\(program)_ask() {
        local -a expl candidates
        candidates=(${(f)"$(_call_program $1 ${(q)_\(program)_program} \(CandidateList.hiddenCommand) $1 2>/dev/null)"})
        _wanted $1 expl $2 compadd -M 'm:{[:lower:][:upper:]}={[:upper:][:lower:]}' -a candidates
      }

      # Offers the fields of what the command prints, separated by commas, each once; the
      # command's function names them in _\(program)_record_fields.
      _\(program)_fields() {
        (( ${#_\(program)_record_fields} )) || return 1
        _values -s , field $_\(program)_record_fields
      }

      # Offers what follows 'help' and the words after it: a topic, a command, its subcommands.
      _\(program)_help_words() {
        local -a expl reply
        _\(program)_subcommands "${(j: :)${(@)words[2,CURRENT-1]}}"
        (( CURRENT > 2 )) || reply+=(\(topics.joined(separator: " ")))
        _wanted commands expl 'command or topic' compadd -a reply
      }


      """
    script +=
      "# The options every command takes.\n_\(program)_global_options=(\n  "
      + CommandTable.globalOptions.map(zshSpec).joined(separator: "\n  ") + "\n)\n\n"
    for path in paths {
      script += zshFunction(path) + "\n"
    }
    script += """
      if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
        _\(program) "$@"
      else
        compdef _\(program) \(program)
      fi

      """
    return script
  }

  /// The function that completes the words after `path`.
  private static func zshFunction(_ path: CommandPath) -> String {
    let name = identifier(path)
    var specs = ["$_\(CommandTable.programName)_global_options"] + path.command.options.map(zshSpec)
    var body = ""
    if path.commands.count == 1 {
      // The program as typed, which the coin lists are asked of; later functions see it too.
      body += "  local _\(CommandTable.programName)_program=${words[1]}\n"
    }
    if let choice = fieldChoice(path) {
      let name = "_\(CommandTable.programName)_record_fields"
      body += "  local -a \(name)=(\(choice.fields))\n"
      for (flags, fields) in choice.alternatives {
        let given = flags.map { "${words[(I)\($0)]}" }.joined(separator: " + ")
        body += "  (( \(given) )) && \(name)=(\(fields))\n"
      }
    }
    if path.command.subcommands.isEmpty {
      for argument in path.command.arguments {
        let action = zshAction(argument)
        let spec = (argument.isRepeating ? "*" : "") + ":" + argument.name + ":" + action
        specs.append(singleQuoted(spec))
      }
      body += "  _arguments -s -S : \\\n    " + specs.joined(separator: " \\\n    ") + "\n"
    } else {
      let commands = path.command.subcommands.map {
        singleQuoted(zshEscaped($0.name) + ":" + $0.summary)
      }
      specs += [singleQuoted(": :->command"), singleQuoted("*:: :->argument")]
      // -A: the options after the subcommand are the subcommand's, which knows its fields.
      body += """
          local curcontext=$curcontext state state_descr line ret=1
          local -a commands
          typeset -A opt_args
          _arguments -s -S -C -A '-*' : \\
            \(specs.joined(separator: " \\\n    ")) && ret=0
          case $state in
            (command)
              commands=(
                \(commands.joined(separator: "\n        "))
              )
              _describe -t commands command commands && ret=0 ;;
            (argument)
              case $line[1] in

        """
      for subcommand in path.command.subcommands {
        body +=
          "        (\(subcommand.name)) \(identifier(path.appending(subcommand))) && ret=0 ;;\n"
      }
      body += "      esac ;;\n  esac\n  return ret\n"
    }
    return "\(name)() {\n" + body + "}\n"
  }

  /// The `_arguments` spec of an option, such as `'--format=[How...]:FORMAT:(table csv)'`.
  private static func zshSpec(_ option: OptionSpec) -> String {
    let description = "[" + zshEscaped(option.summary) + "]"
    var value = ""
    if let valueName = option.valueName {
      let words = fixedWords(option.completion, allowed: option.allowedValues) ?? []
      let action =
        option.completion == .fields
        ? " _\(CommandTable.programName)_fields"
        : words.isEmpty ? " " : "(" + words.joined(separator: " ") + ")"
      value = ":" + valueName + ":" + action
    }
    let names = flags(of: option).map {
      $0 + (option.valueName == nil ? "" : $0.hasPrefix("--") ? "=" : "+")
    }
    guard names.count > 1 else { return singleQuoted(names[0] + description + value) }
    // Either spelling excludes the other: '(-h --help)'{-h,--help}'[Show help.]'.
    return singleQuoted("(" + flags(of: option).joined(separator: " ") + ")") + "{"
      + names.joined(separator: ",") + "}" + singleQuoted(description + value)
  }

  /// The action that completes a positional argument.
  private static func zshAction(_ argument: ArgumentSpec) -> String {
    let program = CommandTable.programName
    // A leading space makes _arguments call the function with exactly these words, rather
    // than with compadd options inserted after its name.
    if let list = candidateList(argument.completion) {
      return " _\(program)_ask \(list.rawValue) \(argument.name.lowercased())"
    }
    if argument.completion == .commandOrTopic { return " _\(program)_help_words" }
    if argument.completion == .file { return "_files" }
    let words = fixedWords(argument.completion, allowed: argument.allowedValues) ?? []
    return words.isEmpty ? " " : "(" + words.joined(separator: " ") + ")"
  }

  /// `text` with the characters that `_arguments` and `_describe` treat specially escaped.
  private static func zshEscaped(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if "\\[]:".contains(character) { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
