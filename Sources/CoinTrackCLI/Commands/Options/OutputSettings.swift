import CoinTrackCore

/// How records are printed: --format, --fields and --no-header, declared and applied here.
struct OutputSettings {
  static let formatOption = OptionSpec(
    "format", value: "FORMAT",
    summary: "How to print the results; 'cointrack help formats' shows each with a sample.",
    default: "table", allowed: OutputFormat.all.map(\.name))
  static let fieldsOption = OptionSpec(
    "fields", value: "FIELDS",
    summary: "The fields to print, in this order, separated by commas; each command's help "
      + "lists its fields.",
    default: "every field", formats: RecordFormat.allCases.map(\.rawValue), completion: .fields)
  static let noHeaderOption = OptionSpec(
    "no-header", summary: "Leave out the header line.",
    formats: RecordFormat.allCases.filter(\.hasHeader).map(\.rawValue))

  /// The options, in the order help lists them.
  static let options = [formatOption, fieldsOption, noHeaderOption]

  let format: OutputFormat
  /// What the command prints, after options such as --stats.
  let kind: RecordKind
  /// The fields --fields asks for, checked against the kind; nil for every field.
  let fields: [String]?
  let header: Bool

  /// The settings of a command that prints `kind` unless an option such as --stats says
  /// otherwise; refuses, before anything is read or changed, options given with a format they
  /// do not work with and directive formats for output other than daily prices.
  init(_ command: ParsedCommand, printing kind: RecordKind) throws(UsageError) {
    // The parser has checked the value against the allowed formats.
    format =
      command.value(of: OutputSettings.formatOption).flatMap(OutputFormat.init(name:))
      ?? .records(.table)
    self.kind =
      command.path.options.first { $0.output != nil && command.contains($0) }?.output ?? kind
    if !format.canWrite(self.kind) {
      throw UsageError.formatNeedsPriceRows(format: format.name, at: command.path)
    }
    for option in command.path.options
    where command.contains(option) && !option.formats.isEmpty
      && !option.formats.contains(format.name)
    {
      throw UsageError.optionNeedsFormat(option: option, format: format.name, at: command.path)
    }
    if let input = command.value(of: OutputSettings.fieldsOption) {
      fields = try OutputSettings.fields(input, kind: self.kind, path: command.path)
    } else {
      fields = nil
    }
    header = !command.contains(OutputSettings.noHeaderOption)
  }

  /// The keys of a --fields value, each a field of `kind`, none twice.
  private static func fields(_ input: String, kind: RecordKind, path: CommandPath)
    throws(UsageError) -> [String]
  {
    let valid = kind.fields.map(\.key)
    var keys: [String] = []
    for part in input.split(separator: ",", omittingEmptySubsequences: false) {
      let key = String(part).trimmingSpaces()
      guard valid.contains(key) else {
        throw UsageError.unknownField(input: key, valid: valid, at: path)
      }
      guard !keys.contains(key) else { throw UsageError.repeatedField(input: key, at: path) }
      keys.append(key)
    }
    return keys
  }
}
