import CoinTrackTestSupport
import Testing

@testable import CoinTrackCore

/// `ShownAmounts`, the numbers of a totals row kept as units of one scale until written, against
/// the rounding it stands for: each amount rounded to the most decimals among them, the
/// unrealised profit the value less the cost, its percentage of the cost.
@Suite struct ShownAmountsTests {
  /// The numbers a row of `cost`, `value` and `realised` shows, computed from the amounts
  /// themselves: what `ShownAmounts` must give whether it keeps units or the amounts whole.
  static func expected(cost: ExactDecimal, value: ExactDecimal?, realised: ExactDecimal)
    -> [String]
  {
    let scale = max(cost.scale, value?.scale ?? 0, realised.scale)
    let unrealised = value.map { $0 - cost }
    return [
      cost.rounded(toScale: scale), value?.rounded(toScale: scale),
      unrealised?.rounded(toScale: scale), unrealised.flatMap { Position.percent($0, of: cost) },
      realised.rounded(toScale: scale),
    ].map { $0?.price.text ?? "nil" }
  }

  static func shown(_ numbers: ShownAmounts) -> [String] {
    [numbers.cost, numbers.value, numbers.unrealised, numbers.unrealisedPercent, numbers.realised]
      .map { $0?.price.text ?? "nil" }
  }

  /// Amounts of every size and scale the fast-path tests use (units past 128 bits and scales up
  /// to 40 among them), three at a time at random, a quarter without a value; half the rows
  /// of amounts with units of 64 bits at scales up to 8, as money mostly is.
  @Test func showsWhatTheAmountsRoundToWhetherKeptAsUnitsOrWhole() {
    let values = ExactDecimalFastPathTests.values
    let money = values.filter {
      guard $0.scale <= 8, case .fixed(let units) = $0.rescaled(to: 8).storage else {
        return false
      }
      return Int64(exactly: units) != nil
    }
    var generator = SeededGenerator(seed: 36)
    var keptWhole = 0
    for _ in 0..<3000 {
      let source = generator.next(below: 2) == 0 ? money : values
      let pick = { source[Int(generator.next(below: UInt64(source.count)))] }
      let (cost, realised) = (pick(), pick())
      let value = generator.next(below: 4) == 0 ? nil : pick()
      let amounts = ValuedAmounts(
        currencyNumber: 0, cost: cost, value: value ?? .zero, isPriced: value != nil,
        realised: realised)
      let numbers = amounts.shown
      #expect(
        Self.shown(numbers) == Self.expected(cost: cost, value: value, realised: realised),
        "\(cost.price.text) \(value.map(\.price.text) ?? "nil") \(realised.price.text)")
      #expect(numbers.isPriced == (value != nil))
      let scale = max(cost.scale, value?.scale ?? 0, realised.scale)
      let fits = [cost, value ?? .zero, realised].allSatisfy {
        if case .fixed(let units) = $0.rescaled(to: scale).storage {
          Int64(exactly: units) != nil
        } else {
          false
        }
      }
      if !fits { keptWhole += 1 }
    }
    // Both ways of keeping the amounts were taken, many times each.
    #expect(keptWhole > 300 && keptWhole < 2700, "\(keptWhole) kept whole")
  }

  /// The decimals money is shown with at a price: the price's significant ones when they are
  /// more than the trades', whether or not the price has more decimals than the trades at all.
  @Test func theMoneyScaleAtAPriceIsTheMostOfTheTradesAndThePricesSignificantDecimals() {
    for price in ExactDecimalFastPathTests.values {
      for moneyScale in 0...42 {
        #expect(
          ValuedAmounts.scale(moneyScale: moneyScale, price: price)
            == max(moneyScale, price.significantScale), "\(price.price.text) at \(moneyScale)")
      }
      #expect(ValuedAmounts.scale(moneyScale: 5, price: nil) == 5)
    }
  }

  @Test func handWorkedRow() {
    let amounts = ValuedAmounts(
      currencyNumber: 0, cost: ExactDecimal(Price(decimalText: "150.5")!),
      value: ExactDecimal(Price(decimalText: "200.125")!), isPriced: true,
      realised: ExactDecimal(Price(decimalText: "-3")!))
    #expect(
      Self.shown(amounts.shown) == [
        "150.500", "200.125", "49.625", "32.97", "-3.000",
      ])
  }

  /// A day of `portfolio history` is kept until the days are written: five years of days are
  /// held at once, so its size counts (it was 192 bytes with each number a decimal of its own,
  /// 96 with units of 128 bits and the currency's name).
  @Test func aDayOfHistoryKeepsItsRowInFewBytes() {
    #expect(MemoryLayout<PortfolioDay>.stride <= 56)
  }
}
