import Foundation
import Testing

@testable import CoinTrackCore

/// The local price history's files: what is written reads back, a damaged file is one error
/// naming its path and line, and no coin id becomes a path of its own.
@Suite struct HistoryStoreTests {
  static let bitcoin = Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin")

  static func rows(_ closes: [(String, String)], symbol: String = "BTC") -> [HistoryRow] {
    closes.map {
      HistoryRow(
        day: Day(iso: $0.0)!, symbol: symbol, price: Price(decimalText: $0.1)!, currency: "USDT",
        source: "binance")
    }
  }

  static func store(_ directory: TemporaryDirectory) -> HistoryStore {
    HistoryStore(
      directory: directory.url.appendingPathComponent("history").path, lockTimeoutSeconds: 2,
      today: Day(iso: "2026-11-26")!)
  }

  @Test func rowsReadBackInOrderWithTheirExactTextAndTheLastRowFromTheEnd() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    let later = Self.rows([("2026-05-23", "77990.00"), ("2026-05-24", "0.000012340")])
    #expect(try store.add(later, to: Self.bitcoin) == later)
    let earlier = Self.rows([("2026-05-21", "77815.01"), ("2026-05-23", "1")])
    // A day the file holds keeps its close; only the new day is added, in order.
    #expect(try store.add(earlier, to: Self.bitcoin) == [earlier[0]])
    let held = try #require(try store.history(of: Self.bitcoin))
    #expect(Array(held.rows) == [earlier[0]] + later)
    #expect(try store.lastRow(of: Self.bitcoin) == later[1])
    #expect(
      try String(contentsOfFile: store.path(of: Self.bitcoin), encoding: .utf8)
        == "date,symbol,price,currency,source\n2026-05-21,BTC,77815.01,USDT,binance\n"
        + "2026-05-23,BTC,77990.00,USDT,binance\n2026-05-24,BTC,0.000012340,USDT,binance\n")
    #expect(
      try store.history(of: Coin(symbol: "ETH", name: "Ethereum", coingeckoID: "ethereum")) == nil)
    #expect(
      try store.lastRow(of: Coin(symbol: "ETH", name: "Ethereum", coingeckoID: "ethereum")) == nil)
  }

  /// The tail read finds a last line of the longest length allowed, and refuses a longer one.
  @Test func theLastRowIsReadWhateverItsLengthUpToTheMost() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    let fixed = "2026-05-22,BTC,,USDT,binance".utf8.count
    for (length, readable) in [
      (HistoryFormat.maximumLineLength, true), (HistoryFormat.maximumLineLength + 1, false),
    ] {
      let price = String(repeating: "1", count: length - fixed)
      let text =
        Self.header + "2026-05-21,BTC,1,USDT,binance\n2026-05-22,BTC,\(price),USDT,binance\n"
      try FileManager.default.createDirectory(
        atPath: store.directory, withIntermediateDirectories: true)
      try Data(text.utf8).write(to: URL(fileURLWithPath: store.path(of: Self.bitcoin)))
      let last = try? store.lastRow(of: Self.bitcoin)
      #expect((last?.price.text == price) == readable, "a last line of \(length) bytes")
    }
  }

  /// The writer holds a line to the reader's bound: a close whose line is the longest allowed
  /// is stored and read back; one byte more is refused before anything is written.
  @Test func theWriterRefusesALineTheReaderWouldRefuse() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    let fixed = "2026-05-22,BTC,,USDT,binance".utf8.count
    let longest = String(repeating: "1", count: HistoryFormat.maximumLineLength - fixed)
    let rows = Self.rows([("2026-05-21", "1"), ("2026-05-22", longest)])
    #expect(try store.add(rows, to: Self.bitcoin) == rows)
    #expect(try store.lastRow(of: Self.bitcoin) == rows[1])
    let before = try Data(contentsOf: URL(fileURLWithPath: store.path(of: Self.bitcoin)))
    #expect(
      throws: HistoryError.closeTooLong(
        symbol: "BTC", source: "binance", day: Day(iso: "2026-05-24")!,
        length: longest.count + 1)
    ) {
      try store.add(
        Self.rows([("2026-05-23", "2"), ("2026-05-24", longest + "1")]), to: Self.bitcoin)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: store.path(of: Self.bitcoin))) == before)
  }

  @Test func anotherCurrencyIsRefusedAndTheFileLeftAsItWas() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    _ = try store.add(Self.rows([("2026-05-21", "1")]), to: Self.bitcoin)
    let before = try Data(contentsOf: URL(fileURLWithPath: store.path(of: Self.bitcoin)))
    var euro = Self.rows([("2026-05-22", "2")])
    euro[0].currency = "EUR"
    #expect(
      throws: HistoryError.currencyMismatch(
        symbol: "BTC", held: "USDT", source: "binance", quotes: ["EUR"])
    ) {
      try store.add(euro, to: Self.bitcoin)
    }
    #expect(try Data(contentsOf: URL(fileURLWithPath: store.path(of: Self.bitcoin))) == before)
  }

  static let header = "date,symbol,price,currency,source\n"

  /// Damaged files, each with the line and the words of its error.
  static let damaged: [(text: String, line: Int, reason: String)] = [
    ("", 1, "the first line is not"),
    ("date,price\n2026-05-21,1\n", 1, "the first line is not"),
    (header + "2026-05-21,BTC,1,USDT,binance", 2, "does not end with a line break"),
    (header + "2026-05-21,BTC,1,USDT\n", 2, "4 fields"),
    (header + "2026-02-30,BTC,1,USDT,binance\n", 2, "not YYYY-MM-DD"),
    (header + "2026-05-21,btc,1,USDT,binance\n", 2, "symbol"),
    (header + "2026-05-21,BTC,-1,USDT,binance\n", 2, "above zero"),
    (header + "2026-05-21,BTC,0.000,USDT,binance\n", 2, "above zero"),
    (header + "2026-05-21,BTC,1e5,USDT,binance\n", 2, "plain decimal"),
    (header + "2026-05-21,BTC,1,XYZ,binance\n", 2, "currency"),
    (header + "2026-05-21,BTC,1,USDT,offline\n", 2, "live source"),
    (header + "2026-05-22,BTC,1,USDT,binance\n2026-05-22,BTC,1,USDT,binance\n", 3, "ascend"),
    (header + "2026-05-22,BTC,1,USDT,binance\n2026-05-23,BTC,1,EUR,binance\n", 3, "one currency"),
    (header + "2026-05-21,BTC,1,USDT,binance\n\n", 3, "fields"),
    (header + "2026-05-21,BTC,1,USDT,binance,x\n", 2, "6 fields"),
    // A field that differs from the line before's is checked again.
    (header + "2026-05-21,BTC,1,USDT,binance\n2026-05-22,btc,1,USDT,binance\n", 3, "symbol"),
    (header + "2026-05-21,BTC,1,USDT,binance\n2026-05-22,BTC,1,XYZ,binance\n", 3, "currency"),
    (header + "2026-05-21,BTC,1,USDT,binance\n2026-05-22,BTC,1,USDT,offline\n", 3, "live source"),
    (header + "2026-05-21,BTC,1,USDT,binance\n2026-05-22,ETH,1,USDT,binance\n", 3, "one coin"),
    // A line shaped as the one before, the same but for its date and price, is checked too.
    (header + "2026-05-21,BTC,1,USDT,binance\n2026-05-22,BTC,1,2,USDT,binance\n", 3, "6 fields"),
    (header + "2026-05-21,BTC,1,USDT,binance\n2026-02-30,BTC,1,USDT,binance\n", 3, "YYYY-MM-DD"),
    (header + "2026-05-21,BTC,1,USDT,binance\n2026-05-22,BTC,0.0,USDT,binance\n", 3, "above zero"),
    (header + "2026-05-21,BTC,1,USDT,binance\n2026-05-22,BTC,.5,USDT,binance\n", 3, "plain"),
    (header + "2026-05-21,BTC,1,USDT,binance\n2026-05-22,BTC,,USDT,binance\n", 3, "plain"),
    (
      header + "2026-05-21,BTC," + String(repeating: "1", count: 600) + ",USDT,binance\n", 2,
      "longer"
    ),
  ]

  /// Rows synced from different sources keep each its own, whichever source came first.
  @Test func eachRowKeepsItsSource() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    try FileManager.default.createDirectory(
      atPath: store.directory, withIntermediateDirectories: true)
    let text =
      Self.header + "2026-05-21,BTC,1.5,USDT,binance\n2026-05-22,BTC,2,USDT,coingecko\n"
      + "2026-05-24,BTC,3.25,USDT,binance\n"
    try Data(text.utf8).write(to: URL(fileURLWithPath: store.path(of: Self.bitcoin)))
    let held = try #require(try store.history(of: Self.bitcoin))
    #expect(held.rows.map(\.source) == ["binance", "coingecko", "binance"])
    #expect(held.rows.map(\.price.text) == ["1.5", "2", "3.25"])
    #expect(held.rows.map(\.day.description) == ["2026-05-21", "2026-05-22", "2026-05-24"])
    #expect(held.position(on: Day(iso: "2026-05-23")!) == nil)
    #expect(held.position(on: Day(iso: "2026-05-24")!) == 2)
  }

  @Test(arguments: damaged.indices)
  func aDamagedFileIsOneErrorNamingItsPathAndLine(_ index: Int) throws {
    let (text, line, reason) = Self.damaged[index]
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    try FileManager.default.createDirectory(
      atPath: store.directory, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: store.path(of: Self.bitcoin)))
    do {
      _ = try store.history(of: Self.bitcoin)
      Issue.record("\(text.debugDescription) was read")
    } catch {
      guard case .damaged(let path, let errorLine, let errorReason) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(path == store.path(of: Self.bitcoin))
      #expect(errorLine == line, "\(text.debugDescription)")
      #expect(errorReason.contains(reason), "\(errorReason)")
    }
    // The tail read, which `coins list` uses, refuses a damaged header or last row too (it
    // checks no order across rows), and a sync never rewrites the file.
    if line <= 2 {
      #expect(throws: HistoryError.self) { try store.lastRow(of: Self.bitcoin) }
    }
    #expect(throws: HistoryError.self) {
      try store.add(Self.rows([("2026-06-01", "1")]), to: Self.bitcoin)
    }
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: store.path(of: Self.bitcoin))) == Data(text.utf8))
  }

  /// Coin ids that would walk or break a path if used as file names as they are.
  static let hostileIDs = [
    "symbol/..", "symbol/.", "symbol/.BTC", "symbol/$ADS", "symbol/USD+", "symbol/A_B-C.D",
    "..", ".", "bitcoin", "bit%2Fcoin", "symbol%2FBTC", "symbol/BTC",
  ]

  @Test func everyCoinIDIsOneFileInTheFolderAndReadsBackAsItsID() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    let names = Self.hostileIDs.map(HistoryStore.fileName(of:))
    #expect(Set(names).count == names.count)
    for (id, name) in zip(Self.hostileIDs, names) {
      #expect(!name.contains("/"), "\(id)")
      #expect(name != "." && name != "..", "\(id)")
      #expect(HistoryStore.coinID(ofFileName: name) == id)
    }
    let coin = Coin(symbol: "..", name: "..", coingeckoID: nil)
    _ = try store.add(Self.rows([("2026-05-21", "1")], symbol: "BTC"), to: coin)
    #expect(FileSystem.directory(of: store.path(of: coin)) == store.directory)
    #expect(store.coinIDs() == ["symbol/.."])
    #expect(HistoryStore.coinID(ofFileName: "bitcoin.csv.tmp-12") == nil)
    #expect(HistoryStore.coinID(ofFileName: "%zz.csv") == nil)
  }

  @Test func theOfflineSourceReadsTheSnapshotAndTheHistoryTogether() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    let offline = OfflinePriceSource(history: store)
    _ = try store.add(
      Self.rows([("2026-05-22", "80000.5"), ("2026-05-23", "81000")]), to: Self.bitcoin)
    #expect(try offline.offlineLastDay(of: Self.bitcoin) == Day(iso: "2026-05-23"))
    let range = DayRange(from: Day(iso: "2026-05-20")!, to: Day(iso: "2026-05-24")!)!
    let rows = try offline.dailyPrices(of: Self.bitcoin, in: range)
    #expect(
      rows.map { "\($0.day) \($0.price?.text ?? "-") \($0.source)" } == [
        "2026-05-20 77552.23 offline", "2026-05-21 - offline", "2026-05-22 80000.5 binance",
        "2026-05-23 81000 binance", "2026-05-24 - binance",
      ])
    // Days before the history's first come from the snapshot, which ends on 2026-05-20.
    #expect(rows.daysWithoutPrice == 2)
    let latest = try offline.latestPrices(of: [Self.bitcoin], onOrBefore: Day(iso: "2026-05-30")!)
    #expect(latest[0]?.price?.text == "81000")
    // A "today" before the history falls back to the snapshot.
    let past = try offline.latestPrices(of: [Self.bitcoin], onOrBefore: Day(iso: "2026-05-21")!)
    #expect(past[0]?.source == "offline")
  }

  /// A snapshot coin is valued in the snapshot's currency without its file being opened (here
  /// a folder stands where the file would be, which any read refuses); a coin only the history
  /// holds in the currency of its file's last row; a coin of neither in none.
  @Test func valuationCurrenciesOpenOnlyTheFilesOfCoinsTheSnapshotLacks() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    let offline = OfflinePriceSource(history: store)
    let pepe = Coin(symbol: "PEPE", name: "Pepe", coingeckoID: "pepe")
    _ = try store.add(
      [
        HistoryRow(
          day: Day(iso: "2026-05-22")!, symbol: "PEPE", price: Price(decimalText: "0.00001")!,
          currency: "USD", source: "coingecko")
      ], to: pepe)
    try FileManager.default.createDirectory(
      atPath: store.path(of: Self.bitcoin), withIntermediateDirectories: false)
    let unknown = Coin(symbol: "ZZZ", name: "Zzz", coingeckoID: "zzz")
    #expect(
      try offline.valuationCurrencies(of: [Self.bitcoin, pepe, unknown]) == ["USDT", "USD", nil])
    // Its closes, read from the file, are still refused.
    #expect(throws: HistoryError.self) { try store.lastRow(of: Self.bitcoin) }
  }

  /// The closes a walk reads in one pass are the prices of the rows, read one by one, for every
  /// range across the snapshot's days, the history's and the days between and after them.
  @Test func theClosesOfARangeInOnePassAreTheRowsPrices() throws {
    let directory = try TemporaryDirectory()
    let store = Self.store(directory)
    let offline = OfflinePriceSource(history: store)
    _ = try store.add(
      Self.rows([("2026-05-22", "80000.5"), ("2026-05-23", "81000"), ("2026-05-25", "0.00001230")]),
      to: Self.bitcoin)
    let days = DayRange(from: Day(iso: "2026-05-17")!, to: Day(iso: "2026-05-27")!)!
    // A range wholly after the history's last day has no close and is refused.
    for first in days where first <= Day(iso: "2026-05-25")! {
      for last in days where first <= last {
        let rows = try offline.dailyPrices(of: Self.bitcoin, in: DayRange(from: first, to: last)!)
        var closes: [String] = []
        var texts: [String] = []
        rows.forEachLentClose { position, text, value in
          let close = ExactDecimal.Packed(value, orPlainDecimal: text)
          closes.append("\(rows.day(at: position)) \(close.value.price.text)")
          texts.append("\(rows.day(at: position)) \(String(decoding: text, as: UTF8.self))")
        }
        let prices = rows.compactMap { row in row.price.map { "\(row.day) \($0.text)" } }
        #expect(closes == prices)
        #expect(texts == prices)
      }
    }
    let range = DayRange(from: Day(iso: "2026-05-20")!, to: Day(iso: "2026-05-26")!)!
    var closes: [String] = []
    try offline.dailyPrices(of: Self.bitcoin, in: range).forEachLentClose { position, text, value in
      let close = ExactDecimal.Packed(value, orPlainDecimal: text)
      closes.append("\(position) \(close.value.price.text)")
    }
    #expect(closes == ["0 77552.23", "2 80000.5", "3 81000", "5 0.00001230"])
  }

  /// Rows a live source answered lend each price's text, and its value in a word when it fits
  /// one, as the history lends its closes.
  @Test func heldRowsLendEachPricesTextAndItsWord() {
    let long = "1" + String(repeating: "0", count: 29) + ".5"
    let prices: [String?] = ["1.50", nil, long, "0.00001230"]
    let day = Day(iso: "2026-05-20")!
    let rows = PriceRows(
      prices.enumerated().map { offset, price in
        PriceRow(
          day: day.adding(days: offset), symbol: "BTC",
          price: price.flatMap(Price.init(decimalText:)),
          currency: "USDT", source: "binance")
      })
    var lent: [String] = []
    rows.forEachLentClose { position, text, value in
      let close = ExactDecimal.Packed(value, orPlainDecimal: text)
      lent.append(
        "\(position) \(String(decoding: text, as: UTF8.self)) \(value.value?.price.text ?? "-") "
          + close.value.price.text)
    }
    #expect(
      lent == [
        "0 1.50 1.50 1.50", "2 \(long) - \(long)", "3 0.00001230 0.00001230 0.00001230",
      ])
  }

  /// A close a live source answered is lent whole whatever its length, beyond the bound of a
  /// history line's entry, not dropped as a day without a close.
  @Test func aHeldCloseLongerThanAnyHistoryLineIsLentWhole() {
    let huge = "7" + String(repeating: "0", count: 70_000) + ".25"
    let day = Day(iso: "2026-05-20")!
    let rows = PriceRows([
      PriceRow(
        day: day, symbol: "BTC", price: Price(decimalText: huge), currency: "USDT",
        source: "binance")
    ])
    var lent: [(position: Int, text: String, hasWord: Bool)] = []
    rows.forEachLentClose { position, text, value in
      lent.append((position, String(decoding: text, as: UTF8.self), value != .none))
    }
    #expect(lent.count == 1)
    #expect(lent.first?.position == 0)
    // Compared whole, without printing seventy thousand digits when they differ.
    #expect(lent.first?.text.utf8.count == huge.utf8.count)
    #expect(lent.first.map { $0.text == huge } == true)
    #expect(lent.first?.hasWord == false)
  }
}

extension PriceRows {
  /// `body` of the position, text and word of each close `forEachClose` lends, one at a time.
  fileprivate func forEachLentClose(
    _ body: (Int, UnsafeBufferPointer<UInt8>, ExactDecimal.Word) -> Void
  ) {
    forEachClose { lent in
      for index in 0..<lent.count {
        body(lent.position(at: index), lent.text(at: index), lent.value(at: index))
      }
    }
  }
}
