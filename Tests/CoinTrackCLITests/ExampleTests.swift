import CoinTrackTestSupport
import Foundation
import Testing

@testable import CoinTrackCLI

/// Every example in help is a real command line: it runs and succeeds in a fresh home, with a
/// scripted CoinGecko on 127.0.0.1 for examples that ask a live source.
@Suite struct ExampleTests {
  static let examples = CommandPath(commands: [CommandTable.root]).descendants
    .flatMap(\.command.examples)

  @Test(arguments: examples)
  func exampleRunsSuccessfully(_ example: Example) throws {
    var words = Self.shellWords(example.command)
    #expect(words.first == CommandTable.programName)
    let coinGecko = try FakePriceAPI([
      .init(
        path: "/coins/list",
        body: #"[{"id":"bitcoin","symbol":"btc","name":"Bitcoin"},"#
          + #"{"id":"ethereum","symbol":"eth","name":"Ethereum"},"#
          + #"{"id":"pepe","symbol":"pepe","name":"Pepe"}]"#),
      .init(path: "/simple/price", body: #"{"bitcoin":{"usd":67187.34,"eur":61950.11}}"#),
      // The close of today (2026-05-20 in a test home) of the coins the portfolio examples hold.
      .init(
        path: "/coins/bitcoin/market_chart/range",
        body: #"{"prices":[[1779235200000,67187.34]],"market_caps":[],"total_volumes":[]}"#),
      .init(
        path: "/coins/ethereum/market_chart/range",
        body: #"{"prices":[[1779235200000,2301.5]],"market_caps":[],"total_volumes":[]}"#),
      .init(
        path: "/coins/pepe/market_chart/range",
        body: #"{"prices":[[1767312000000,0.0000051234]],"market_caps":[],"total_volumes":[]}"#),
    ])
    let home = try TemporaryHome()
    // Examples of the alert commands act on stored alerts: two that never fire, ids 1 and 2.
    if words.dropFirst().first == "alerts" {
      for coin in ["btc", "eth"] {
        #expect(home.run(["alerts", "add", coin, "--above", "1000000000"]).status == 0)
      }
    }
    // Examples of the portfolio commands act on stored trades: four buys of bitcoin and ether
    // since 2024, ids 1 to 4, in the currency the example values or trades in (USD where it
    // asks for it, else the offline source's USDT): a coin's trades are in the currency the
    // profile's source values it in, so a USD example prefers CoinGecko in USD.
    if words.dropFirst().first == "portfolio" {
      let currency = words.contains("USD") ? ["--currency", "USD"] : []
      if !currency.isEmpty {
        let preferred = home.run(["profile", "set", "--source", "coingecko"] + currency)
        #expect(preferred.status == 0, "\(preferred.standardError)")
      }
      for (coin, quantity, price, day) in [
        ("btc", "1", "40000", "2024-01-02"), ("eth", "5", "2000", "2024-01-02"),
        ("btc", "0.5", "42000", "2024-02-01"), ("eth", "1", "2500", "2024-02-01"),
      ] {
        let bought = home.run(
          ["portfolio", "buy", coin, quantity, "--price", price, "--date", day] + currency)
        #expect(bought.status == 0, "\(bought.standardError)")
      }
    }
    // Examples of 'portfolio import' read a trade file of that name in the home: one buy.
    if words.dropFirst().prefix(2) == ["portfolio", "import"], words.count > 3 {
      let file = home.root.appendingPathComponent(words[3])
      try "date,side,coin,quantity,price,fee,currency\n2024-02-01,buy,btc,0.5,42000,0,USDT\n"
        .write(to: file, atomically: true, encoding: .utf8)
      words[3] = file.path
    }
    let result = home.run(
      Array(words.dropFirst()), environment: ["COINTRACK_COINGECKO_URL": coinGecko.baseURL])
    #expect(result.status == 0, "\(example.command): \(result.standardError)")
    #expect(!result.standardOutput.isEmpty, "\(example.command)")
  }

  /// Splits a command line at spaces, keeping double-quoted text together, as a shell would for
  /// the simple lines that examples are.
  static func shellWords(_ line: String) -> [String] {
    var words: [String] = []
    var word = ""
    var inQuotes = false
    var hasWord = false
    for character in line {
      switch character {
      case "\"":
        inQuotes.toggle()
        hasWord = true
      case " " where !inQuotes:
        if hasWord { words.append(word) }
        word = ""
        hasWord = false
      default:
        word.append(character)
        hasWord = true
      }
    }
    if hasWord { words.append(word) }
    return words
  }
}
