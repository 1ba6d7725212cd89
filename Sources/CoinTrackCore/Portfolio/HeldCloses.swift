/// The daily closes of the coins held over a range, by the positions' places in the cost
/// basis: each coin's series is read once, from the first day it is held, and each close parsed
/// once, so that a walk over the days looks each close up by its offset.
struct HeldCloses {
  let source: any PriceSource
  let range: DayRange
  /// By position: the closes from the first day held to the range's end; nil until the
  /// position is first held. A series without any close has none.
  private var series: [DailyCloses?] = []

  init(source: any PriceSource, range: DayRange) {
    self.source = source
    self.range = range
  }

  /// Whether the series of the position at `index` in the cost basis has been read.
  func hasSeries(ofPositionAt index: Int) -> Bool {
    index < series.count && series[index] != nil
  }

  /// Reads the series of `position`, the one at `index` in the cost basis, from `day` on.
  ///
  /// Refuses a series in another currency than the position's trades, naming the first of
  /// `trades` in the coin.
  mutating func readSeries(
    ofPositionAt index: Int, _ position: Position, from day: Day, trades: ArraySlice<Trade>
  ) throws {
    // One at a time: appending a repeated optional series cost thousands of instructions.
    while series.count <= index { series.append(nil) }
    series[index] = try series(of: position, from: day, trades: trades)
  }

  /// The close on `day` of the position at `index`, whose series has been read from that day
  /// or an earlier one.
  func close(ofPositionAt index: Int, on day: Day) -> ExactDecimal? {
    series[index]!.close(on: day)
  }

  /// The close on `day` of the position at `index`, as `close(ofPositionAt:on:)`, when it is
  /// compact: what a walk over days multiplies.
  @inline(__always)
  func compactClose(ofPositionAt index: Int, on day: Day) -> CompactClose? {
    series[index]!.compactClose(on: day)
  }

  /// `body` given the positions' series, to look up many closes without checking the array
  /// for each.
  @inline(__always)
  func withSeries<Result>(_ body: (UnsafeBufferPointer<DailyCloses?>) -> Result) -> Result {
    series.withUnsafeBufferPointer(body)
  }

  /// The coin's closes from `day` to the range's end: none when the source has no close in it
  /// at all, which leaves every day of it without value rather than failing the range.
  private func series(of position: Position, from day: Day, trades: ArraySlice<Trade>)
    throws -> DailyCloses
  {
    // `day` lies in the range.
    let wanted = DayRange(from: day, to: range.last)!
    let closes: DailyCloses
    do {
      let rows = try source.dailyPrices(of: position.coin, in: wanted)
      // A source quotes one currency; a range without rows has none to say.
      closes = DailyCloses(
        first: day, count: rows.count,
        currency: rows.isEmpty ? source.currency : rows.currency(at: 0)
      ) { rows.price(at: $0).map(ExactDecimal.init) }
    } catch TrackerError.noPricesInRange {
      return DailyCloses(first: day, count: wanted.count, currency: position.currency)
    }
    if closes.currency != position.currency,
      let trade = trades.first(where: { $0.coin.id == position.coin.id })
    {
      throw TradeError.currencyMismatch(
        trade: trade, pricesCurrency: closes.currency, source: source.name)
    }
    return closes
  }
}
