/// The alert operations: add, list, remove and check, over the state store and the source.
extension Tracker {
  /// Stores an alert on the coin `input` names, as the source resolves it (tracked or not), in
  /// the currency the source values the coin in; refuses one that asks the same as an existing
  /// alert.
  public func addAlert(coin input: String, condition: AlertCondition) throws -> Alert {
    let coin = try source.resolveCoin(input)
    let currency = try source.valuationCurrency(of: coin)
    return try openStore().update { state in
      let alert = Alert(
        id: state.nextAlertID, coin: coin, condition: condition, currency: currency)
      if let existing = state.alerts.first(where: { $0.asksTheSame(as: alert) }) {
        throw AlertError.duplicateAlert(existing: existing)
      }
      guard state.nextAlertID <= TrackerState.largestID else { throw AlertError.noAlertIDsLeft }
      state.alerts.append(alert)
      state.nextAlertID += 1
      return alert
    }
  }

  /// The stored alerts, in id order.
  public func alerts() throws -> [Alert] {
    try openStore().load().alerts
  }

  /// Removes every alert named by its id, or none when one id names no alert.
  public func removeAlerts(_ inputs: [String]) throws -> [Alert] {
    try openStore().update { state in
      var removed: [Alert] = []
      for input in inputs {
        let alert = try state.alert(withID: input)
        if !removed.contains(alert) { removed.append(alert) }
      }
      state.alerts.removeAll { removed.contains($0) }
      return removed
    }
  }

  /// Evaluates the stored `alerts` on the source's latest prices and reports those that fired:
  /// whose condition holds and did not at the check before (or never was checked). Their memory
  /// is updated under the state lock in one save, so that two checks at the same moment never
  /// both report one firing. With `allThatHold`, reports every alert whose condition holds and
  /// changes nothing. The caller loads the state (once, as the preferred source comes from it
  /// too).
  public func checkAlerts(_ alerts: [Alert], allThatHold: Bool) throws -> AlertCheck {
    var check = try read(alerts)
    if allThatHold {
      check.reported.removeAll { !$0.holds }
      return check
    }
    // Nothing to fire or re-arm as the alerts were read: the check takes no lock and writes
    // nothing, as if it ran before any check that changed them since.
    guard check.reported.contains(where: { $0.holds == ($0.alert.firedOn == nil) }) else {
      check.reported = []
      return check
    }
    let readings = Dictionary(check.reported.map { ($0.alert.id, $0) }) { first, _ in first }
    check.reported = try openStore().update { state in
      var fired: [AlertReading] = []
      for index in state.alerts.indices {
        let stored = state.alerts[index]
        // An alert removed, or removed and added again, since the prices were read is left for
        // the next check.
        guard let reading = readings[stored.id], reading.alert.asksTheSame(as: stored) else {
          continue
        }
        if !reading.holds {
          state.alerts[index].firedOn = nil
        } else if stored.firedOn == nil {
          state.alerts[index].firedOn = reading.latest.day
          fired.append(reading)
        }
      }
      return fired
    }
    return check
  }

  /// Reads the prices every alert needs and evaluates each: the latest prices of all the coins
  /// in one call to the source, and for each change alert the close it compares with.
  private func read(_ alerts: [Alert]) throws -> AlertCheck {
    var skipped: [SkippedAlert] = []
    var coins: [Coin] = []
    // Made at their final size: growing them was a tenth of checking 100 alerts.
    var coinPositions: [String: Int] = .init(minimumCapacity: alerts.count)
    let currencies = try source.valuationCurrencies(byID: alerts.lazy.map(\.coin))
    let checked = alerts.filter { alert in
      let currency = currencies[alert.coin.id] ?? source.currency
      guard alert.currency == currency else {
        skipped.append(
          SkippedAlert(
            alert: alert, reason: .otherCurrency(source: source.name, currency: currency)))
        return false
      }
      if coinPositions[alert.coin.id] == nil {
        coinPositions[alert.coin.id] = coins.count
        coins.append(alert.coin)
      }
      return true
    }
    let latestPrices = try source.latestPrices(of: coins, onOrBefore: today)
    var references: [ReferenceDay: PriceRow?] = .init(minimumCapacity: alerts.count)
    var readings: [AlertReading] = []
    for alert in checked {
      // Every checked alert's coin has a position.
      guard let latest = latestPrices[coinPositions[alert.coin.id]!], let price = latest.price
      else {
        skipped.append(
          SkippedAlert(alert: alert, reason: .noPrice(source: source.name, today: today)))
        continue
      }
      var reference: PriceRow?
      if let days = alert.condition.days {
        let key = ReferenceDay(coinID: alert.coin.id, day: latest.day.adding(days: -days))
        if references[key] == nil { references[key] = try close(of: alert.coin, on: key.day) }
        reference = references[key] ?? nil
        guard let referencePrice = reference?.price,
          ExactDecimal.zero < ExactDecimal(referencePrice)
        else {
          skipped.append(
            SkippedAlert(
              alert: alert, reason: .noReferenceClose(source: source.name, day: key.day)))
          continue
        }
      }
      readings.append(
        AlertReading(
          alert: alert, latest: latest, reference: reference,
          holds: alert.condition.holds(price: price, reference: reference?.price)))
    }
    return AlertCheck(reported: readings, skipped: skipped)
  }

  /// The close of `coin` on `day`; nil when the source has none. Any fault of the source ends
  /// the check, as it does every command.
  private func close(of coin: Coin, on day: Day) throws -> PriceRow? {
    do {
      return try source.dailyPrices(of: coin, in: DayRange(from: day, to: day)!).first
    } catch TrackerError.noPricesInRange {
      return nil
    }
  }
}

/// A coin's day, by coin id: change alerts on one coin over the same days share one close.
private struct ReferenceDay: Hashable {
  let coinID: String
  let day: Day
}

extension TrackerState {
  /// The alert whose id `input` gives: decimal digits only, as `alerts list` shows it.
  public func alert(withID input: String) throws(AlertError) -> Alert {
    let trimmed = input.trimmingSpaces()
    guard trimmed.isDecimalDigits,
      let id = Int(trimmed), let alert = alerts.first(where: { $0.id == id })
    else {
      throw AlertError.unknownAlert(input: input)
    }
    return alert
  }
}
