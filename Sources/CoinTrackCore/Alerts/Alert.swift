/// A stored price alert: a coin, a condition on its price in one currency, and whether it has
/// fired since its condition last failed.
public struct Alert: Hashable, Sendable {
  /// Small, stable and never reused after a removal, like a tracked coin's list id.
  public var id: Int
  public var coin: Coin
  public var condition: AlertCondition
  /// The currency the threshold is in: that of the source chosen when the alert was added. A
  /// check in another currency leaves the alert alone rather than compare unlike prices.
  public var currency: String
  /// The day of the price that fired the alert, while its condition has held at every check
  /// since; nil while the alert is armed.
  public var firedOn: Day?

  public init(id: Int, coin: Coin, condition: AlertCondition, currency: String, firedOn: Day? = nil)
  {
    self.id = id
    self.coin = coin
    self.condition = condition
    self.currency = currency
    self.firedOn = firedOn
  }

  /// Whether `other` asks the same of the same coin, whatever its id and memory: thresholds
  /// are compared by value, so `--below 5` and `--below 5.0` are one alert.
  public func asksTheSame(as other: Alert) -> Bool {
    coin.id == other.coin.id && currency == other.currency
      && condition.name == other.condition.name && condition.days == other.condition.days
      && ExactDecimal(condition.threshold) == ExactDecimal(other.condition.threshold)
  }
}

/// What an alert waits for.
public enum AlertCondition: Hashable, Sendable {
  /// The price is at or above the threshold.
  case above(Price)
  /// The price is at or below the threshold.
  case below(Price)
  /// The price differs from the close `days` days before the latest price's day by at least
  /// `percent`: a fall when negative, a rise when positive.
  case change(percent: Price, days: Int)

  /// The longest text of a threshold: longer prices are no price a source quotes.
  public static let maximumPriceLength = 64
  /// The percentages an alert takes: above -100 (nothing falls further), at most a million.
  public static let percentMagnitudeLimit = 1_000_000
  /// The most digits after the point a percentage may have.
  public static let maximumPercentDecimals = 4
  /// The most days a change alert looks back: about a century.
  public static let dayRange = 1...36_500

  /// `above`, `below` or `change`: the condition's name in records and the state file.
  public var name: String {
    switch self {
    case .above: return "above"
    case .below: return "below"
    case .change: return "change"
    }
  }

  /// The price of `above` and `below`, the percentage of `change`.
  public var threshold: Price {
    switch self {
    case .above(let price), .below(let price): return price
    case .change(let percent, _): return percent
    }
  }

  /// The days a change looks back over; nil for a price threshold.
  public var days: Int? {
    guard case .change(_, let days) = self else { return nil }
    return days
  }

  /// The condition named `name` with `threshold` and `days`, each checked against its rules;
  /// `input` is the threshold as typed (or stored), for the message.
  public static func checked(name: String, threshold input: String, days: Int?)
    throws(AlertError) -> AlertCondition
  {
    switch (name, days) {
    case ("above", nil): return .above(try checkedPrice(input))
    case ("below", nil): return .below(try checkedPrice(input))
    case ("change", let days?):
      return .change(percent: try checkedPercent(input), days: try checkedDays(String(days)))
    default: throw AlertError.unknownCondition(input: name)
    }
  }

  /// A threshold price: plain decimal text above zero.
  public static func checkedPrice(_ input: String) throws(AlertError) -> Price {
    guard input.utf8.count <= maximumPriceLength, let price = Price(decimalText: input) else {
      throw AlertError.malformedNumber(input: input, what: .price)
    }
    // Plain decimal text is above zero when it has no sign and a digit other than 0.
    guard !input.hasPrefix("-"), input.utf8.contains(where: { (0x31...0x39).contains($0) }) else {
      throw AlertError.priceNotPositive(input: input)
    }
    return price
  }

  /// A number of days to look back: decimal digits only, within `dayRange`.
  public static func checkedDays(_ input: String) throws(AlertError) -> Int {
    guard input.isDecimalDigits else {
      throw AlertError.malformedNumber(input: input, what: .days)
    }
    guard let days = Int(input), dayRange.contains(days) else {
      throw AlertError.invalidDays(input: input, allowed: dayRange)
    }
    return days
  }

  /// A percentage: plain decimal text with an optional sign, not zero, above -100 and at most a
  /// million in size, with at most four digits after the point. A leading `+` is dropped.
  public static func checkedPercent(_ input: String) throws(AlertError) -> Price {
    let explicitRise = input.hasPrefix("+")
    let unsigned = explicitRise ? String(input.dropFirst()) : input
    // `+-5` has two signs.
    guard !(explicitRise && unsigned.hasPrefix("-")), unsigned.utf8.count <= maximumPriceLength,
      let percent = Price(decimalText: unsigned)
    else {
      throw AlertError.malformedNumber(input: input, what: .percent)
    }
    let value = ExactDecimal(percent)
    guard !value.isZero, ExactDecimal(-100) < value, value.scale <= maximumPercentDecimals,
      -ExactDecimal(percentMagnitudeLimit) < value, value <= ExactDecimal(percentMagnitudeLimit)
    else {
      throw AlertError.percentOutOfRange(input: input)
    }
    return percent
  }
}
