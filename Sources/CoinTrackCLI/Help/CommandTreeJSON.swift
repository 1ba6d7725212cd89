import CoinTrackCore

/// `cointrack help --format json`: the whole command table as JSON, for scripts and agents.
///
/// Everything comes from the table and the types help reads (exit codes, variables, topics), so
/// it cannot describe a command the parser does not accept. A new key is added without a new
/// `schema_version`; a key removed or changed in meaning takes the next one.
enum CommandTreeJSON {
  static let schemaVersion = 1

  /// The document, indented, with a final line end.
  static func document() -> String {
    let root = CommandPath(commands: [CommandTable.root])
    let value = JSONValue.object(
      [
        JSONMember("schema_version", .number(String(schemaVersion))),
        JSONMember("name", .string(CommandTable.programName)),
        JSONMember("version", .string(CommandTable.version)),
      ] + description(of: root) + [
        JSONMember("global_options", .array(CommandTable.globalOptions.map(option))),
        JSONMember(
          "topics", pairs(HelpTopic.allCases.map { ($0.rawValue, $0.summary) }, "name", "summary")
        ),
        JSONMember(
          "exit_codes",
          .array(
            ExitCode.allCases.map {
              .object([
                JSONMember("code", .number(String($0.rawValue))),
                JSONMember("name", .string($0.name)),
                JSONMember("meaning", .string($0.meaning)),
              ])
            })),
        JSONMember(
          "environment",
          pairs(
            VariableHelp.rows.flatMap { row in row.names.map { ($0, row.meaning) } }, "name",
            "meaning")),
      ])
    return JSONWriter.indented(value) + "\n"
  }

  /// A command's members, then its subcommands' objects under `commands`.
  private static func description(of path: CommandPath) -> [JSONMember] {
    let command = path.command
    return [
      JSONMember("command", .string(path.fullName)),
      JSONMember("summary", .string(command.summary)),
      JSONMember("description", .string(command.discussion)),
      JSONMember("usage", .string(HelpRenderer.synopsis(for: path))),
      JSONMember("runs", .bool(command.leaf != nil)),
      JSONMember("arguments", .array(command.arguments.map(argument))),
      JSONMember("options", .array(command.options.map(option))),
      JSONMember("fields", fields(command.output)),
      JSONMember(
        "examples",
        pairs(command.examples.map { ($0.command, $0.explanation) }, "command", "explanation")),
      JSONMember(
        "commands",
        .array(
          command.subcommands.map {
            .object([JSONMember("name", .string($0.name))] + description(of: path.appending($0)))
          })),
    ]
  }

  private static func argument(_ argument: ArgumentSpec) -> JSONValue {
    .object([
      JSONMember("name", .string(argument.name)),
      JSONMember("summary", .string(argument.summary)),
      JSONMember("repeating", .bool(argument.isRepeating)),
      JSONMember("optional", .bool(argument.isOptional)),
      JSONMember("allowed_values", strings(argument.allowedValues)),
    ])
  }

  private static func option(_ option: OptionSpec) -> JSONValue {
    .object([
      JSONMember("name", .string(option.name)),
      JSONMember("flag", .string(option.flag)),
      JSONMember("short", option.shortName.map { .string("-\($0)") } ?? .null),
      JSONMember("value", option.valueName.map(JSONValue.string) ?? .null),
      JSONMember("summary", .string(option.summary)),
      JSONMember("default", option.defaultDescription.map(JSONValue.string) ?? .null),
      JSONMember("allowed_values", strings(option.allowedValues)),
      JSONMember("formats", strings(option.formats)),
      JSONMember("fields", fields(option.output)),
    ])
  }

  /// The fields `--fields` takes for `kind`, in their default order; null for no records.
  private static func fields(_ kind: RecordKind?) -> JSONValue {
    guard let kind else { return .null }
    return .array(
      kind.fields.map {
        .object([
          JSONMember("name", .string($0.key)),
          JSONMember("numeric", .bool($0.isNumeric)),
          JSONMember("in_tables", .bool($0.isShownInTables)),
        ])
      })
  }

  /// An array of objects of two strings each, keyed `first` and `second`.
  private static func pairs(_ rows: [(String, String)], _ first: String, _ second: String)
    -> JSONValue
  {
    .array(
      rows.map { .object([JSONMember(first, .string($0.0)), JSONMember(second, .string($0.1))]) })
  }

  private static func strings(_ values: [String]) -> JSONValue {
    .array(values.map(JSONValue.string))
  }
}
