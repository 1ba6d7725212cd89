import CoinTrackCore

/// `cointrack help --man`: the manual page, roff for section 1, from the command table and the
/// types help reads, as hledger's manual comes from one source.
enum ManualPage {
  /// The whole page, from `.TH` on.
  static func document() -> String {
    let root = CommandPath(commands: [CommandTable.root])
    let name = CommandTable.programName
    var lines = [
      ".TH \(escaped(name.uppercased())) 1 \"\" \"\(escaped(name)) \(escaped(CommandTable.version))\" "
        + "\"User Commands\"",
      ".SH NAME",
      escaped(name) + " \\- " + escaped(nameLine(root.command.summary)),
      ".SH SYNOPSIS",
      ".B " + escaped(name),
      ".I command",
      ".RI [ options ]",
      ".SH DESCRIPTION",
    ]
    lines += paragraphs(root.command.discussion)
    lines += [".SH COMMANDS"]
    for path in root.descendants.dropFirst() {
      lines += command(path)
    }
    lines += [".SH GLOBAL OPTIONS"] + CommandTable.globalOptions.flatMap(option)
    lines += [".SH EXIT STATUS"]
    for code in ExitCode.allCases {
      lines += [".TP", bold(String(code.rawValue)), escaped(code.name + ": " + code.meaning)]
    }
    lines += [".SH ENVIRONMENT"]
    for row in VariableHelp.rows {
      lines += [".TP", bold(row.names.joined(separator: ", ")), escaped(row.meaning)]
    }
    lines += [".SH FILES"]
    for row in HelpRenderer.fileRows {
      lines += [".TP", italic(row.term), escaped(row.description)]
    }
    lines += [".SH EXAMPLES"]
    var seen: Set<String> = []
    for path in root.descendants {
      for example in path.command.examples where seen.insert(example.command).inserted {
        lines += [".TP", bold(example.command), escaped(example.explanation)]
      }
    }
    lines += [
      ".SH SEE ALSO",
      "Help topics: "
        + HelpTopic.allCases.map { bold("\(name) help \($0.rawValue)") }.joined(separator: ", ")
        + ".",
    ]
    return lines.joined(separator: "\n") + "\n"
  }

  /// One command's entry: its synopsis, summary, discussion, arguments, options and fields.
  private static func command(_ path: CommandPath) -> [String] {
    let command = path.command
    var lines = [
      ".SS \"" + escaped(HelpRenderer.synopsis(for: path)) + "\"", escaped(command.summary),
    ]
    lines += paragraphs(command.discussion)
    for argument in command.arguments {
      lines += [".TP", italic(argument.synopsis), escaped(HelpRenderer.description(of: argument))]
    }
    lines += command.options.flatMap(option)
    if let output = command.output {
      lines += [".PP", escaped("Fields (for --fields): " + fieldList(output) + ".")]
      for option in command.options {
        if let other = option.output {
          lines += [".PP", escaped("Fields with \(option.flag): " + fieldList(other) + ".")]
        }
      }
    }
    return lines
  }

  /// An option as a tagged paragraph: `--format FORMAT`, then what help says of it.
  private static func option(_ option: OptionSpec) -> [String] {
    var tag = (option.shortName.map { bold("-\($0)") + ", " } ?? "") + bold(option.flag)
    if let value = option.valueName { tag += " " + italic(value) }
    return [".TP", tag, escaped(HelpRenderer.description(of: option))]
  }

  /// `text` in bold, inline: a request such as `.B` would read quotes in it as its own.
  private static func bold(_ text: String) -> String { "\\fB" + escaped(text) + "\\fR" }

  private static func italic(_ text: String) -> String { "\\fI" + escaped(text) + "\\fR" }

  private static func fieldList(_ kind: RecordKind) -> String {
    kind.fields.map(\.key).joined(separator: ", ")
  }

  /// Help's paragraphs, each one line of roff after `.PP`.
  private static func paragraphs(_ text: String) -> [String] {
    text.isEmpty
      ? []
      : text.pieces(separatedBy: "\n\n").flatMap { paragraph in
        [".PP", escaped(paragraph.split(separator: "\n").joined(separator: " "))]
      }
  }

  /// `text` as roff that prints it as it is: backslashes and hyphen-minus escaped, so that
  /// options copy as typed; a leading '.' or '\'' made text rather than a request; anything
  /// beyond ASCII named by its code point, whatever encoding the formatter assumes.
  static func escaped<Text: StringProtocol>(_ text: Text) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": output += "\\e"
      case "-": output += "\\-"
      case "\n", "\r", "\t": output += " "
      case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
      case _ where scalar.value > 0x7F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        output += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output.hasPrefix(".") || output.hasPrefix("'") ? "\\&" + output : output
  }

  /// `Track prices.` as NAME wants it after the dash: `track prices`.
  private static func nameLine(_ summary: String) -> String {
    let text = summary.hasSuffix(".") ? String(summary.dropLast()) : summary
    return text.prefix(1).lowercased() + text.dropFirst()
  }
}
