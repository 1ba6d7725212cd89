import CoinTrackCore

/// `--method`: how the portfolio commands take a sale's cost; without it, the profile's method
/// (`profile set --method`), else FIFO.
enum CostMethodSetting {
  static let option = OptionSpec(
    "method", value: "METHOD",
    summary: "How a sale takes its cost: fifo (the oldest purchases first), lifo (the newest "
      + "first), hifo (the highest cost per unit first) or average (the average cost of what "
      + "is held).",
    default: "the profile's method, else fifo", allowed: CostMethod.allCases.map(\.rawValue))

  /// The method `option` (`--method`, or a command's own spec of it) names; nil without it.
  static func chosen(in command: ParsedCommand, option: OptionSpec = option) -> CostMethod? {
    // The parser allows only the methods' names.
    command.value(of: option).flatMap(CostMethod.init(rawValue:))
  }

  /// The method `option` names, else the profile's, else FIFO.
  static func method(
    in command: ParsedCommand, option: OptionSpec = option, session: CommandSession
  ) throws -> CostMethod {
    if let chosen = chosen(in: command, option: option) { return chosen }
    return try session.state().profile.preferredMethod ?? .fifo
  }
}
