import CoinTrackTestSupport
import Foundation
import Testing

/// `portfolio import` and `portfolio export` through the real binary: round trips, every
/// refusal (one sentence, its exit code, the state file's bytes unchanged), and the journals
/// read by the real ledger, hledger and bean-check.
@Suite struct PortfolioFileTests {
  static let header = "date,side,coin,quantity,price,fee,currency"

  /// Three coins, an 18-decimal quantity, prices as typed (trailing zeros kept), lines ending in
  /// LF and CRLF, sides in any case: what export writes back is the canonical form.
  static let trades = """
    date,side,coin,quantity,price,fee,currency
    2024-01-02,buy,btc,0.5,42000.10,1.5,USDT\r
    2024-01-02,BUY,@ethereum,2.000000000000000001,2300,0,USDT
    2024-02-03,buy,Cardano,1000,0.55,0.25,USDT
    2024-03-04,sell,BTC,0.2,61000,2,USDT
    2024-03-10,buy,ADA,5,0,0,USDT
    2024-03-11,sell,ADA,5,0.01,0.1,USDT
    2024-03-12,sell,ETH,2.000000000000000001,2500,0,USDT
    """

  static let exported = """
    date,side,coin,quantity,price,fee,currency\r
    2024-01-02,buy,BTC,0.5,42000.10,1.5,USDT\r
    2024-01-02,buy,ETH,2.000000000000000001,2300,0,USDT\r
    2024-02-03,buy,ADA,1000,0.55,0.25,USDT\r
    2024-03-04,sell,BTC,0.2,61000,2,USDT\r
    2024-03-10,buy,ADA,5,0,0,USDT\r
    2024-03-11,sell,ADA,5,0.01,0.1,USDT\r
    2024-03-12,sell,ETH,2.000000000000000001,2500,0,USDT\r

    """

  /// Writes `text` to a file in the sandbox and returns its path.
  static func file(_ sandbox: Sandbox, _ name: String, _ text: String) throws -> String {
    let url = sandbox.root.appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    return url.path
  }

  @Test func exportReadsBackThroughImportUnchanged() throws {
    let sandbox = try Sandbox()
    let imported = try sandbox.run(
      ["portfolio", "import", try Self.file(sandbox, "in.csv", Self.trades), "--format", "csv"])
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardError == "")
    #expect(imported.standardOutput.split(separator: "\r\n").count == 8, "a header and 7 trades")
    let exported = try sandbox.run(["portfolio", "export"])
    #expect(exported.status == 0, "\(exported.standardError)")
    #expect(exported.standardOutput == Self.exported)

    // Into a second state, from standard input: the same trades, so the same file.
    let copy = try Sandbox()
    let path = try Self.file(copy, "copy.csv", exported.standardOutput)
    let piped = try Sandbox.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "\"$0\" portfolio import - < \"$1\"", Sandbox.binary.path, path],
      environment: copy.environment)
    #expect(piped.status == 0, "\(piped.standardError)")
    #expect(try copy.run(["portfolio", "export"]).standardOutput == Self.exported)
    #expect(
      try copy.run(["portfolio", "trades", "--format", "csv"]).standardOutput
        == (try sandbox.run(["portfolio", "trades", "--format", "csv"])).standardOutput)
  }

  @Test func aHeaderAloneImportsNothingAndWritesNoState() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      ["portfolio", "import", try Self.file(sandbox, "empty.csv", Self.header + "\n")])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(sandbox.stateData() == nil)
    #expect(try sandbox.run(["portfolio", "export"]).standardOutput == Self.header + "\r\n")
  }

  /// A bad file, the exit code and the one line on stderr.
  struct Refusal: CustomTestStringConvertible, Sendable {
    let name: String
    let text: String
    let status: Int32
    let message: String
    var testDescription: String { name }
  }

  static let good = "2024-05-01,buy,BTC,1,60000,0,USDT"
  static let refusals: [Refusal] = [
    Refusal(
      name: "a missing column", text: "date,side,coin,quantity,price,fee\n2024-05-01,buy,BTC,1,1,0",
      status: 65,
      message: "line 1 of the trade file is 'date,side,coin,quantity,price,fee', not the header "
        + "'\(header)'; the column 'currency' is missing."),
    Refusal(
      name: "an extra column", text: "\(header)\n\(good)\n\(good),note", status: 65,
      message: "line 3 of the trade file has 8 fields, not the header's 7 (\(header))."),
    Refusal(
      name: "a quoted field with a newline",
      text: "\(header)\n2024-05-01,buy,\"BT\nC\",1,60000,0,USDT", status: 65,
      message: "line 2 of the trade file, field coin: '\"BT' is quoted; the trade file takes no "
        + "quotes, as no field needs them."),
    Refusal(
      name: "a byte order mark", text: "\u{FEFF}\(header)\n\(good)", status: 65,
      message: "the trade file starts with a byte order mark; save it as UTF-8 without one."),
    Refusal(
      name: "a bad number", text: "\(header)\n\(good)\n2024-05-01,buy,BTC,1e3,60000,0,USDT",
      status: 65,
      message: "line 3 of the trade file, field quantity: invalid quantity '1e3': use a plain "
        + "decimal such as 0.5 or 60000, without sign, exponent or separators."),
    Refusal(
      name: "a date after today", text: "\(header)\n2026-05-21,buy,BTC,1,60000,0,USDT",
      status: 65,
      message: "line 2 of the trade file, field date: the date '2026-05-21' is after today, "
        + "2026-05-20."),
    Refusal(
      name: "an unknown coin", text: "\(header)\n\(good)\n2024-05-01,buy,NOSUCHCOINX,1,1,0,USDT",
      status: 65,
      message: "line 3 of the trade file, field coin: unknown coin 'NOSUCHCOINX'; see "
        + "'cointrack coins available'."),
    Refusal(
      name: "an empty file", text: "", status: 65,
      message: "the trade file is empty; it needs at least the header line '\(header)'."),
  ]

  /// The state holds a trade first, so that an import that stored anything would change it.
  @Test(arguments: refusals)
  func aBadFileIsRefusedInOneSentenceAndNothingIsStored(_ refusal: Refusal) throws {
    let sandbox = try Sandbox()
    let first = try sandbox.run([
      "portfolio", "import", try Self.file(sandbox, "a.csv", Self.trades),
    ])
    #expect(first.status == 0, "\(first.standardError)")
    let before = try #require(sandbox.stateData())
    let result = try sandbox.run(
      ["portfolio", "import", try Self.file(sandbox, "bad.csv", refusal.text)])
    #expect(result.status == refusal.status)
    #expect(result.standardOutput == "")
    #expect(result.standardError == "cointrack: \(refusal.message)\n")
    #expect(sandbox.stateData() == before)
  }

  @Test func aMissingFileIs66AndAnUnreadableOne74() throws {
    let sandbox = try Sandbox()
    let missing = sandbox.root.appendingPathComponent("nope.csv").path
    let result = try sandbox.run(["portfolio", "import", missing])
    #expect(result.status == 66)
    #expect(
      result.standardError
        == "cointrack: cannot read '\(missing)': there is no such file; nothing was imported.\n")
    let directory = try sandbox.run(["portfolio", "import", sandbox.root.path])
    #expect(directory.status == 74)
    #expect(
      directory.standardError
        == "cointrack: cannot read '\(sandbox.root.path)': it is a directory; nothing was "
        + "imported.\n")
    #expect(sandbox.stateData() == nil)
  }

  /// A named pipe is refused at once, never read or waited on, with the way to read it.
  @Test func aPipeGivenAsAFileIsRefusedWithoutWaiting() throws {
    let sandbox = try Sandbox()
    let fifo = sandbox.root.appendingPathComponent("trades.fifo").path
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try sandbox.run(["portfolio", "import", fifo])
    #expect(result.status == 74)
    #expect(
      result.standardError
        == "cointrack: cannot read '\(fifo)': it is not a regular file (pipe it to 'portfolio "
        + "import -' instead); nothing was imported.\n")
  }

  @Test func aSellOfMoreThanIsHeldIsRefusedAndNothingIsStored() throws {
    let sandbox = try Sandbox()
    let text = "\(Self.header)\n\(Self.good)\n2024-05-02,sell,BTC,1.5,61000,0,USDT\n"
    let result = try sandbox.run(["portfolio", "import", try Self.file(sandbox, "o.csv", text)])
    #expect(result.status == 65)
    #expect(
      result.standardError
        == "cointrack: line 3 of the trade file: this sale of 1.5 BTC on 2024-05-02 would sell "
        + "more than the 1 held then; nothing was stored.\n")
    #expect(sandbox.stateData() == nil)
  }

  /// (arguments after `portfolio export`, the message)
  static let usageErrors: [([String], String)] = [
    (
      ["--format", "json"],
      "unknown export format 'json'; choose csv, ledger, hledger or beancount."
    ),
    (
      ["--income-account", "Income:X"],
      "--income-account works only with --format ledger, hledger or beancount, not csv."
    ),
    (
      ["--method", "lifo"],
      "--method works only with --format ledger, hledger or beancount, not csv."
    ),
    (
      ["--format", "beancount", "--method", "average"],
      "--method average cannot be written to beancount, which books no average cost; use "
        + "--method fifo, lifo or hifo, or --format ledger or hledger."
    ),
    (
      ["--format", "ledger", "--fees-account", "Expenses:Fees"],
      "unknown option '--fees-account' for 'cointrack portfolio export'."
    ),
    (
      ["--format", "beancount", "--cash-account", "Assets:cash"],
      "invalid --cash-account 'Assets:cash' for beancount: use Assets, Liabilities, Equity, "
        + "Income or Expenses, then ':' and parts that start with a capital or digit and hold "
        + "only letters, digits and -."
    ),
  ]

  @Test(arguments: 0..<usageErrors.count)
  func exportRefusesWhatItCannotWrite(_ index: Int) throws {
    let (arguments, message) = Self.usageErrors[index]
    let sandbox = try Sandbox()
    let result = try sandbox.run(["portfolio", "export"] + arguments)
    #expect(result.status == 64)
    #expect(result.standardOutput == "")
    #expect(result.standardError.hasPrefix("cointrack: \(message)\n"))
  }

  /// Without --method a journal takes the profile's method: LIFO sells trade 2's lot (200) for
  /// 300, a gain of 100; the profile's average is refused for beancount, and nothing printed.
  @Test func aJournalTakesTheProfilesMethod() throws {
    let sandbox = try Sandbox()
    for trade in [
      ["buy", "btc", "1", "--price", "100", "--date", "2024-01-02"],
      ["buy", "btc", "1", "--price", "200", "--date", "2024-01-03"],
      ["sell", "btc", "1", "--price", "300", "--date", "2024-01-04"],
    ] {
      let recorded = try sandbox.run(["portfolio"] + trade)
      try #require(recorded.status == 0, "\(recorded.standardError)")
    }
    #expect(try sandbox.run(["profile", "set", "--method", "lifo"]).status == 0)
    let ledger = try sandbox.run(["portfolio", "export", "--format", "ledger"])
    #expect(ledger.status == 0, "\(ledger.standardError)")
    #expect(
      ledger.standardOutput.hasSuffix(
        """
        2024-01-04 * sell 1 BTC (trade 3)
            Assets:Crypto  -1 BTC {{200 USDT}} [2024-01-03] (trade 2) @ 300 USDT
            Assets:Cash  300 USDT
            Income:Gains  -100 USDT

        """))
    #expect(try sandbox.run(["profile", "set", "--method", "average"]).status == 0)
    let beancount = try sandbox.run(["portfolio", "export", "--format", "beancount"])
    #expect(beancount.status == 64)
    #expect(beancount.standardOutput == "")
    #expect(
      beancount.standardError
        == "cointrack: --method average cannot be written to beancount, which books no average "
        + "cost; use --method fifo, lifo or hifo, or --format ledger or hledger.\n")
  }

  // MARK: journals read by the real tools

  /// BTC: 0.5 - 0.2 = 0.3 held; ADA 1000 + 5 (an airdrop, at 0) - 5 (sold for less than its
  /// fee); ETH sold out, so held by none.
  static let holdings: [String: String] = ["BTC": "0.3", "ADA": "1000"]

  /// What `portfolio show` holds the day after the last trade, symbol to quantity (the TOTAL
  /// row left out): what every tool's balance of the holdings must equal. BTC is partly sold,
  /// ETH sold out (no row), ADA bought, given and sold again.
  static func shownQuantities(_ sandbox: Sandbox) throws -> [String: String] {
    let shown = try sandbox.run([
      "portfolio", "show", "--date", "2024-03-13", "--format", "csv", "--no-header", "--fields",
      "symbol,quantity",
    ])
    #expect(shown.status == 0, "\(shown.standardError)")
    var quantities: [String: String] = [:]
    for line in shown.standardOutput.split(separator: "\r\n") {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 2, fields[0] != "TOTAL" else { continue }
      quantities[fields[0]] = fields[1]
    }
    #expect(quantities == holdings)
    return quantities
  }

  /// A sandbox holding `trades`, and its export in `format` written to a file.
  static func journal(_ format: String, _ extra: [String] = []) throws -> (Sandbox, String) {
    let sandbox = try Sandbox()
    let imported = try sandbox.run(["portfolio", "import", try file(sandbox, "t.csv", trades)])
    #expect(imported.status == 0, "\(imported.standardError)")
    let exported = try sandbox.run(["portfolio", "export", "--format", format] + extra)
    #expect(exported.status == 0, "\(exported.standardError)")
    return (sandbox, try file(sandbox, "trades.\(format)", exported.standardOutput))
  }

  /// `amount COMMODITY` lines of a balance report, as a map from commodity to amount without
  /// trailing zeros, leaving out amounts of 0.
  static func amounts(_ report: String) -> [String: String] {
    var amounts: [String: String] = [:]
    for line in report.split(separator: "\n") {
      let words = line.split(separator: " ").map(String.init)
      guard words.count >= 2 else { continue }
      var amount = words[0]
      if amount.contains(".") {
        while amount.hasSuffix("0") { amount.removeLast() }
        if amount.hasSuffix(".") { amount.removeLast() }
      }
      // hledger lists a commodity sold out as 0; ledger leaves it out.
      guard amount != "0" else { continue }
      amounts[words[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))] = amount
    }
    return amounts
  }

  @Test func ledgerBalancesTheHoldings() throws {
    let ledger = try ExternalTool.require("ledger", installHint: "apt-get install ledger")
    let (sandbox, journal) = try Self.journal("ledger", ["--assets-account", "Assets:Coins"])
    let result = try ExternalTool.run(
      ledger,
      [
        "-f", journal, "balance", "Assets:Coins", "--flat", "--no-total", "--balance-format",
        "%(scrub(display_total))\n",
      ],
      environment: sandbox.environment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(Self.amounts(result.standardOutput) == (try Self.shownQuantities(sandbox)))
  }

  @Test func hledgerBalancesTheHoldings() throws {
    let hledger = try ExternalTool.require("hledger", installHint: "apt-get install hledger")
    let (sandbox, journal) = try Self.journal("hledger")
    let result = try ExternalTool.run(
      hledger, ["-f", journal, "balance", "Assets:Crypto", "--no-total", "--layout", "bare"],
      environment: sandbox.environment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(Self.amounts(result.standardOutput) == (try Self.shownQuantities(sandbox)))
  }

  /// bean-check checks balance assertions appended to the export: the holdings `portfolio show`
  /// gives, ETH sold out, and the FIFO
  /// gain with fees in the cost, worked by hand:
  /// - BTC: the 0.2 sold cost 0.2 × 42000.10 + 0.2/0.5 of the 1.5 fee = 8400.62, and brought
  ///   0.2 × 61000 - 2 = 12198: 3797.38.
  /// - ADA: the 5 sold are the oldest, 5/1000 of 1000 × 0.55 + 0.25 = 2.75125, and brought
  ///   5 × 0.01 - 0.1 = -0.05: -2.80125.
  /// - ETH: all of it, bought at 2300 and sold at 2500 without fees:
  ///   2.000000000000000001 × 200 = 400.0000000000000002.
  /// In all 4194.5787500000000002.
  @Test func beancountBalancesTheHoldingsAndTheGain() throws {
    let venv = ExternalTool.beancountVirtualEnvironment.appendingPathComponent("bin")
    let beanCheck = try ExternalTool.require(
      "bean-check", extraDirectories: [venv], installHint: "pip install beancount")
    let (sandbox, journal) = try Self.journal("beancount")
    var text = try String(contentsOfFile: journal, encoding: .utf8)
    for (symbol, quantity) in try Self.shownQuantities(sandbox).sorted(by: { $0.key < $1.key }) {
      text += "2024-03-13 balance Assets:Crypto \(quantity) \(symbol)\n"
    }
    text += "2024-03-13 balance Assets:Crypto 0 ETH\n"
    text += "2024-03-13 balance Income:Gains -4194.5787500000000002 USDT\n"
    let checked = try Self.file(sandbox, "checked.beancount", text)
    let result = try ExternalTool.run(beanCheck, [checked], environment: sandbox.environment)
    #expect(result.status == 0, "\(result.standardError)\(result.standardOutput)")
  }
}

/// The coin column with a live source: a symbol that CoinGecko shares between two coins, or
/// that the source exported with does not know, is written as `@` and the coin id, and so
/// reads back as the same coin.
@Suite struct PortfolioFileCoinColumnTests {
  static let coinList =
    #"[{"id":"pepe","symbol":"pepe","name":"Pepe"},{"id":"pepe-two","symbol":"pepe","name":"Pepe Two"},"#
    + #"{"id":"uniswap","symbol":"uni","name":"Uniswap"}]"#

  @Test func aCoinIsNamedByIdWhereItsSymbolWouldNotNameItAlone() throws {
    let api = try FakePriceAPI([.init(path: "/coins/list", body: Self.coinList)])
    let sandbox = try Sandbox()
    let file = try PortfolioFileTests.file(
      sandbox, "live.csv",
      """
      date,side,coin,quantity,price,fee,currency
      2024-01-02,buy,@pepe,1000000,0.000001,0,USD
      2024-01-03,buy,uni,3,7.5,0,USD

      """)
    let imported = try run(
      sandbox, ["portfolio", "import", file, "--source", "coingecko"], api: api)
    #expect(imported.status == 0, "\(imported.standardError)")
    let live = try run(sandbox, ["portfolio", "export", "--source", "coingecko"], api: api)
    #expect(live.status == 0, "\(live.standardError)")
    #expect(
      live.standardOutput == """
        date,side,coin,quantity,price,fee,currency\r
        2024-01-02,buy,@pepe,1000000,0.000001,0,USD\r
        2024-01-03,buy,UNI,3,7.5,0,USD\r

        """)
    // The snapshot knows neither coin: both by id.
    let offline = try run(sandbox, ["portfolio", "export", "--source", "offline"], api: nil)
    #expect(offline.status == 0, "\(offline.standardError)")
    #expect(
      offline.standardOutput == """
        date,side,coin,quantity,price,fee,currency\r
        2024-01-02,buy,@pepe,1000000,0.000001,0,USD\r
        2024-01-03,buy,@uniswap,3,7.5,0,USD\r

        """)
    let copy = try Sandbox()
    let path = try PortfolioFileTests.file(copy, "copy.csv", offline.standardOutput)
    let reimported = try run(
      copy, ["portfolio", "import", path, "--source", "coingecko"], api: api)
    #expect(reimported.status == 0, "\(reimported.standardError)")
    #expect(
      try run(copy, ["portfolio", "trades", "--format", "csv"], api: nil).standardOutput
        == (try run(sandbox, ["portfolio", "trades", "--format", "csv"], api: nil)).standardOutput)
  }
}
