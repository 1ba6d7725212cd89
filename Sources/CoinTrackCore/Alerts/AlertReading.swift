/// What one check saw of one alert: the price it was compared on and whether its condition
/// holds.
public struct AlertReading: Hashable, Sendable {
  public let alert: Alert
  /// The latest price on or before today; its price is never nil.
  public let latest: PriceRow
  /// For a change alert, the close it was compared with: that of `days` days before the latest
  /// price's day.
  public let reference: PriceRow?
  /// Whether the condition holds on these prices, compared exactly.
  public let holds: Bool

  /// For a change alert, the change from the reference close in percent, rounded half to even
  /// to two decimals; worked out only for the alerts printed.
  public var changePercent: Price? {
    guard let reference = reference?.price, let price = latest.price else { return nil }
    return AlertCondition.changePercent(from: reference, to: price)
  }
}

/// An alert a check left alone, and why: nothing fired and nothing re-armed.
public struct SkippedAlert: Hashable, Sendable {
  public let alert: Alert
  public let reason: Reason

  /// Why an alert could not be checked.
  public enum Reason: Hashable, Sendable {
    /// The check's source quotes another currency than the alert's threshold is in.
    case otherCurrency(source: String, currency: String)
    /// The source has no price of the coin on or before today.
    case noPrice(source: String, today: Day)
    /// The source has no close on the day a change alert compares with.
    case noReferenceClose(source: String, day: Day)
  }
}

/// What `alerts check` found: the alerts to report, and those it could not check.
public struct AlertCheck: Hashable, Sendable {
  /// The alerts that fired (or, with `--all`, whose condition holds), in id order.
  public var reported: [AlertReading]
  public var skipped: [SkippedAlert]
}

extension AlertCondition {
  /// Whether the condition holds for `price`; a change compares with the close `reference`,
  /// which must be above zero.
  func holds(price: Price, reference: Price?) -> Bool {
    let value = ExactDecimal(price)
    switch self {
    case .above(let threshold): return value >= ExactDecimal(threshold)
    case .below(let threshold): return value <= ExactDecimal(threshold)
    case .change(let percent, _):
      guard let reference else { return false }
      // price / reference - 1 against percent / 100, without dividing: price × 100 against
      // reference × (100 + percent), both scaled by 10^scale so that the factor is whole.
      let percentValue = ExactDecimal(percent)
      let scale = percentValue.scale
      // The percentage's bounds keep the factor positive and far below Int.max.
      let factor = (ExactDecimal(100) + percentValue).rescaled(to: scale).units.integer!
      var hundredScaled = 100
      for _ in 0..<scale { hundredScaled *= 10 }
      let left = value.multiplied(by: hundredScaled)
      let right = ExactDecimal(reference).multiplied(by: factor)
      return ExactDecimal.zero < percentValue ? left >= right : left <= right
    }
  }

  /// The change from `reference` to `price` in percent, rounded half to even to two decimals.
  static func changePercent(from reference: Price, to price: Price) -> Price? {
    let base = ExactDecimal(reference)
    return (ExactDecimal(price) - base).multiplied(by: 100).divided(by: base, scale: 2)?.price
  }
}
