extension CompletionScript {
  /// The bash script: one function for `complete -F`, needing nothing but bash 4.
  ///
  /// It reads COMP_WORDS and COMP_CWORD itself rather than through bash-completion's helpers,
  /// so that it also works when loaded into a shell without bash-completion.
  static func bash() -> String {
    let program = CommandTable.programName
    let globals = CommandTable.globalOptions.flatMap(flags(of:))
    var script = header(.bash)
    script += """
      # Install it as \(program) in bash-completion's completions directory, or load it for this
      # shell with: source <(\(program) completion bash)

      # Sets REPLY to the subcommands of a command path, such as 'coins'.
      _\(program)_subcommands() {
          case $1 in

      """
    for group in groups {
      let names = group.command.subcommands.map(\.name).joined(separator: " ")
      script +=
        "        \(singleQuoted(group.words.joined(separator: " "))) ) REPLY='\(names)' ;;\n"
    }
    script += """
              *) REPLY='' ;;
          esac
      }

      # Sets REPLY to the options of a command path.
      _\(program)_options() {
          case $1 in

      """
    for path in paths where !path.command.options.isEmpty {
      let names = (path.command.options.flatMap(flags(of:)) + globals).joined(separator: " ")
      script += "        \(singleQuoted(path.words.joined(separator: " "))) ) REPLY='\(names)' ;;\n"
    }
    script += """
              *) REPLY='\(globals.joined(separator: " "))' ;;
          esac
      }

      # Sets REPLY to the values of option $1 at the command path $2; the options given
      # follow. Sets kind to 'list' for a comma-separated list.
      _\(program)_values() {

      """
    // A command whose option takes other values than the option of that name elsewhere, as
    // sync's --source takes only the live sources, answers first.
    var overrides: [String] = []
    for path in paths {
      for option in path.command.options {
        guard let shared = valueOptions.first(where: { $0.name == option.name }),
          shared.allowedValues != option.allowedValues,
          let words = fixedWords(option.completion, allowed: option.allowedValues)
        else { continue }
        overrides.append(
          "        \(singleQuoted(path.words.joined(separator: " "))) ) case $1 in "
            + "\(flags(of: option).joined(separator: "|"))) REPLY='\(words.joined(separator: " "))'; "
            + "return ;; esac ;;\n")
      }
    }
    if !overrides.isEmpty {
      script += "    case $2 in\n" + overrides.joined() + "    esac\n"
    }
    script += "    case $1 in\n"
    for option in valueOptions {
      let names = flags(of: option).joined(separator: "|")
      if option.completion == .fields {
        script += "        \(names)) _\(program)_fields \"${@:2}\"; kind=list ;;\n"
      } else if let words = fixedWords(option.completion, allowed: option.allowedValues),
        !words.isEmpty
      {
        script += "        \(names)) REPLY='\(words.joined(separator: " "))' ;;\n"
      }
    }
    script += """
              *) REPLY='' ;;
          esac
      }

      # Sets REPLY to the fields of what the command path $1 prints; the options given follow,
      # as one such as --stats makes it print other records.
      _\(program)_fields() {
          local path=$1
          shift
          case $path in

      """
    for choice in fieldChoices {
      script += "        \(singleQuoted(choice.words)) )\n            REPLY='\(choice.fields)'"
      for (flags, fields) in choice.alternatives {
        let given = flags.map { "\" $* \" != *' \($0) '*" }.joined(separator: " && ")
        script += "\n            [[ \(given) ]] || REPLY='\(fields)'"
      }
      script += " ;;\n"
    }
    script += """
              *) REPLY='' ;;
          esac
      }

      # Sets REPLY to the values of positional argument number $2 (from 0) of the command path
      # $1; the arguments before it follow. Coin symbols and alert ids come from the program
      # being completed, and match whatever the case typed (kind 'nocase'); kind 'files' asks
      # for file names instead.
      _\(program)_arguments() {
          local path=$1 index=$2
          shift 2
          REPLY=''
          case $path in

      """
    for path in paths {
      var branches: [String] = []
      for (index, argument) in path.command.arguments.enumerated() {
        guard let values = bashValues(argument) else { continue }
        let test = argument.isRepeating ? "index >= \(index)" : "index == \(index)"
        branches.append("((\(test))); then " + values)
      }
      guard !branches.isEmpty else { continue }
      script += "        \(singleQuoted(path.words.joined(separator: " "))) )\n"
      script += "            if " + branches.joined(separator: "\n            elif ") + "\n"
      script += "            fi ;;\n"
    }
    let valueFlags = valueOptions.flatMap(flags(of:)).joined(separator: "|")
    script += """
          esac
      }

      _\(program)() {
          local cur=${COMP_WORDS[COMP_CWORD]} path='' word value_of='' prefix='' kind='' i
          local _\(program)_program=${COMP_WORDS[0]}
          local -a positionals=() options=()
          for ((i = 1; i < COMP_CWORD; i++)); do
              word=${COMP_WORDS[i]}
              if [[ -n $value_of ]]; then
                  # With '=' in COMP_WORDBREAKS, '--format=csv' arrives as '--format' '=' 'csv'.
                  [[ $word == = ]] || value_of=''
                  continue
              fi
              case $word in
                  \(valueFlags)) value_of=$word; continue ;;
                  -*) options+=("$word"); continue ;;
              esac
              if ((${#positionals[@]} == 0)); then
                  _\(program)_subcommands "$path"
                  if [[ " $REPLY " == *" $word "* ]]; then
                      path=${path:+$path }$word
                      continue
                  fi
              fi
              positionals+=("$word")
          done
          if [[ -n $value_of && $cur == = ]]; then
              cur=''
          elif [[ -z $value_of && $cur == --*=* ]]; then
              # '=' is not a word break here: complete the value inside the word.
              value_of=${cur%%=*}
              prefix=$value_of=
              cur=${cur#*=}
          fi
          REPLY=''
          if [[ -n $value_of ]]; then
              _\(program)_values "$value_of" "$path" "${options[@]}"
          elif [[ $cur == -* ]]; then
              _\(program)_options "$path"
          else
              ((${#positionals[@]} > 0)) || _\(program)_subcommands "$path"
              [[ -n $REPLY ]] || _\(program)_arguments "$path" ${#positionals[@]} "${positionals[@]}"
          fi
          COMPREPLY=()
          if [[ $kind == files ]]; then
              # Readline quotes the names itself and marks directories with a slash; the word
              # typed has its quoting undone in the simple cases (backslashes, an opening quote).
              compopt -o filenames 2>/dev/null
              cur=${cur//\\\\/}
              cur=${cur#[\\"\\']}
              mapfile -t COMPREPLY < <(compgen -f -- "$cur")
              return
          fi
          local given=,
          if [[ $kind == list ]]; then
              # Only what follows the last comma is completed; the words before it are kept and
              # not offered again. No space follows, so that a comma can.
              compopt -o nospace 2>/dev/null
              if [[ $cur == *,* ]]; then
                  given+=${cur%,*},
                  prefix+=${cur%,*},
                  cur=${cur##*,}
              fi
          fi
          # The words are literal: matched by prefix here, as 'compgen -W' would expand $(...),
          # backticks and variables in them, and each offered shell-quoted, so that a word
          # holding shell syntax is inserted as text and never runs.
          local candidate quoted
          while IFS= read -r candidate; do
              [[ -n $candidate && $given != *",$candidate,"* ]] || continue
              if [[ $kind == nocase ]]; then
                  [[ ${candidate,,} == "${cur,,}"* ]] || continue
              else
                  [[ $candidate == "$cur"* ]] || continue
              fi
              printf -v quoted '%q' "$candidate"
              COMPREPLY+=("$prefix$quoted")
          done <<< "${REPLY// /$'\\n'}"
      }

      complete -F _\(program) \(program)

      """
    return script
  }

  /// The bash statements that set REPLY to the values of `argument`; nil when it has none to
  /// offer.
  private static func bashValues(_ argument: ArgumentSpec) -> String? {
    let program = CommandTable.programName
    if let list = candidateList(argument.completion) {
      return "REPLY=$(\"$_\(program)_program\" \(CandidateList.hiddenCommand) \(list.rawValue) "
        + "2>/dev/null) kind=nocase"
    }
    if argument.completion == .file { return "kind=files" }
    if argument.completion == .commandOrTopic {
      // The arguments so far name a command; its subcommands come next, or a topic first.
      return "_\(program)_subcommands \"$*\"\n"
        + "                ((index > 0)) || REPLY+=' \(topics.joined(separator: " "))'"
    }
    let words = fixedWords(argument.completion, allowed: argument.allowedValues) ?? []
    return words.isEmpty ? nil : "REPLY='\(words.joined(separator: " "))'"
  }
}
