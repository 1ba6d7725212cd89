import CoinTrackTestSupport
import Testing

@testable import CoinTrackCore

/// The lot engine against a deliberately naive model on seeded random trades, for every method:
/// lots in a plain array found by linear scans, one sale at a time. The model keeps the
/// engine's documented rounding (a part of a lot carries its cost times the part over the lot's
/// units, half to even to the money's decimals + 18; the proceeds split by units, the last
/// part taking the rest), so the two must agree exactly. And the sums: each sale's parts add
/// up to its quantity, its proceeds and the cost the position lost.
@Suite struct LotModelTests {
  /// A lot of the model.
  struct ModelLot {
    let id: Int
    let day: Day
    var quantity: ExactDecimal
    var cost: ExactDecimal
    let unitCost: (cost: ExactDecimal, quantity: ExactDecimal)
  }

  /// A disposal as the model sees it, or the error the sale met.
  enum Outcome: Equatable {
    case part(sale: Int, lot: Int?, acquired: Day, quantity: String, proceeds: String, cost: String)
    case error(TradeError)
  }

  /// The model: every sale's parts, in day order, or the first error.
  static func model(_ trades: [Trade], method: CostMethod) -> [Outcome] {
    let ordered = trades.sorted { ($0.day, $0.id) < ($1.day, $1.id) }
    var lots: [String: [ModelLot]] = [:]
    var scale: [String: Int] = [:]
    var held: [String: (quantity: ExactDecimal, cost: ExactDecimal, since: Day)] = [:]
    var outcomes: [Outcome] = []
    for trade in ordered {
      let coin = trade.coin.id
      let (units, price, fee) = (trade.quantityValue, trade.priceValue, trade.feeValue)
      scale[coin] = max(scale[coin] ?? 2, price.scale, fee.scale)
      let shareScale = scale[coin]! + 18
      if trade.side == .buy {
        let cost = units * price + fee
        lots[coin, default: []].append(
          ModelLot(
            id: trade.id, day: trade.day, quantity: units, cost: cost, unitCost: (cost, units)))
        let before = held[coin]
        let since = before.map { $0.quantity.isZero ? trade.day : $0.since } ?? trade.day
        held[coin] = ((before?.quantity ?? .zero) + units, (before?.cost ?? .zero) + cost, since)
        continue
      }
      let proceeds = units * price - fee
      let position = held[coin]!
      if method == .average {
        let cost =
          units < position.quantity
          ? (position.cost * units).divided(
            by: position.quantity, scale: max(shareScale, position.cost.scale))!
          : position.cost
        held[coin] = (position.quantity - units, position.cost - cost, position.since)
        outcomes.append(
          .part(
            sale: trade.id, lot: nil, acquired: position.since, quantity: units.price.text,
            proceeds: proceeds.price.text, cost: cost.price.text))
        continue
      }
      var parts: [(lot: ModelLot, quantity: ExactDecimal, cost: ExactDecimal)] = []
      var remaining = units
      var book = lots[coin]!
      func take(_ index: Int) {
        let lot = book[index]
        let part = min(lot.quantity, remaining)
        let cost =
          part == lot.quantity
          ? lot.cost
          : (lot.cost * part).divided(by: lot.quantity, scale: max(shareScale, lot.cost.scale))!
        book[index].quantity = lot.quantity - part
        book[index].cost = lot.cost - cost
        remaining = remaining - part
        parts.append((lot, part, cost))
      }
      if !trade.lots.isEmpty {
        for id in trade.lots where remaining > .zero {
          guard let index = book.firstIndex(where: { $0.id == id }) else {
            return outcomes + [.error(.unknownLot(sale: trade, lot: id))]
          }
          if book[index].quantity > .zero { take(index) }
        }
        if remaining > .zero {
          return outcomes + [.error(.namedLotsShort(sale: trade, method: method))]
        }
      }
      while remaining > .zero {
        let open = book.indices.filter { book[$0].quantity > .zero }
        let index: Int
        switch method {
        case .fifo: index = open.first!
        case .lifo: index = open.last!
        default:
          // The highest cost per unit bought; of equal ones the first in the array (older).
          index = open.max { left, right in
            let (a, b) = (book[left].unitCost, book[right].unitCost)
            let (x, y) = (a.cost * b.quantity, b.cost * a.quantity)
            return x != y ? x < y : left > right
          }!
        }
        take(index)
      }
      lots[coin] = book
      let taken = parts.reduce(ExactDecimal.zero) { $0 + $1.cost }
      held[coin] = (position.quantity - units, position.cost - taken, position.since)
      var left = proceeds
      for (offset, part) in parts.enumerated() {
        let share =
          offset == parts.count - 1 || part.quantity == units
          ? left
          : (proceeds * part.quantity).divided(by: units, scale: max(shareScale, proceeds.scale))!
        left = left - share
        outcomes.append(
          .part(
            sale: trade.id, lot: part.lot.id, acquired: part.lot.day,
            quantity: part.quantity.price.text, proceeds: share.price.text,
            cost: part.cost.price.text))
      }
    }
    return outcomes
  }

  /// The engine's disposals as outcomes.
  static func engine(_ trades: [Trade], method: CostMethod) -> [Outcome] {
    var outcomes: [Outcome] = []
    var basis = CostBasis(trades: trades, method: method)
    do {
      try basis.advance(through: Day.supported.upperBound) { disposal in
        outcomes.append(
          .part(
            sale: disposal.sale.id, lot: disposal.lotID, acquired: disposal.acquired,
            quantity: disposal.quantity.price.text, proceeds: disposal.proceeds.price.text,
            cost: disposal.cost.price.text))
      }
    } catch {
      outcomes.append(.error(error))
    }
    return outcomes
  }

  static let coins = [
    Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin"),
    Coin(symbol: "ETH", name: "Ethereum", coingeckoID: "ethereum"),
    Coin(symbol: "SOL", name: "Solana", coingeckoID: "solana"),
  ]

  /// A decimal of up to `digits` whole digits and `decimals` decimals, above zero when asked.
  static func decimal(
    _ random: inout SeededGenerator, digits: Int, decimals: Int, positive: Bool = true
  ) -> ExactDecimal {
    let places = Int(random.next(below: UInt64(decimals + 1)))
    var bound: UInt64 = 1
    // At most 19 digits: 10^19 fits a UInt64.
    for _ in 0..<min(Int(random.next(below: UInt64(digits))) + 1 + places, 19) { bound *= 10 }
    let units = String(random.next(below: bound) + (positive ? 1 : 0))
    let padded = String(repeating: "0", count: max(0, places + 1 - units.count)) + units
    let text = places == 0 ? padded : "\(padded.dropLast(places)).\(padded.suffix(places))"
    return ExactDecimal(Price(decimalText: text)!)
  }

  /// A random sequence of trades of a few coins, in day order with some days shared, never
  /// selling more than is held: sell-outs, 18-decimal quantities, fees, and now and then a sale
  /// naming lots (which may be refused, and must be by both) unless `namingLots` is false.
  static func sequence(seed: UInt64, count: Int = 40, namingLots: Bool = true) -> [Trade] {
    var random = SeededGenerator(seed: seed)
    var trades: [Trade] = []
    var held: [String: ExactDecimal] = [:]
    var buys: [String: [Int]] = [:]
    var day = Day(iso: "2022-01-01")!.daysSince1970
    for id in 1...count {
      day += Int(random.next(below: 3)) * Int(random.next(below: 60))
      let coin = coins[Int(random.next(below: UInt64(coins.count)))]
      let have = held[coin.id] ?? .zero
      let sell = !have.isZero && random.next(below: 5) < 2
      var quantity = decimal(&random, digits: 2, decimals: random.next(below: 4) == 0 ? 18 : 3)
      if sell {
        quantity = random.next(below: 4) == 0 ? have : min(quantity, have)
      }
      let price = decimal(&random, digits: 5, decimals: Int(random.next(below: 9)), positive: false)
      let fee =
        random.next(below: 2) == 0
        ? ExactDecimal.zero : decimal(&random, digits: 2, decimals: Int(random.next(below: 5)))
      var lots: [Int] = []
      if sell, random.next(below: 4) == 0, namingLots, let ids = buys[coin.id] {
        lots = (0..<Int(random.next(below: 3)) + 1).map { _ in
          ids[Int(random.next(below: UInt64(ids.count)))]
        }
        lots = lots.enumerated().filter { !lots[..<$0.offset].contains($0.element) }.map(\.element)
      }
      trades.append(
        Trade(
          id: id, day: Day(daysSince1970: day)!, side: sell ? .sell : .buy, coin: coin,
          quantity: quantity.price.normalised, price: price.price, fee: fee.price,
          currency: "USDT", lots: lots))
      held[coin.id] = sell ? have - quantity : have + quantity
      if !sell { buys[coin.id, default: []].append(id) }
    }
    return trades
  }

  @Test(arguments: CostMethod.allCases)
  func theEngineAgreesWithTheNaiveModel(_ method: CostMethod) throws {
    var refused = 0
    for seed in UInt64(1)...300 {
      let trades = Self.sequence(seed: seed)
      let (engine, model) = (
        Self.engine(trades, method: method), Self.model(trades, method: method)
      )
      #expect(engine == model, "seed \(seed)")
      if case .error = engine.last { refused += 1 }
    }
    // The sequences must exercise both the named lots that hold enough and those that do not.
    if method != .average { #expect((1...250).contains(refused)) }
  }

  /// Over sequences long enough that each coin's used-up lots are dropped again and again, the
  /// engine still agrees with the model: FIFO's first lot, LIFO's stack and HIFO's heap follow
  /// the lots kept.
  @Test(arguments: CostMethod.allCases)
  func theEngineAgreesWithTheModelWhileUsedUpLotsAreDropped(_ method: CostMethod) throws {
    for seed in UInt64(1)...4 {
      let trades = Self.sequence(seed: seed, count: 1_500, namingLots: false)
      let engine = Self.engine(trades, method: method)
      #expect(engine == Self.model(trades, method: method), "seed \(seed)")
      #expect(engine.count > 500, "seed \(seed)")
    }
  }

  /// A sale naming lots after used-up ones were dropped: those used up and dropped, used up
  /// and kept, and held, named in id order; it takes from the held ones in that order, as the
  /// model does, and a name that is no buy is still refused.
  @Test(arguments: CostMethod.allCases.filter { $0 != .average })
  func aSaleNamesLotsAfterUsedUpOnesAreDropped(_ method: CostMethod) throws {
    let coin = Self.coins[0]
    let start = Day(iso: "2024-01-01")!.daysSince1970
    func trade(_ id: Int, _ side: TradeSide, price: Int, lots: [Int] = []) -> Trade {
      Trade(
        id: id, day: Day(daysSince1970: start + id)!, side: side, coin: coin,
        quantity: Price(decimalText: "1")!, price: Price(decimalText: "\(price).5")!,
        fee: Price(decimalText: "0.25")!, currency: "USDT", lots: lots)
    }
    // 40 lots of 1 at prices in no order, 30 sold one by one: 20 used up are dropped, then 10
    // more are used up and kept.
    var trades = (1...40).map { trade($0, .buy, price: 100 + $0 * 37 % 50) }
    trades += (41...70).map { trade($0, .sell, price: 200) }
    var named = trades
    named.append(trade(71, .sell, price: 300, lots: Array(1...40)))
    named[70].quantity = Price(decimalText: "5")!
    let engine = Self.engine(named, method: method)
    #expect(engine == Self.model(named, method: method))
    #expect(engine.count == 35)
    trades.append(trade(71, .sell, price: 300, lots: [3, 99]))
    trades[70].quantity = Price(decimalText: "5")!
    #expect(Self.engine(trades, method: method) == Self.model(trades, method: method))
    #expect(
      Self.engine(trades, method: method).last == .error(.unknownLot(sale: trades[70], lot: 99)))
  }

  /// A sale's parts add up exactly to its quantity and proceeds, and to what the position
  /// lost in cost; the realised profit to the sum of the parts' gains.
  @Test(arguments: CostMethod.allCases)
  func aSalesPartsAddUpExactly(_ method: CostMethod) throws {
    for seed in UInt64(1)...100 {
      let trades = Self.sequence(seed: seed).map { trade in
        var plain = trade
        plain.lots = []
        return plain
      }
      var gains = ExactDecimal.zero
      try CostBasis.replay(trades, method: method) { trade, disposals in
        guard trade.side == .sell else { return }
        let sum = { (part: (Disposal) -> ExactDecimal) in
          disposals.reduce(ExactDecimal.zero) { $0 + part($1) }
        }
        #expect(sum(\.quantity) == trade.quantityValue, "seed \(seed)")
        #expect(
          sum(\.proceeds) == trade.quantityValue * trade.priceValue - trade.feeValue,
          "seed \(seed)")
        gains = gains + sum(\.gain)
      }
      var basis = CostBasis(trades: trades, method: method)
      try basis.advance(through: Day.supported.upperBound)
      let realised = basis.positions.reduce(ExactDecimal.zero) { $0 + $1.realised }
      #expect(gains == realised, "seed \(seed)")
    }
  }

  /// `portfolio gains` summed over every sale up to a day equals the realised profit
  /// `portfolio show` gives for that day, to the last digit, for every method, on a dozen
  /// days of each sequence: the snapshot's prices, some with more decimals than the trades,
  /// decide the decimals of the coins held, as they do for show.
  @Test(arguments: CostMethod.allCases)
  func gainsSummedEqualShowsRealised(_ method: CostMethod) throws {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker()
    var random = SeededGenerator(seed: 27)
    for seed in UInt64(1)...40 {
      // Whole prices and fees leave the trades' money 2 decimals, and XRP's closes have 4:
      // a held coin's realised profit is then shown with its price's decimals.
      let trades = Self.sequence(seed: seed).map { trade in
        var plain = trade
        plain.lots = []
        plain.price = trade.priceValue.rounded(toScale: 0).price
        plain.fee = trade.feeValue.rounded(toScale: 0).price
        if trade.coin.symbol == "ETH" {
          plain.coin = Coin(symbol: "XRP", name: "XRP", coingeckoID: "ripple")
        }
        return plain
      }
      let first = trades[0].day.daysSince1970
      let last = trades[trades.count - 1].day.daysSince1970
      for _ in 1...12 {
        let day = Day(
          daysSince1970: first + Int(random.next(below: UInt64(last - first + 30))))!
        let date = DatedInput(day: day, input: day.description)
        let show = try tracker.portfolio(of: trades, on: date, method: method)
        let gains = try tracker.gains(of: trades, from: nil, to: date, coin: nil, method: method)
        let summed = gains.rows.reduce(ExactDecimal.zero) { $0 + ExactDecimal($1.gain) }
        // The trades are all in USDT: one totals row.
        #expect(show.totals.map(\.currency) == ["USDT"], "seed \(seed), \(day)")
        #expect(summed == ExactDecimal(show.totals[0].realised), "seed \(seed), \(day)")
        #expect(
          gains.totals.first.map { ExactDecimal($0.gain) } ?? .zero == summed,
          "seed \(seed), \(day)")
      }
    }
  }

  /// A report from a day shows the rows the whole report shows from that day, the same to the
  /// last digit: its rounding is carried from each coin's first sale, before the range too.
  /// Its totals are the sums of those rows.
  @Test(arguments: CostMethod.allCases)
  func gainsFromADayAreTheWholeReportsRowsFromThatDay(_ method: CostMethod) throws {
    let directory = try TemporaryDirectory()
    let tracker = directory.tracker()
    var random = SeededGenerator(seed: 33)
    for seed in UInt64(1)...40 {
      // Named lots that hold too little are refused: the model tests meet those.
      let trades = Self.sequence(seed: seed).map { trade in
        var plain = trade
        plain.lots = []
        return plain
      }
      let last = trades.map(\.day).max()!
      let to = DatedInput(day: last, input: last.description)
      let whole = try tracker.gains(of: trades, from: nil, to: to, coin: nil, method: method)
      for _ in 1...6 {
        let day = trades[Int(random.next(below: UInt64(trades.count)))].day
        let from = DatedInput(day: day, input: day.description)
        let ranged = try tracker.gains(of: trades, from: from, to: to, coin: nil, method: method)
        #expect(Array(ranged.rows) == whole.rows.filter { $0.saleDay >= day }, "seed \(seed)")
        let gain = ranged.rows.reduce(ExactDecimal.zero) { $0 + ExactDecimal($1.gain) }
        let proceeds = ranged.rows.reduce(ExactDecimal.zero) { $0 + ExactDecimal($1.proceeds) }
        #expect(ranged.totals.first.map { ExactDecimal($0.gain) } ?? .zero == gain, "seed \(seed)")
        #expect(
          ranged.totals.first.map { ExactDecimal($0.proceeds) } ?? .zero == proceeds,
          "seed \(seed)")
      }
    }
  }
}
