import CoinTrackCore

/// Builds help screens, usage lines and topics from the command table.
struct HelpRenderer {
  /// The width to wrap to.
  let width: Int

  /// `Usage: cointrack prices <COIN> [--from <DATE>] [--to <DATE>] [options]`.
  static func usageLine(for path: CommandPath) -> String {
    var parts = ["Usage:", path.fullName]
    if !path.command.subcommands.isEmpty { parts.append("<command>") }
    parts += path.command.arguments.map(\.synopsis)
    parts += path.command.options.map { "[\($0.synopsis)]" }
    parts.append("[options]")
    return parts.joined(separator: " ")
  }

  /// The full help of a command or group.
  func help(for path: CommandPath) -> String {
    let command = path.command
    var sections = [wrap(command.summary)]
    if !command.discussion.isEmpty { sections.append(wrap(command.discussion)) }
    sections.append(HelpRenderer.usageLine(for: path))
    if !command.subcommands.isEmpty {
      sections.append(
        "Commands:\n"
          + TextWrapping.columns(
            command.subcommands.map { ($0.name, $0.summary) }, width: width))
    }
    if !command.arguments.isEmpty {
      sections.append(
        "Arguments:\n"
          + TextWrapping.columns(command.arguments.map { ($0.synopsis, $0.summary) }, width: width))
    }
    if !command.options.isEmpty {
      sections.append("Options:\n" + optionRows(command.options))
    }
    sections.append("Global options:\n" + optionRows(CommandTable.globalOptions))
    if !command.examples.isEmpty {
      sections.append(
        "Examples:\n"
          + command.examples.map {
            "  " + $0.command + "\n      " + wrap($0.explanation, indent: 6)
          }.joined(separator: "\n"))
    }
    if path.commands.count == 1 {
      let topics = HelpTopic.allCases.map { ($0.rawValue, $0.summary) }
      sections.append(
        "Help topics (cointrack help <topic>):\n" + TextWrapping.columns(topics, width: width))
    }
    if !command.subcommands.isEmpty {
      sections.append("Run '\(path.fullName) <command> --help' for more about a command.")
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// The text of a help topic.
  func topic(_ topic: HelpTopic) -> String {
    switch topic {
    case .exitCodes:
      let rows = ExitCode.allCases.map {
        let code = String($0.rawValue)
        return (String(repeating: " ", count: 2 - code.count) + code + "  " + $0.name, $0.meaning)
      }
      return wrap(
        "cointrack exits with one of these codes, following sysexits.h. Errors are one sentence "
          + "on stderr; usage errors add the usage line.")
        + "\n\n" + TextWrapping.columns(rows, width: width) + "\n"
    }
  }

  private func optionRows(_ options: [OptionSpec]) -> String {
    TextWrapping.columns(
      options.map { option in
        var description = option.summary
        if !option.allowedValues.isEmpty {
          description += " One of: " + option.allowedValues.joined(separator: ", ") + "."
        }
        if let defaultDescription = option.defaultDescription {
          description += " Default: \(defaultDescription)."
        }
        return (option.synopsis, description)
      }, width: width)
  }

  private func wrap(_ text: String, indent: Int = 0) -> String {
    TextWrapping.wrap(text, width: width, hangingIndent: indent)
  }
}
