import CoinTrackSnapshot

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The daily closes embedded in the binary: Binance spot candles quoted in USDT.
///
/// The data is static C memory, so nothing is parsed at start-up and a lookup touches only the
/// bytes of the days it returns.
public struct SnapshotPriceSource: PriceSource {
  public static let sourceName = "offline"
  /// The quote currency of every snapshot price: USDT, which is not USD.
  public static let currency = "USDT"

  public var name: String { SnapshotPriceSource.sourceName }
  public var currency: String { SnapshotPriceSource.currency }

  public init() {}

  public func resolveCoin(_ input: String) throws(TrackerError) -> Coin {
    let catalogue = catalogue()
    guard let entry = catalogue.entry(named: input) else {
      throw TrackerError.unknownCoin(input: input, suggestions: catalogue.suggestions(for: input))
    }
    return entry.coin
  }

  /// The snapshot's coins with the days held for each.
  public func catalogue() -> Catalogue {
    Catalogue(
      entries: SnapshotSeries.all.map { Catalogue.Entry(coin: $0.coin, held: $0.held) })
  }

  /// The last day the snapshot holds for `coin`; nil when it holds none of its days.
  public func offlineLastDay(of coin: Coin) -> Day? {
    SnapshotSeries.named(coin.symbol)?.held.last
  }

  public func latestPrices(of coins: [Coin], onOrBefore day: Day) -> LatestPrices {
    LatestPrices(
      coins.lazy.map { coin -> PriceRow? in
        guard let series = SnapshotSeries.named(coin.symbol) else { return nil }
        var candidate = min(series.held.last, day)
        while candidate >= series.held.first {
          if let price = series.price(on: candidate) {
            return row(coin, candidate, price)
          }
          candidate = candidate.adding(days: -1)
        }
        return nil
      })
  }

  /// The rows of the range, each made when it is read: a range of thousands of years takes no
  /// more memory than a day.
  public func dailyPrices(of coin: Coin, in range: DayRange) throws(TrackerError) -> PriceRows {
    let series = try series(of: coin, in: range)
    return PriceRows(
      first: range.first, count: range.count,
      daysWithoutPrice: range.count - series.daysWithPrice(in: range),
      template: row(coin, range.first, nil)
    ) { positions, body in
      for position in positions {
        let day = range.first.adding(days: position)
        series.withCloseText(on: day) {
          LentCloses.lend(.none, text: $0, position: position, day: day, to: body)
        }
      }
    }
  }

  /// The coin's series, which holds some day of `range`.
  private func series(of coin: Coin, in range: DayRange) throws(TrackerError) -> SnapshotSeries {
    let series = SnapshotSeries.named(coin.symbol)
    guard let series, range.clamped(to: series.held) != nil else {
      throw TrackerError.noPricesInRange(
        symbol: coin.symbol, requested: range, held: series?.held, source: name)
    }
    return series
  }

  private func row(_ coin: Coin, _ day: Day, _ price: Price?) -> PriceRow {
    PriceRow(
      day: day, symbol: coin.symbol, price: price, currency: SnapshotPriceSource.currency,
      source: name)
  }
}

/// One coin's closes in the embedded snapshot.
///
/// Sendable although it holds a pointer: the pointer is to constant C data, never written.
struct SnapshotSeries: @unchecked Sendable {
  let coin: Coin
  let held: DayRange
  private let data: UnsafePointer<ct_snapshot_coin>

  /// Every coin of the snapshot, in symbol order.
  static var all: [SnapshotSeries] {
    (0..<ct_snapshot_coin_count()).compactMap { ct_snapshot_coin_at($0).map(SnapshotSeries.init) }
  }

  /// The series of the coin with this exact upper-case symbol.
  static func named(_ symbol: String) -> SnapshotSeries? {
    // The coins are in symbol order, which for ASCII symbols is strcmp order: a binary search
    // with strcmp rather than a String per coin, as `coins list` asks once per tracked coin.
    symbol.withCString { wanted in
      var low: Int32 = 0
      var high = ct_snapshot_coin_count()
      while low < high {
        let middle = low + (high - low) / 2
        guard let data = ct_snapshot_coin_at(middle) else { return nil }
        let order = strcmp(wanted, data.pointee.symbol)
        if order == 0 { return SnapshotSeries(data) }
        if order < 0 { high = middle } else { low = middle + 1 }
      }
      return nil
    }
  }

  private init(_ data: UnsafePointer<ct_snapshot_coin>) {
    self.data = data
    let entry = data.pointee
    coin = Coin(
      symbol: String(cString: entry.symbol), name: String(cString: entry.name),
      coingeckoID: String(cString: entry.coingecko_id))
    let first = Day.epoch.adding(days: Int(entry.first_day))
    // The generator never emits an empty series, so the range is never empty.
    held = DayRange(from: first, to: first.adding(days: Int(entry.day_count) - 1))!
  }

  /// How many days of `range` have a close, counted without reading one.
  func daysWithPrice(in range: DayRange) -> Int {
    guard let held = range.clamped(to: held) else { return 0 }
    let start = held.first.daysSince1970 - self.held.first.daysSince1970
    return (start..<(start + held.count)).count {
      data.pointee.offsets[$0 + 1] > data.pointee.offsets[$0]
    }
  }

  /// The close of `day`; nil outside the series or on a day the data lacks.
  func price(on day: Day) -> Price? {
    // The generator wrote plain decimal text, checked against the data.
    withCloseText(on: day) { Price(plainDecimalUTF8: $0) }
  }

  /// `body` of the bytes of the close of `day`, where they lie; nil outside the series or on
  /// a day the data lacks.
  @discardableResult
  func withCloseText<Result>(on day: Day, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result?
  {
    guard held.contains(day) else { return nil }
    let index = day.daysSince1970 - held.first.daysSince1970
    let start = Int(data.pointee.offsets[index])
    let end = Int(data.pointee.offsets[index + 1])
    guard end > start else { return nil }
    let text = UnsafeRawPointer(data.pointee.closes + start).assumingMemoryBound(to: UInt8.self)
    return body(UnsafeBufferPointer(start: text, count: end - start))
  }
}
