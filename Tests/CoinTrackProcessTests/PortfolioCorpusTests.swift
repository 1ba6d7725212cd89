import CoinTrackTestSupport
import Foundation
import Testing

/// `portfolio show` and `portfolio history` replayed over three seeded random portfolios of
/// 1,000 trades in 20 coins with gaps in their closes, against the outputs the binary gave
/// when the corpus was recorded (`Corpus/`; re-record with COINTRACK_RECORD=1).
///
/// The corpus pins the numbers, not a path through the code: any change to how positions are
/// valued, summed, rounded or written that changes one digit of these outputs fails here.
@Suite struct PortfolioCorpusTests {
  /// The folder of the recorded outputs, beside this file.
  static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Corpus")

  /// Every command replayed on each portfolio, named by the file its output is kept in.
  static let commands: [(name: String, arguments: [String])] = {
    let history = ["portfolio", "history", "--from", "2026-05-21", "--to", "2031-05-19"]
    var commands: [(String, [String])] = [
      ("history-fifo.csv", history + ["--format", "csv"]),
      ("history-average.csv", history + ["--method", "average", "--format", "csv"]),
      ("history-fifo.json", history + ["--format", "json"]),
      (
        "history-average-default-from.csv",
        ["portfolio", "history", "--method", "average", "--format", "csv"]
      ),
    ]
    for date in ["2026-01-15", "2026-05-20", "2027-03-01", "2029-12-31", "2031-05-19"] {
      for method in ["fifo", "average"] {
        commands.append(
          (
            "show-\(date)-\(method).json",
            ["portfolio", "show", "--date", date, "--method", method, "--format", "json"]
          ))
      }
      commands.append(
        ("show-\(date)-fifo.csv", ["portfolio", "show", "--date", date, "--format", "csv"]))
    }
    return commands
  }()

  @Test(arguments: [1, 2, 3])
  func outputsMatchTheRecordedCorpus(seed: UInt64) throws {
    let sandbox = try Sandbox()
    var portfolio = RandomPortfolio(seed: seed)
    try portfolio.write(into: sandbox)
    let folder = Self.corpus.appendingPathComponent("portfolio-\(seed)")
    let record = ProcessInfo.processInfo.environment["COINTRACK_RECORD"] == "1"
    if record {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    for (name, arguments) in Self.commands {
      let result = try sandbox.run(arguments, environment: ["COINTRACK_TODAY": "2031-05-20"])
      let output =
        "exit \(result.status)\n--- stderr\n\(result.standardError)--- stdout\n\(result.standardOutput)"
      let file = folder.appendingPathComponent(name)
      if record {
        try Data(output.utf8).write(to: file)
        continue
      }
      let expected = try String(contentsOf: file, encoding: .utf8)
      #expect(output == expected, "portfolio \(seed): \(arguments.joined(separator: " "))")
    }
  }
}

/// A portfolio made from a seed: 20 coins (the snapshot's nine and eleven more) with synced
/// closes from 2026-05-21 to 2031-05-19, some days missing, closes of 0 to 8 decimals (a
/// coin's decimals changing now and then; in the third, one coin's closes wider than 64
/// bits), and 1,000
/// trades from 2025-11-01 on that never sell more than is held.
struct RandomPortfolio {
  var generator: SeededGenerator
  /// Whether SYN11's closes and prices are wider than 64-bit units (the third portfolio's).
  let hasWideCoin: Bool

  init(seed: UInt64) {
    generator = SeededGenerator(seed: seed)
    hasWideCoin = seed == 3
  }

  static let snapshotCoins: [(symbol: String, name: String, id: String)] = [
    ("BTC", "Bitcoin", "bitcoin"), ("ETH", "Ethereum", "ethereum"), ("BNB", "BNB", "binancecoin"),
    ("SOL", "Solana", "solana"), ("XRP", "XRP", "ripple"), ("ADA", "Cardano", "cardano"),
    ("BCH", "Bitcoin Cash", "bitcoin-cash"), ("DOGE", "Dogecoin", "dogecoin"),
    ("TRX", "TRON", "tron"),
  ]
  static let coins =
    snapshotCoins + (1...11).map { ("SYN\($0)", "Synthetic \($0)", "synthetic-\($0)") }

  /// The first and last day of the synced closes, and the first trade's earliest day.
  static let firstClose = isoDay(2026, 5, 21)
  static let lastClose = isoDay(2031, 5, 19)
  static let firstTrade = isoDay(2025, 11, 1)

  mutating func write(into sandbox: Sandbox) throws {
    let folder = sandbox.dataHome.appendingPathComponent("cointrack")
    let history = folder.appendingPathComponent("history")
    try FileManager.default.createDirectory(at: history, withIntermediateDirectories: true)
    var levels: [Int] = []
    for (index, coin) in Self.coins.enumerated() {
      // Prices from a few thousandths to tens of thousands; SYN11's beyond 64-bit units.
      let wide = hasWideCoin && coin.symbol == "SYN11"
      let level = wide ? 0 : Int(generator.next(below: 6))
      levels.append(level)
      var decimals = Int(generator.next(below: 9))
      var text = "date,symbol,price,currency,source\n"
      var day = Self.firstClose
      // One coin in four has a stretch of a month or two without closes.
      let longGap = generator.next(below: 4) == 0 ? day + Int(generator.next(below: 1500)) : -1
      while day <= Self.lastClose {
        defer { day += 1 }
        if day >= longGap && day < longGap + 30 + Int(index) { continue }
        if generator.next(below: 150) == 0 { continue }
        if generator.next(below: 200) == 0 { decimals = Int(generator.next(below: 9)) }
        let close =
          wide
          ? "\(100_000_000_000 + generator.next(below: 900_000_000_000))\(generator.next(below: 10_000_000_000))"
          : price(level: level, decimals: decimals)
        text += "\(Self.text(of: day)),\(coin.symbol),\(close),USDT,binance\n"
      }
      try Data(text.utf8).write(to: history.appendingPathComponent("\(coin.id).csv"))
    }
    var days = (0..<1000).map { _ in
      Self.firstTrade + Int(generator.next(below: UInt64(Self.lastClose - Self.firstTrade + 1)))
    }
    days.sort()
    var held = [Int](repeating: 0, count: Self.coins.count)  // in units of 10^-8
    var trades: [String] = []
    for (number, day) in days.enumerated() {
      // Coins without closes before the synced ones are bought from the first close on only
      // when synthetic: a snapshot coin has the snapshot's closes before it.
      var index = Int(generator.next(below: UInt64(Self.coins.count)))
      if day < Self.firstClose && index >= Self.snapshotCoins.count {
        index %= Self.snapshotCoins.count
      }
      let coin = Self.coins[index]
      let sell = held[index] > 0 && generator.next(below: 5) < 2
      let quantityUnits: Int
      if sell {
        quantityUnits =
          generator.next(below: 6) == 0
          ? held[index] : max(1, held[index] * Int(generator.next(below: 90) + 5) / 100)
      } else {
        quantityUnits =
          Int(generator.next(below: 500_000_000) + 1)
          * [1, 10, 1000][Int(generator.next(below: 3))]
      }
      held[index] += sell ? -quantityUnits : quantityUnits
      let quantity = Self.decimalText(units: quantityUnits, scale: 8, trimmed: true)
      let price =
        hasWideCoin && coin.symbol == "SYN11"
        ? "\(100_000_000_000 + generator.next(below: 900_000_000_000))\(generator.next(below: 10_000_000_000)).5"
        : price(level: levels[index], decimals: Int(generator.next(below: 9)))
      let fee =
        generator.next(below: 3) == 0
        ? "0"
        : Self.decimalText(
          units: Int(generator.next(below: 100_000)), scale: Int(generator.next(below: 5)),
          trimmed: false)
      trades.append(
        "{\"id\":\(number + 1),\"date\":\"\(Self.text(of: day))\",\"side\":\"\(sell ? "sell" : "buy")\","
          + "\"symbol\":\"\(coin.symbol)\",\"name\":\"\(coin.name)\",\"coingecko_id\":\"\(coin.id)\","
          + "\"quantity\":\(quantity),\"price\":\(price),\"fee\":\(fee),\"currency\":\"USDT\"}")
    }
    let state =
      "{\"schema_version\":5,\"revision\":1,\"profile\":{\"username\":\"anonymous\",\"source\":null,"
      + "\"currency\":null},\"coins\":[],\"next_id\":1,\"alerts\":[],\"next_alert_id\":1,\"trades\":["
      + trades.joined(separator: ",") + "],\"next_trade_id\":1001}\n"
    try sandbox.writeState(state)
  }

  /// A positive price of about 10^(level - 2) with `decimals` decimals.
  mutating func price(level: Int, decimals: Int) -> String {
    var magnitude = 1
    for _ in 0..<level { magnitude *= 10 }
    let units = Int(generator.next(below: UInt64(magnitude * 100_000_000))) + 1_000_000
    // Drop digits below `decimals`: units are in 10^-8.
    var divisor = 1
    for _ in 0..<(8 - decimals) { divisor *= 10 }
    return Self.decimalText(units: max(1, units / divisor), scale: decimals, trimmed: false)
  }

  /// `units` × 10^-scale as plain decimal text; without trailing zeros when `trimmed`.
  static func decimalText(units: Int, scale: Int, trimmed: Bool) -> String {
    var digits = String(units)
    if digits.count <= scale {
      digits = String(repeating: "0", count: scale - digits.count + 1) + digits
    }
    guard scale > 0 else { return digits }
    var whole = String(digits.dropLast(scale))
    var fraction = String(digits.suffix(scale))
    if trimmed {
      while fraction.hasSuffix("0") { fraction.removeLast() }
    }
    if whole.isEmpty { whole = "0" }
    return fraction.isEmpty ? whole : "\(whole).\(fraction)"
  }

  /// Days since 1970-01-01 of a civil date, by way of Foundation's UTC calendar.
  static func isoDay(_ year: Int, _ month: Int, _ day: Int) -> Int {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let date = calendar.date(from: DateComponents(year: year, month: month, day: day))!
    return Int(date.timeIntervalSince1970 / 86_400)
  }

  /// YYYY-MM-DD of days since 1970-01-01, by way of Foundation's UTC calendar.
  static func text(of day: Int) -> String {
    let date = Date(timeIntervalSince1970: TimeInterval(day) * 86_400)
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    let parts = calendar.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
  }
}
