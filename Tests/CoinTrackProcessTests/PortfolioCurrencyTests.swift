import CoinTrackTestSupport
import Foundation
import Testing

/// One currency per coin: a coin only CoinGecko knows, synced in USD, held beside BTC in USDT.
/// Each is valued, alerted and exported in its own currency, the totals are per currency, and a
/// trade in another currency than its coin's is refused by every command in one sentence.
@Suite struct PortfolioCurrencyTests {
  static let today = SyncTests.today
  /// PEPE's USD closes for 2026-05-21 to 2026-05-24, as CoinGecko answers them.
  static let pepeChart =
    #"{"prices":[[1779321600000,0.00001],[1779408000000,0.000011],"#
    + #"[1779494400000,0.000012],[1779580800000,0.0000125]]}"#

  /// A sandbox with PEPE synced from CoinGecko (USD) and BTC from Binance (USDT), 0.01 BTC
  /// bought at 77000 USDT and 1000000 PEPE at 0.00001 USD on 2026-05-21, in the trades' default
  /// currencies.
  static func mixedPortfolio() throws -> Sandbox {
    let api = try FakePriceAPI([
      SyncTests.route("BTCUSDT"),
      .init(
        path: "/coins/list", body: #"[{"id":"pepe","symbol":"pepe","name":"Pepe"}]"#),
      .init(path: "/coins/pepe/market_chart/range", body: pepeChart),
    ])
    let sandbox = try Sandbox()
    let environment: [String: String?] = [
      "COINTRACK_TODAY": today, "COINTRACK_BINANCE_URL": api.baseURL,
      "COINTRACK_COINGECKO_URL": api.baseURL,
    ]
    for arguments in [
      ["coins", "add", "@pepe", "--source", "coingecko"],
      ["sync", "btc", "@pepe", "--from", "2026-05-21"],
    ] {
      let result = try sandbox.run(arguments, environment: environment)
      #expect(result.status == 0, "\(arguments): \(result.standardError)")
    }
    for (coin, quantity, price) in [("btc", "0.01", "77000"), ("@pepe", "1000000", "0.00001")] {
      let bought = try run(
        sandbox, ["portfolio", "buy", coin, quantity, "--price", price, "--date", "2026-05-21"])
      #expect(bought.status == 0, "\(bought.standardError)")
    }
    return sandbox
  }

  /// Runs offline on `today`.
  static func run(_ sandbox: Sandbox, _ arguments: [String]) throws -> ProcessResult {
    try sandbox.run(arguments, environment: ["COINTRACK_TODAY": today])
  }

  @Test func eachCoinIsValuedInItsCurrencyWithATotalPerCurrency() throws {
    let sandbox = try Self.mixedPortfolio()
    let trades = try Self.run(sandbox, ["portfolio", "trades", "--format", "csv", "--no-header"])
    #expect(
      trades.standardOutput
        == "1,2026-05-21,buy,BTC,bitcoin,0.01,77000,0,USDT,\r\n"
        + "2,2026-05-21,buy,PEPE,pepe,1000000,0.00001,0,USD,\r\n")
    // BTC at 79001.3 on 2026-05-24: 790.01 against 770.00. PEPE at 0.0000125, its close of
    // 2026-05-23 (CoinGecko's point at midnight closes the day before): 12.5 against 10, to
    // the 7 decimals of that close.
    let shown = try Self.run(
      sandbox,
      [
        "portfolio", "show", "--format", "csv", "--fields",
        "symbol,cost,value,unrealised,unrealised_percent,realised,currency",
      ])
    #expect(shown.status == 0, "\(shown.standardError)")
    #expect(
      shown.standardOutput
        == "symbol,cost,value,unrealised,unrealised_percent,realised,currency\r\n"
        + "BTC,770.00,790.01,20.01,2.60,0.00,USDT\r\n"
        + "PEPE,10.0000000,12.5000000,2.5000000,25.00,0.0000000,USD\r\n"
        + "TOTAL,770.00,790.01,20.01,2.60,0.00,USDT\r\n"
        + "TOTAL,10.0000000,12.5000000,2.5000000,25.00,0.0000000,USD\r\n")
    let json = try Self.run(
      sandbox, ["portfolio", "show", "--format", "json", "--fields", "symbol,value,currency"])
    let rows = try #require(
      try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [[String: Any]])
    #expect(
      rows.filter { $0["symbol"] as? String == "TOTAL" }.map { $0["currency"] as? String }
        == ["USDT", "USD"])
    // Each day a row per currency; PEPE has no close on 2026-05-24, which leaves the USD row
    // alone without a value.
    let history = try Self.run(
      sandbox,
      [
        "portfolio", "history", "--from", "2026-05-23", "--to", "2026-05-24", "--format", "csv",
        "--no-header",
      ])
    #expect(history.status == 0, "\(history.standardError)")
    #expect(
      history.standardOutput
        == "2026-05-23,779.90,770.00,9.90,1.29,0.00,USDT,1,true\r\n"
        + "2026-05-23,12.5000000,10.0000000,2.5000000,25.00,0.0000000,USD,1,true\r\n"
        + "2026-05-24,790.01,770.00,20.01,2.60,0.00,USDT,1,true\r\n"
        + "2026-05-24,,10.00000,,,0.00000,USD,1,false\r\n")
    #expect(
      history.standardError
        == "cointrack: note: the offline source has no close for a coin held: PEPE on "
        + "2026-05-24; that day has no value.\n")
  }

  @Test func anAlertOnACoinSyncedInUSDIsInUSDAndChecked() throws {
    let sandbox = try Self.mixedPortfolio()
    for (coin, threshold, added) in [
      ("@pepe", "0.000012", "PEPE,0.000012,USD\r\n"), ("btc", "79000", "BTC,79000,USDT\r\n"),
    ] {
      let result = try Self.run(
        sandbox,
        [
          "alerts", "add", coin, "--above", threshold, "--format", "csv", "--no-header",
          "--fields", "symbol,threshold,currency",
        ])
      #expect(result.status == 0, "\(result.standardError)")
      #expect(result.standardOutput == added)
    }
    // Both fire, each against the closes of its own currency.
    let checked = try Self.run(
      sandbox,
      [
        "alerts", "check", "--format", "csv", "--no-header", "--fields",
        "symbol,price,date,currency",
      ])
    #expect(checked.standardError == "")
    #expect(
      checked.standardOutput
        == "PEPE,0.0000125,2026-05-23,USD\r\nBTC,79001.3,2026-05-24,USDT\r\n")
  }

  @Test func everyExportCarriesEachCoinInItsCurrency() throws {
    let sandbox = try Self.mixedPortfolio()
    let csv = try Self.run(sandbox, ["portfolio", "export"])
    #expect(csv.status == 0, "\(csv.standardError)")
    #expect(csv.standardOutput.contains(",USDT\r\n") && csv.standardOutput.contains(",USD\r\n"))
    for (format, tool, arguments) in [
      ("ledger", "ledger", ["balance", "Assets:Cash", "--flat", "--no-total"]),
      ("hledger", "hledger", ["balance", "Assets:Cash", "--no-total", "--layout", "bare"]),
    ] {
      let exported = try Self.run(sandbox, ["portfolio", "export", "--format", format])
      #expect(exported.status == 0, "\(exported.standardError)")
      let journal = try PortfolioFileTests.file(sandbox, "t.\(format)", exported.standardOutput)
      let executable = try ExternalTool.require(tool, installHint: "apt-get install \(tool)")
      let result = try ExternalTool.run(
        executable, ["-f", journal] + arguments, environment: sandbox.environment)
      #expect(result.status == 0, "\(format): \(result.standardError)")
      // The cash paid, each in its own currency: never one sum.
      #expect(
        PortfolioFileTests.amounts(result.standardOutput) == ["USDT": "-770", "USD": "-10"],
        "\(format): \(result.standardOutput)")
    }
    let venv = ExternalTool.beancountVirtualEnvironment.appendingPathComponent("bin")
    let beanCheck = try ExternalTool.require(
      "bean-check", extraDirectories: [venv], installHint: "pip install beancount")
    let exported = try Self.run(sandbox, ["portfolio", "export", "--format", "beancount"])
    #expect(exported.status == 0, "\(exported.standardError)")
    let checked = try PortfolioFileTests.file(
      sandbox, "t.beancount",
      exported.standardOutput + "2026-05-22 balance Assets:Cash -770 USDT\n"
        + "2026-05-22 balance Assets:Cash -10 USD\n")
    let result = try ExternalTool.run(beanCheck, [checked], environment: sandbox.environment)
    #expect(result.status == 0, "\(result.standardError)\(result.standardOutput)")
  }

  /// The sentence a new trade in another currency than its coin's is refused with.
  static func refusal(_ side: String, _ quantity: String, _ symbol: String, _ currency: String)
    -> String
  {
    let coinCurrency = currency == "USD" ? "USDT" : "USD"
    return "cointrack: this trade (\(side) \(quantity) \(symbol) on 2026-05-22) is in "
      + "\(currency), but the offline source values \(symbol) in \(coinCurrency); a coin's "
      + "trades must be in the currency it is valued in, and nothing was stored.\n"
  }

  @Test func aNewTradeInAnotherCurrencyThanItsCoinsIsRefusedByEveryCommand() throws {
    let sandbox = try Self.mixedPortfolio()
    let before = try #require(sandbox.stateData())
    let importFile = try PortfolioFileTests.file(
      sandbox, "t.csv",
      "date,side,coin,quantity,price,fee,currency\r\n2026-05-22,sell,@pepe,5,0.00001,0,USDT\r\n")
    for (arguments, message) in [
      (
        ["portfolio", "buy", "@pepe", "5", "--price", "1", "--currency", "USDT"],
        Self.refusal("buy", "5", "PEPE", "USDT")
      ),
      (
        ["portfolio", "sell", "btc", "0.001", "--price", "1", "--currency", "usd"],
        Self.refusal("sell", "0.001", "BTC", "USD")
      ),
      (["portfolio", "import", importFile], Self.refusal("sell", "5", "PEPE", "USDT")),
    ] {
      let refused = try sandbox.run(
        arguments + (arguments[1] == "import" ? [] : ["--date", "2026-05-22"]),
        environment: ["COINTRACK_TODAY": Self.today])
      #expect(refused.status == 65, "\(arguments)")
      #expect(refused.standardOutput == "", "\(arguments)")
      #expect(refused.standardError == message, "\(arguments)")
      #expect(sandbox.stateData() == before, "\(arguments)")
    }
  }

  @Test func aStoredTradeInAnotherCurrencyThanItsCoinsIsRefusedByEveryCommand() throws {
    let sandbox = try Self.mixedPortfolio()
    // Recorded while the profile's source was CoinGecko in USD, which values BTC in USD.
    for arguments in [
      ["profile", "set", "--source", "coingecko", "--currency", "USD"],
      ["portfolio", "buy", "eth", "0.5", "--price", "2000", "--date", "2026-05-22"],
      ["profile", "set", "--source", "offline", "--currency", "USDT"],
    ] {
      let result = try Self.run(sandbox, arguments)
      #expect(result.status == 0, "\(arguments): \(result.standardError)")
    }
    let before = try #require(sandbox.stateData())
    let message =
      "cointrack: trade 3 (buy 0.5 ETH on 2026-05-22) is in USD, but the offline source "
      + "values ETH in USDT; a coin's trades must be in the currency it is valued in, and "
      + "nothing was done.\n"
    for arguments in [
      ["portfolio", "show"], ["portfolio", "show", "--date", "2026-05-21"],
      ["portfolio", "history"], ["portfolio", "export"],
      ["portfolio", "export", "--format", "ledger"],
      ["portfolio", "export", "--format", "hledger"],
      ["portfolio", "export", "--format", "beancount"],
    ] {
      let refused = try Self.run(sandbox, arguments)
      #expect(refused.status == 65, "\(arguments)")
      #expect(refused.standardOutput == "", "\(arguments)")
      #expect(refused.standardError == message, "\(arguments)")
    }
    // Listed, and removed, so that the portfolio shows again.
    #expect(try Self.run(sandbox, ["portfolio", "trades"]).status == 0)
    #expect(sandbox.stateData() == before)
    #expect(try Self.run(sandbox, ["portfolio", "remove", "3"]).status == 0)
    #expect(try Self.run(sandbox, ["portfolio", "show"]).status == 0)
  }
}
