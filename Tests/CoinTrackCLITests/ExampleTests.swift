import CoinTrackTestSupport
import Testing

@testable import CoinTrackCLI

/// Every example in help is a real command line: it runs and succeeds in a fresh home, with a
/// scripted CoinGecko on 127.0.0.1 for examples that ask a live source.
@Suite struct ExampleTests {
  static let examples = CommandPath(commands: [CommandTable.root]).descendants
    .flatMap(\.command.examples)

  @Test(arguments: examples)
  func exampleRunsSuccessfully(_ example: Example) throws {
    let words = Self.shellWords(example.command)
    #expect(words.first == CommandTable.programName)
    let coinGecko = try FakePriceAPI([
      .init(path: "/coins/list", body: #"[{"id":"pepe","symbol":"pepe","name":"Pepe"}]"#),
      // The close of the fixed today, 2026-05-20, for `portfolio show` on a live source.
      .init(
        path: "/coins/bitcoin/market_chart/range",
        body: #"{"prices":[[1779235200000,77552.23]],"market_caps":[],"total_volumes":[]}"#),
      .init(
        path: "/coins/ethereum/market_chart/range",
        body: #"{"prices":[[1779235200000,2129.44]],"market_caps":[],"total_volumes":[]}"#),
      .init(path: "/simple/price", body: #"{"bitcoin":{"usd":67187.34,"eur":61950.11}}"#),
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
    // Examples of the portfolio commands act on stored trades: bitcoin and ether held since
    // before 2024-03-01, ids 1 to 4, in USD when the example asks for USD prices.
    if words.dropFirst().first == "portfolio" {
      let currency = words.contains("USD") ? "USD" : "USDT"
      for (coin, date) in [
        ("btc", "2024-01-01"), ("eth", "2024-02-01"), ("btc", "2024-01-02"), ("eth", "2024-02-02"),
      ] {
        let bought = home.run([
          "portfolio", "buy", coin, "2", "--price", "100", "--date", date, "--currency", currency,
        ])
        #expect(bought.status == 0)
      }
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
