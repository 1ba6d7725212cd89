import Testing

@testable import CoinTrackCore

/// The lot methods on hand-worked examples: which lots each sale takes, the cost and the share
/// of the proceeds each part carries, and what is held and realised after; every number is
/// worked out in the comments.
@Suite struct LotMethodTests {
  /// A trade of an example: side, quantity, price, fee, day, and the lots a sale names.
  typealias Step = (side: TradeSide, quantity: String, price: String, fee: String, day: String)

  struct Example: CustomTestStringConvertible, Sendable {
    let name: String
    let trades: [Step]
    /// The lots each sale names, by its position in `trades` (1-based, its id).
    var named: [Int: [Int]] = [:]
    let method: CostMethod
    /// Each disposal as `sale:lot quantity proceeds cost acquired`, lot `-` under average.
    let disposals: [String]
    /// The cost held and the realised profit after every trade, exact.
    let heldCost: String
    let realised: String
    var testDescription: String { "\(name), \(method)" }
  }

  static let examples: [Example] = [
    // Lot 1: 2 × 100 + 2 = 202; lot 2: 1 × 130 + 1 = 131. The sale of 2.5 at 150 less 3 brings
    // 372. LIFO takes lot 2 whole (131) and 1.5 of lot 1's 2 units: 202 × 1.5 / 2 = 151.5, so
    // 282.5 in all and a gain of 89.5. The proceeds split by units: 372 × 1 / 2.5 = 148.8 for
    // lot 2, the rest, 223.2, for lot 1. Held: 0.5 of lot 1 costing 50.5.
    Example(
      name: "LIFO takes the newest lot first",
      trades: [
        (.buy, "2", "100", "2", "2024-01-01"), (.buy, "1", "130", "1", "2024-01-05"),
        (.sell, "2.5", "150", "3", "2024-01-10"),
      ], method: .lifo,
      disposals: ["3:2 1 148.8 131 2024-01-05", "3:1 1.5 223.2 151.5 2024-01-01"],
      heldCost: "50.5", realised: "89.5"),
    // Costs per unit: lot 1 100, lot 2 110, lot 3 (105 + a fee of 10) 115, lot 4 115. Lots 3
    // and 4 tie at 115 on the same day: the older, 3 (the lower id), goes first. Sale 5 of 2 at
    // 120 (240) takes lot 3 (115) and 1 of lot 4's 2 (230 / 2 = 115): gain 10, 120 proceeds
    // each. Sale 6 of 2 at 100 (200) takes lot 4's last unit (115) and 1 of lot 2's 2 (110):
    // gain −25. Realised −15; held 1 of lot 2 (110) and lot 1 (100): 210.
    Example(
      name: "HIFO takes the highest cost per unit first, the older of equal ones",
      trades: [
        (.buy, "1", "100", "0", "2024-01-01"), (.buy, "2", "110", "0", "2024-01-02"),
        (.buy, "1", "105", "10", "2024-01-02"), (.buy, "2", "115", "0", "2024-01-02"),
        (.sell, "2", "120", "0", "2024-02-01"), (.sell, "2", "100", "0", "2024-02-02"),
      ], method: .hifo,
      disposals: [
        "5:3 1 120 115 2024-01-02", "5:4 1 120 115 2024-01-02", "6:4 1 100 115 2024-01-02",
        "6:2 1 100 110 2024-01-02",
      ], heldCost: "210", realised: "-15"),
    // Lots of 1 at 100, 200 and 300. Sale 4 of 1.5 at 400 (600) names lots 2 then 1: all of
    // lot 2 (200) and half of lot 1 (50), proceeds 400 and 200: gain 350. Sale 5 of 1 at 400,
    // FIFO: lot 1's last half (50) and half of lot 3 (150), 200 proceeds each: gain 200.
    // Realised 550; held half of lot 3, 150.
    Example(
      name: "a sale takes the lots it names, in its order, then FIFO goes on",
      trades: [
        (.buy, "1", "100", "0", "2024-01-01"), (.buy, "1", "200", "0", "2024-01-02"),
        (.buy, "1", "300", "0", "2024-01-03"), (.sell, "1.5", "400", "0", "2024-02-01"),
        (.sell, "1", "400", "0", "2024-02-02"),
      ], named: [4: [2, 1]], method: .fifo,
      disposals: [
        "4:2 1 400 200 2024-01-02", "4:1 0.5 200 50 2024-01-01", "5:1 0.5 200 50 2024-01-01",
        "5:3 0.5 200 150 2024-01-03",
      ], heldCost: "150", realised: "550"),
    // The same under LIFO: sale 4 as named (gain 350); sale 5 takes lot 3 whole (300): gain
    // 100. Realised 450; held lot 1's last half, 50.
    Example(
      name: "named lots under LIFO",
      trades: [
        (.buy, "1", "100", "0", "2024-01-01"), (.buy, "1", "200", "0", "2024-01-02"),
        (.buy, "1", "300", "0", "2024-01-03"), (.sell, "1.5", "400", "0", "2024-02-01"),
        (.sell, "1", "400", "0", "2024-02-02"),
      ], named: [4: [2, 1]], method: .lifo,
      disposals: [
        "4:2 1 400 200 2024-01-02", "4:1 0.5 200 50 2024-01-01", "5:3 1 400 300 2024-01-03",
      ], heldCost: "50", realised: "450"),
    // Under average the names change nothing: sale 4 takes 1.5 / 3 of 600, 300: gain 300;
    // sale 5 takes 1 / 1.5 of the 300 left, 200: gain 200. Realised 500; held 0.5 costing 100.
    Example(
      name: "named lots under average change no number",
      trades: [
        (.buy, "1", "100", "0", "2024-01-01"), (.buy, "1", "200", "0", "2024-01-02"),
        (.buy, "1", "300", "0", "2024-01-03"), (.sell, "1.5", "400", "0", "2024-02-01"),
        (.sell, "1", "400", "0", "2024-02-02"),
      ], named: [4: [2, 1]], method: .average,
      disposals: ["4:- 1.5 600 300 2024-01-01", "5:- 1 400 200 2024-01-01"],
      heldCost: "100", realised: "500"),
    // Average: 2 at 100 sold out at 150: cost 200, gain 100, acquired 2023-01-01. Bought again
    // 1 at 200 on 2023-07-01 and 1 at 300 + 2 on 2024-01-01: 502 for 2. Sale 5 of 1 at 400
    // less 4 (396) takes half, 251: gain 145, acquired 2023-07-01, the first buy since the
    // sell-out (380 days before the sale: long). Realised 245; held 1 costing 251.
    Example(
      name: "average after a sell-out and a re-buy dates from the re-buy",
      trades: [
        (.buy, "2", "100", "0", "2023-01-01"), (.sell, "2", "150", "0", "2023-06-01"),
        (.buy, "1", "200", "0", "2023-07-01"), (.buy, "1", "300", "2", "2024-01-01"),
        (.sell, "1", "400", "4", "2024-07-15"),
      ], method: .average,
      disposals: ["2:- 2 300 200 2023-01-01", "5:- 1 396 251 2023-07-01"],
      heldCost: "251", realised: "245"),
    // Two lots bought on one day at one price stay two lots; the day's sale after them of 1.5
    // at 12 less 0.3 (17.7) takes lot 1 (10) and half of lot 2 (5); proceeds 17.7 × 1 / 1.5 =
    // 11.8 and 5.9. Realised 2.7; held 0.5 costing 5.
    Example(
      name: "same-day lots at one price stay apart",
      trades: [
        (.buy, "1", "10", "0", "2024-01-01"), (.buy, "1", "10", "0", "2024-01-01"),
        (.sell, "1.5", "12", "0.3", "2024-01-01"),
      ], method: .fifo,
      disposals: ["3:1 1 11.8 10 2024-01-01", "3:2 0.5 5.9 5 2024-01-01"],
      heldCost: "5", realised: "2.7"),
    // Fees in the cost and out of the proceeds: 3 at 2500 + 1 costs 7501; the sale of 1 at
    // 3000 less 1 brings 2999 and takes 7501 / 3 = 2500.333…, rounded half to even to 2 + 18
    // decimals. Gain 498.666…67; held 2 costing the rest, 5000.666…67.
    Example(
      name: "fees go into the cost and off the proceeds",
      trades: [(.buy, "3", "2500", "1", "2024-01-01"), (.sell, "1", "3000", "1", "2025-01-01")],
      method: .hifo,
      disposals: ["2:1 1 2999 2500.33333333333333333333 2024-01-01"],
      heldCost: "5000.66666666666666666667", realised: "498.66666666666666666667"),
  ]

  static let coin = Coin(symbol: "ETH", name: "Ethereum", coingeckoID: "ethereum")

  static func trades(of example: Example) -> [Trade] {
    example.trades.enumerated().map { index, step in
      Trade(
        id: index + 1, day: Day(iso: step.day)!, side: step.side, coin: coin,
        quantity: Price(decimalText: step.quantity)!, price: Price(decimalText: step.price)!,
        fee: Price(decimalText: step.fee)!, currency: "USDT", lots: example.named[index + 1] ?? [])
    }
  }

  static func exact(_ text: String) -> ExactDecimal { ExactDecimal(Price(decimalText: text)!) }

  @Test(arguments: examples)
  func theDisposalsAreWorkedOutByHand(_ example: Example) throws {
    let trades = Self.trades(of: example)
    let disposals = try CostBasis.disposals(of: trades, method: example.method)
    #expect(disposals.count == example.disposals.count)
    for (disposal, expected) in zip(disposals, example.disposals) {
      let parts = expected.split(separator: " ").map(String.init)
      let ids = parts[0].split(separator: ":")
      #expect(disposal.sale.id == Int(ids[0]), "\(expected)")
      #expect(disposal.lotID == Int(ids[1]), "\(expected)")
      #expect(disposal.quantity == Self.exact(parts[1]), "\(expected)")
      #expect(disposal.proceeds == Self.exact(parts[2]), "\(expected)")
      #expect(disposal.cost == Self.exact(parts[3]), "\(expected)")
      #expect(disposal.acquired == Day(iso: parts[4]), "\(expected)")
    }
    var basis = CostBasis(trades: trades, method: example.method)
    try basis.advance(through: Day.supported.upperBound)
    #expect(basis.positions.map(\.cost) == [Self.exact(example.heldCost)])
    #expect(basis.positions.map(\.realised) == [Self.exact(example.realised)])
  }

  /// The lots named must still hold what the sale sells: under LIFO the unnamed sale 3 took
  /// lot 2, which sale 4 names; under FIFO it took lot 1 and lot 2 is whole.
  @Test func namedLotsAnEarlierSaleUsedUpAreRefusedNamingTheSale() throws {
    let example = Example(
      name: "",
      trades: [
        (.buy, "1", "100", "0", "2024-01-01"), (.buy, "1", "200", "0", "2024-01-02"),
        (.sell, "1", "300", "0", "2024-01-03"), (.sell, "1", "300", "0", "2024-01-04"),
      ], named: [4: [2]], method: .lifo, disposals: [], heldCost: "", realised: "")
    let trades = Self.trades(of: example)
    #expect(throws: TradeError.namedLotsShort(sale: trades[3], method: .lifo)) {
      try CostBasis.disposals(of: trades, method: .lifo)
    }
    #expect(try CostBasis.disposals(of: trades, method: .fifo).map(\.lotID) == [1, 2])
    #expect(throws: TradeError.namedLotsShort(sale: trades[3], method: .lifo)) {
      try PortfolioCheck.checkNamedLots(in: trades)
    }
  }

  /// A lot that is no buy of the coin before the sale: a later buy, a sale, another coin's.
  @Test(arguments: [[3], [2], [9]])
  func aNamedLotThatIsNoEarlierBuyOfTheCoinIsRefused(_ lots: [Int]) throws {
    var trades = Self.trades(
      of: Example(
        name: "",
        trades: [
          (.buy, "1", "100", "0", "2024-01-01"), (.sell, "0.5", "300", "0", "2024-01-03"),
          (.buy, "1", "200", "0", "2024-01-04"),
        ], method: .fifo, disposals: [], heldCost: "", realised: ""))
    trades[1].lots = lots
    #expect(throws: TradeError.unknownLot(sale: trades[1], lot: lots[0])) {
      try CostBasis.disposals(of: trades, method: .hifo)
    }
  }
}

extension CostBasis {
  /// Every sale's disposals, in day order, by `method`, as `replay` gives them.
  fileprivate static func disposals(of trades: [Trade], method: CostMethod) throws -> [Disposal] {
    var all: [Disposal] = []
    try replay(trades, method: method) { _, disposals in all += disposals }
    return all
  }
}
