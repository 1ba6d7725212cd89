import CoinTrackCore

/// `cointrack alerts add COIN (--above PRICE | --below PRICE | --change PERCENT --days N)`:
/// store a price alert.
struct AlertsAddCommand: LeafCommand {
  static let coinArgument = ArgumentSpec(
    "COIN", summary: "A symbol, full name or @id: btc, \"bitcoin cash\", @bitcoin.",
    completion: .catalogueCoin)
  static let aboveOption = OptionSpec(
    "above", value: "PRICE", summary: "Fire when the price is at or above PRICE.")
  static let belowOption = OptionSpec(
    "below", value: "PRICE", summary: "Fire when the price is at or below PRICE.")
  static let changeOption = OptionSpec(
    "change", value: "PERCENT",
    summary: "Fire when the price is at least PERCENT away from the close --days before: -10 "
      + "on a fall of 10% or more, 5 on a rise of 5% or more.")
  static let daysOption = OptionSpec(
    "days", value: "N",
    summary: "How many days before the latest price's day --change compares with, "
      + "\(AlertCondition.dayRange.lowerBound) to \(AlertCondition.dayRange.upperBound).")
  /// The options that each give the condition; exactly one is given.
  static let conditionOptions = [aboveOption, belowOption, changeOption]

  static let spec = CommandSpec(
    "add", summary: "Store a price alert.",
    discussion: """
      COIN is any coin the source knows, tracked or not, named as 'prices' takes it. PRICE is a \
      plain decimal above 0 (no exponent, no thousands separator) in the currency of the source \
      and currency chosen here (--source and --currency, else the profile's), which the alert \
      keeps: 'alerts check' compares it only with prices in that currency. PERCENT may carry a \
      sign and up to \(AlertCondition.maximumPercentDecimals) decimals; it is above -100. \
      Prints the alert with its id. An alert that asks the same as one stored is refused.
      """,
    arguments: [coinArgument],
    options: conditionOptions + [
      daysOption, SourceSelection.sourceOption, SourceSelection.currencyOption,
      SourceSelection.cachedOnlyOption,
    ],
    examples: [
      Example(
        command: "cointrack alerts add btc --below 60000",
        explanation: "Fire when Bitcoin is at or under 60,000 (USDT offline)."),
      Example(
        command: "cointrack alerts add eth --change -10 --days 1",
        explanation: "Fire when Ether closes 10% or more under the day before's close."),
      Example(
        command: "cointrack alerts add btc --above 100000 --source coingecko --currency EUR",
        explanation: "Fire at 100,000 EUR, checked with CoinGecko's EUR prices."),
    ],
    leaf: Self.self, output: .alert)

  /// The coin as the user named it; the tracker resolves it through the source.
  let coin: String
  let condition: AlertCondition

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    // The parser refuses a line without the coin.
    coin = command.value(of: Self.coinArgument)!
    let path = command.path
    let given = Self.conditionOptions.filter(command.contains)
    guard let option = given.first else {
      throw UsageError.missingOneOf(Self.conditionOptions, at: path)
    }
    if given.count > 1 { throw UsageError.conflictingOptions(given[0], given[1], at: path) }
    let days = command.value(of: Self.daysOption)
    if option == Self.changeOption, days == nil {
      throw UsageError.optionNeedsOption(option, Self.daysOption, at: path)
    }
    if option != Self.changeOption, days != nil {
      throw UsageError.optionNeedsOption(Self.daysOption, Self.changeOption, at: path)
    }
    // The parser gives every option that takes a value its value.
    let text = command.value(of: option)!
    do throws(AlertError) {
      switch option {
      case Self.aboveOption: condition = .above(try AlertCondition.checkedPrice(text))
      case Self.belowOption: condition = .below(try AlertCondition.checkedPrice(text))
      default:
        condition = .change(
          percent: try AlertCondition.checkedPercent(text),
          days: try AlertCondition.checkedDays(days!))
      }
    } catch {
      guard case .malformedNumber(let input, let kind) = error else { throw error }
      throw UsageError.invalidNumber(
        input: input, option: kind == .days ? Self.daysOption : option, at: path)
    }
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    let tracker = session.tracker(source: try session.selectedSource())
    return .records(RecordOutput(.alerts([try tracker.addAlert(coin: coin, condition: condition)])))
  }
}
