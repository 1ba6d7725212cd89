import Testing

@testable import CoinTrackCore

/// A sum in integers is the sum `ExactDecimal` adds from zero, value and decimals, whatever the
/// amounts' decimals and sizes: the same decimals, more, fewer, negative amounts, and sums that
/// leave 128 bits and come back.
@Suite struct DecimalSumTests {
  static let amounts: [[String]] = [
    [], ["0"], ["1.50", "2.5", "-0.125", "3"], ["12.34567890", "0.00000001", "100"],
    ["170141183460469231731687303715884105727", "1", "-2"],
    [
      "99999999999999999999999999999999999999.9", "0.01", "-99999999999999999999999999999999999999",
    ],
    ["-5", "5.000", "0.0"],
  ]

  @Test(arguments: amounts)
  func theSumIsExactDecimalsSum(_ texts: [String]) {
    let values = texts.map { ExactDecimal(Price(decimalText: $0)!) }
    var sum = DecimalSum()
    for value in values { sum.add(value) }
    let expected = values.reduce(ExactDecimal.zero, +)
    #expect(sum.total == expected)
    #expect(sum.total.price.text == expected.price.text)
  }
}
