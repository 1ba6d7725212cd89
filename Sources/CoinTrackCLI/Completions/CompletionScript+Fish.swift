extension CompletionScript {
  /// The fish script: `complete` lines whose conditions ask a parser function where the cursor is.
  static func fish() -> String {
    let program = CommandTable.programName
    var script = header(.fish)
    script += """
      # Install it as ~/.config/fish/completions/\(program).fish, or load it for this shell
      # with: \(program) completion fish | source

      # Prints the subcommands of a command path, such as 'coins', one per line.
      function __\(program)_subcommands
          switch "$argv"

      """
    for group in groups {
      let names = group.command.subcommands.map(\.name).joined(separator: " ")
      script += "        case \(fishQuoted(group.words.joined(separator: " ")))\n"
      script += "            printf '%s\\n' \(names)\n"
    }
    let valueFlags = valueOptions.flatMap(flags(of:)).joined(separator: " ")
    script += """
          end
      end

      # Sets __\(program)_path, __\(program)_positionals and __\(program)_options from the words
      # before the cursor.
      function __\(program)_parse
          set -g __\(program)_path
          set -g __\(program)_positionals
          set -g __\(program)_options
          set -l words (commandline -opc)
          set -e words[1]
          set -l value_of
          for word in $words
              if test -n "$value_of"
                  set value_of
                  continue
              end
              switch $word
                  case \(valueFlags)
                      set value_of $word
                      continue
                  case '-*'
                      set -a __\(program)_options $word
                      continue
              end
              if test (count $__\(program)_positionals) -eq 0
                  and contains -- $word (__\(program)_subcommands $__\(program)_path)
                  set -a __\(program)_path $word
                  continue
              end
              set -a __\(program)_positionals $word
          end
      end

      # Succeeds when the command path is $argv[1] and, when $argv[2] is given, the word being
      # completed is positional argument number $argv[2] (from 0), or later with a trailing '+'.
      function __\(program)_at
          __\(program)_parse
          test "$__\(program)_path" = "$argv[1]"; or return 1
          set -q argv[2]; or return 0
          set -l count (count $__\(program)_positionals)
          switch $argv[2]
              case '*+'
                  test $count -ge (string trim --right --chars + -- $argv[2])
              case '*'
                  test $count -eq $argv[2]
          end
      end

      # Prints the words of the list $argv[1] that '\(program) \(CandidateList.hiddenCommand)'
      # prints, each with its description after a tab. fish matches them whatever the case typed.
      function __\(program)_ask
          set -l program (commandline -opc)[1]
          command $program \(CandidateList.hiddenCommand) $argv[1]\(CandidateList.describedSuffix) 2>/dev/null
      end

      # Prints the fields of what the command at the cursor prints, each joined by commas to
      # the fields typed before the last comma, which are not offered again.
      function __\(program)_fields
          __\(program)_parse
          set -l given (string split , -- (string replace -r -- '^\(OutputSettings.fieldsOption.flag)=' '' (commandline -ct)))
          set -e given[-1]
          set -l fields
          switch "$__\(program)_path"

      """
    for choice in fieldChoices {
      script +=
        "        case \(fishQuoted(choice.words))\n            set fields \(choice.fields)\n"
      for (flags, fields) in choice.alternatives {
        let given = flags.map { "contains -- \($0) $__\(program)_options" }
        script +=
          "            \(given.joined(separator: "; or "))\n            and set fields \(fields)\n"
      }
    }
    script += """
          end
          for field in $fields
              contains -- $field $given; or string join , -- $given $field
          end
      end

      # Prints what follows 'help' and the words after it: a topic, a command, its subcommands.
      function __\(program)_help_words
          __\(program)_parse
          __\(program)_subcommands $__\(program)_positionals
          test (count $__\(program)_positionals) -gt 0; or printf '%s\\n' \(topics.joined(separator: " "))
      end

      complete -c \(program) -f

      """
    for path in paths {
      // Command names are plain words, so the condition can quote the path in single quotes.
      let at = "__\(program)_at '\(path.words.joined(separator: " "))'"
      let condition = path.commands.count == 1 ? "" : " -n \"\(at)\""
      var lines: [String] = []
      for subcommand in path.command.subcommands {
        lines.append(
          "complete -c \(program) -n \"\(at) 0\" -a \(subcommand.name) "
            + "-d \(fishQuoted(subcommand.summary))")
      }
      let options =
        path.commands.count == 1
        ? path.command.options + CommandTable.globalOptions : path.command.options
      for option in options {
        lines.append("complete -c \(program)\(condition)" + fishOption(option))
      }
      for (index, argument) in path.command.arguments.enumerated() {
        let values = fishValues(argument)
        let position = "\(index)" + (argument.isRepeating ? "+" : "")
        let offered =
          argument.completion == .file
          ? "-F" : values.isEmpty ? nil : "-a \(fishQuoted(values))"
        guard let offered else { continue }
        lines.append(
          "complete -c \(program) -n \"\(at) \(position)\" \(offered) "
            + "-d \(fishQuoted(argument.summary))")
      }
      if !lines.isEmpty {
        script += "\n# \(path.fullName)\n" + lines.joined(separator: "\n") + "\n"
      }
    }
    return script
  }

  /// The switches of a `complete` line for an option: names, value, description.
  private static func fishOption(_ option: OptionSpec) -> String {
    var line = option.shortName.map { " -s \($0)" } ?? ""
    line += " -l \(option.name)"
    if option.valueName != nil {
      line += " -x"
      let words = fixedWords(option.completion, allowed: option.allowedValues) ?? []
      if !words.isEmpty { line += " -a " + fishQuoted(words.joined(separator: " ")) }
      if option.completion == .fields {
        line += " -a " + fishQuoted("(__\(CommandTable.programName)_fields)")
      }
    }
    return line + " -d " + fishQuoted(option.summary)
  }

  /// The `-a` argument that lists an argument's values.
  private static func fishValues(_ argument: ArgumentSpec) -> String {
    let program = CommandTable.programName
    if let list = candidateList(argument.completion) {
      return "(__\(program)_ask \(list.rawValue))"
    }
    if argument.completion == .commandOrTopic { return "(__\(program)_help_words)" }
    return (fixedWords(argument.completion, allowed: argument.allowedValues) ?? [])
      .joined(separator: " ")
  }

  /// `text` in fish's single quotes, where only backslash and quote are escaped.
  private static func fishQuoted(_ text: String) -> String {
    var quoted = "'"
    for character in text {
      if character == "\\" || character == "'" { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "'"
  }
}
