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

/// A sum whose amounts are replaced one by one is the sum `ExactDecimal` adds from zero of the
/// amounts left, value and decimals: fewer decimals once the amount that had the most is
/// replaced, and back within 128 bits after leaving them.
@Suite struct ReplaceableSumTests {
  /// Each step replaces the amount at an index with another; the sum starts with `start`.
  static let cases: [(start: [String], steps: [(Int, String)])] = [
    (["1.50", "2.5", "0"], [(0, "1.5"), (1, "-3.125"), (1, "7"), (0, "0.00")]),
    (["12.34567890", "100"], [(0, "1"), (1, "0.1"), (0, "-0.1")]),
    (
      ["170141183460469231731687303715884105727", "1"],
      [(1, "2"), (0, "0"), (1, "0.000000000000000000000000000000000001")]
    ),
    (["-5", "5.000"], [(1, "5"), (0, "0.0"), (1, "0")]),
  ]

  @Test(arguments: 0..<cases.count)
  func theSumIsExactDecimalsSumOfTheAmountsLeft(_ index: Int) {
    let (start, steps) = Self.cases[index]
    var amounts = start.map { ExactDecimal(Price(decimalText: $0)!) }
    var sum = ReplaceableSum()
    for amount in amounts { sum.add(amount) }
    for (place, text) in steps {
      let new = ExactDecimal(Price(decimalText: text)!)
      sum.replace(amounts[place], with: new)
      amounts[place] = new
      let expected = amounts.reduce(ExactDecimal.zero, +)
      #expect(sum.total == expected, "after \(text)")
      #expect(sum.total.price.text == expected.price.text, "after \(text)")
    }
  }
}
