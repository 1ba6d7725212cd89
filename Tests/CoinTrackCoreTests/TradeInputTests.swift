import Testing

@testable import CoinTrackCore

/// A trade's numbers and currency keep their rules whether typed or imported.
@Suite struct TradeInputTests {
  /// (input, the quantity's text): leading zeros are accepted and dropped.
  @Test(arguments: [
    ("1", "1"), ("0.5", "0.5"), ("0.000000000000000001", "0.000000000000000001"),
    ("21000000", "21000000"), ("007.10", "7.10"), ("00.5", "0.5"),
  ])
  func quantitiesAccepted(_ input: String, text: String) throws {
    #expect(try Trade.checkedQuantity(input).text == text)
  }

  /// (input, the error it gets)
  static let refusedQuantities: [(String, TradeError)] = [
    ("0", .quantityNotPositive(input: "0")),
    ("0.000", .quantityNotPositive(input: "0.000")),
    ("-1", .quantityNotPositive(input: "-1")),
    ("-0", .quantityNotPositive(input: "-0")),
    ("+1", .malformedNumber(input: "+1", what: .quantity)),
    ("1,5", .malformedNumber(input: "1,5", what: .quantity)),
    ("1e3", .malformedNumber(input: "1e3", what: .quantity)),
    ("1.", .malformedNumber(input: "1.", what: .quantity)),
    ("", .malformedNumber(input: "", what: .quantity)),
    ("0.0000000000000000001", .tooManyDecimals(input: "0.0000000000000000001", allowed: 18)),
    (
      String(repeating: "9", count: 65),
      .malformedNumber(input: String(repeating: "9", count: 65), what: .quantity)
    ),
  ]

  @Test(arguments: 0..<refusedQuantities.count)
  func quantitiesRefused(_ index: Int) {
    let (input, expected) = Self.refusedQuantities[index]
    #expect(throws: expected) { try Trade.checkedQuantity(input) }
  }

  @Test func pricesAndFeesMayBeZeroButNotNegative() throws {
    #expect(try Trade.checkedAmount("0", what: .price).text == "0")
    #expect(try Trade.checkedAmount("0.00", what: .fee).text == "0.00")
    #expect(throws: TradeError.negativeAmount(input: "-0.5", what: .fee)) {
      try Trade.checkedAmount("-0.5", what: .fee)
    }
    #expect(throws: TradeError.malformedNumber(input: "1E2", what: .price)) {
      try Trade.checkedAmount("1E2", what: .price)
    }
  }

  @Test(arguments: [("usd", "USD"), ("USDT", "USDT"), ("Eur", "EUR"), ("btc2", "BTC2")])
  func currenciesAccepted(_ input: String, _ code: String) throws {
    #expect(try Trade.checkedCurrency(input) == code)
  }

  @Test(arguments: ["U", "2USD", "US D", "USD$", "ABCDEFGHIJK", "ÜSD", ""])
  func currenciesRefused(_ input: String) {
    #expect(throws: TradeError.malformedCurrency(input: input)) { try Trade.checkedCurrency(input) }
  }
}
