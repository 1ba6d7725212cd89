import Testing

@testable import CoinTrackCore

/// Alert conditions compare exactly, as decimals, and their thresholds keep their rules.
@Suite struct AlertConditionTests {
  static func price(_ text: String) -> Price { Price(decimalText: text)! }

  /// (condition, price, reference close, holds)
  static let evaluations: [(AlertCondition, String, String?, Bool)] = [
    (.above(price("60000")), "60000", nil, true),
    (.above(price("60000")), "59999.99999999999999999999", nil, false),
    (.above(price("0.00000001")), "0.000000010", nil, true),
    (.below(price("60000.00")), "60000", nil, true),
    (.below(price("60000")), "60000.00000000000000000001", nil, false),
    // A fall of exactly 10% holds; a hair less does not.
    (.change(percent: price("-10"), days: 1), "90", "100", true),
    (.change(percent: price("-10"), days: 1), "90.0000001", "100", false),
    (.change(percent: price("-10.0001"), days: 1), "90", "100", false),
    (.change(percent: price("-2.5"), days: 7), "0.00000039", "0.0000004", true),
    // A rise: at least the percentage.
    (.change(percent: price("5"), days: 1), "105", "100", true),
    (.change(percent: price("5"), days: 1), "104.99", "100", false),
    (.change(percent: price("0.0001"), days: 1), "100.0001", "100", true),
    (.change(percent: price("1000000"), days: 1), "10000100", "10", true),
    // A rise never holds a fall's condition.
    (.change(percent: price("-1"), days: 1), "101", "100", false),
  ]

  @Test(arguments: 0..<evaluations.count)
  func holdsComparesExactly(index: Int) {
    let (condition, latest, reference, holds) = Self.evaluations[index]
    #expect(
      condition.holds(price: Self.price(latest), reference: reference.map(Self.price)) == holds)
  }

  @Test func theChangeIsRoundedHalfToEvenToTwoDecimals() {
    #expect(
      AlertCondition.changePercent(from: Self.price("80504.47"), to: Self.price("79313.61"))?.text
        == "-1.48")
    #expect(
      AlertCondition.changePercent(from: Self.price("8"), to: Self.price("8.0002"))?.text == "0.00")
    #expect(AlertCondition.changePercent(from: Self.price("0"), to: Self.price("1")) == nil)
  }

  /// (input, the price's text): leading zeros are accepted and dropped.
  @Test(arguments: [
    ("60000", "60000"), ("0.5", "0.5"), ("0.00000001", "0.00000001"), ("0001", "1"),
    ("00.50", "0.50"),
  ])
  func aPlainPositiveDecimalIsAPrice(input: String, text: String) throws {
    #expect(try AlertCondition.checkedPrice(input).text == text)
  }

  @Test(arguments: [
    ("6e4", AlertError.malformedNumber(input: "6e4", what: .price)),
    ("60,000", .malformedNumber(input: "60,000", what: .price)),
    ("+5", .malformedNumber(input: "+5", what: .price)),
    (".5", .malformedNumber(input: ".5", what: .price)),
    (" 5", .malformedNumber(input: " 5", what: .price)),
    ("", .malformedNumber(input: "", what: .price)),
    ("-5", .priceNotPositive(input: "-5")),
    ("0.000", .priceNotPositive(input: "0.000")),
  ])
  func otherPricesAreRefused(input: String, error: AlertError) {
    #expect(throws: error) { try AlertCondition.checkedPrice(input) }
  }

  @Test func percentagesKeepTheirBounds() throws {
    #expect(try AlertCondition.checkedPercent("+5").text == "5")
    #expect(try AlertCondition.checkedPercent("-99.9999").text == "-99.9999")
    #expect(try AlertCondition.checkedPercent("1000000").text == "1000000")
    for input in ["0", "-0.0", "-100", "-150", "1000000.0001", "1.00001"] {
      #expect(throws: AlertError.percentOutOfRange(input: input)) {
        try AlertCondition.checkedPercent(input)
      }
    }
    for input in ["+-5", "5%", "1e2", "--5"] {
      #expect(throws: AlertError.malformedNumber(input: input, what: .percent)) {
        try AlertCondition.checkedPercent(input)
      }
    }
  }

  @Test func daysAreDigitsWithinTheirRange() throws {
    #expect(try AlertCondition.checkedDays("36500") == 36_500)
    #expect(throws: AlertError.invalidDays(input: "36501", allowed: AlertCondition.dayRange)) {
      try AlertCondition.checkedDays("36501")
    }
    #expect(throws: AlertError.invalidDays(input: "0", allowed: AlertCondition.dayRange)) {
      try AlertCondition.checkedDays("0")
    }
    for input in ["+1", "1.0", "", "99999999999999999999999"] {
      #expect(throws: (any Error).self) { try AlertCondition.checkedDays(input) }
    }
  }

  @Test func alertsAskTheSameWhenTheirThresholdsAreEqualValues() {
    let coin = Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin")
    let five = Alert(id: 1, coin: coin, condition: .below(Self.price("5")), currency: "USDT")
    let fivePointZero = Alert(
      id: 2, coin: coin, condition: .below(Self.price("5.0")), currency: "USDT", firedOn: nil)
    #expect(five.asksTheSame(as: fivePointZero))
    var inEuro = fivePointZero
    inEuro.currency = "EUR"
    #expect(!five.asksTheSame(as: inEuro))
    let above = Alert(id: 3, coin: coin, condition: .above(Self.price("5")), currency: "USDT")
    #expect(!five.asksTheSame(as: above))
  }
}

/// The alerts of a state file: ids in any order, none twice, none at or past `next_alert_id`.
@Suite struct AlertStateTests {
  static func decode(ids: [Int], next: Int) throws(StateDocumentError) -> [Int] {
    let alerts = ids.map {
      #"{"id":\#($0),"symbol":"BTC","name":"Bitcoin","coingecko_id":"bitcoin","#
        + #""condition":"below","threshold":5,"days":null,"currency":"USDT","fired_on":null}"#
    }
    let text =
      #"{"schema_version":4,"profile":{"username":"a","source":null,"currency":null},"#
      + #""coins":[],"next_id":1,"revision":0,"alerts":[\#(alerts.joined(separator: ","))],"#
      + #""next_alert_id":\#(next)}"#
    return try TrackerState.decode(Array(text.utf8)).state.alerts.map(\.id)
  }

  @Test func idsInAnyOrderAreRead() throws {
    #expect(try Self.decode(ids: [5, 2, 9], next: 10) == [5, 2, 9])
  }

  @Test func aRepeatedIdOrOneNotBelowTheCounterIsRefused() {
    #expect(
      throws: StateDocumentError.schema(
        StateSchemaError(keyPath: "alerts[2].id", problem: .invalid("repeats id 5")))
    ) { try Self.decode(ids: [5, 2, 5], next: 10) }
    #expect(
      throws: StateDocumentError.schema(
        StateSchemaError(
          keyPath: "next_alert_id", problem: .invalid("is 9 but alert id 9 is already used")))
    ) { try Self.decode(ids: [5, 9, 2], next: 9) }
  }
}
