import CoinTrackCore
import CoinTrackTestSupport
import Foundation
import Testing

/// `prices --format ledger|hledger|beancount` read by the real tools, which must accept the
/// output and report back exactly the prices that `--format csv` shows.
@Suite struct AccountingFormatTests {
  /// Two coins over a month with two days missing from the snapshot (2026-01-08 and 01-20).
  static let coins = ["btc", "doge"]
  static let range = ["--from", "2026-01-01", "--to", "2026-01-31"]

  /// A price as the tools report it: date, commodity, amount and currency.
  struct Directive: Hashable, CustomStringConvertible {
    let date: String
    let symbol: String
    let price: String
    let currency: String

    /// `price` without trailing zeros after the point, since the tools may pad amounts to the
    /// precision they saw elsewhere for the currency.
    init(date: String, symbol: String, price: String, currency: String) {
      var normal = price
      if normal.contains(".") {
        while normal.hasSuffix("0") { normal.removeLast() }
        if normal.hasSuffix(".") { normal.removeLast() }
      }
      self.date = date.replacingOccurrences(of: "/", with: "-")
      self.symbol = symbol.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
      self.price = normal
      self.currency = currency
    }

    var description: String { "\(date) \(symbol) \(price) \(currency)" }
  }

  /// The days with a price, from the CSV output.
  static func expected(_ sandbox: Sandbox) throws -> [Directive] {
    var directives: [Directive] = []
    for coin in coins {
      let fields = ["--format", "csv", "--no-header", "--fields", "date,symbol,price,currency"]
      let csv = try sandbox.run(["prices", coin] + range + fields)
      #expect(csv.status == 0)
      for line in csv.standardOutput.split(whereSeparator: \.isNewline) {
        let values = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if values[2].isEmpty { continue }
        directives.append(
          Directive(date: values[0], symbol: values[1], price: values[2], currency: values[3]))
      }
    }
    // 31 days of two coins, less the two days the snapshot lacks for each.
    #expect(directives.count == 2 * (31 - 2))
    return directives
  }

  /// The directives of both coins in `format`, as one file.
  static func journal(_ sandbox: Sandbox, format: String, name: String) throws -> URL {
    var text = ""
    for coin in coins {
      let result = try sandbox.run(["prices", coin] + range + ["--format", format])
      #expect(result.status == 0)
      #expect(!result.standardOutput.contains("2026-01-08"), "days without data print nothing")
      text += result.standardOutput
    }
    let file = sandbox.root.appendingPathComponent(name)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  /// `P 2026-01-06 BTC 93659.4 USDT` (hledger) or `P 2026/01/06 00:00:00 BTC USDT93659.4`
  /// (ledger's pricedb), one per line.
  static func parsePriceLines(_ text: String) -> [Directive] {
    text.split(whereSeparator: \.isNewline).map { line in
      var words = line.split(separator: " ").map(String.init)
      words.removeFirst()  // P
      if words[1].contains(":") { words.remove(at: 1) }  // ledger's time of day
      if words.count == 4 {
        return Directive(date: words[0], symbol: words[1], price: words[2], currency: words[3])
      }
      // ledger: the date, the commodity, then the currency glued to the amount.
      let amount = words[2]
      let digits = amount.firstIndex { $0.isNumber || $0 == "-" } ?? amount.endIndex
      return Directive(
        date: words[0], symbol: words[1], price: String(amount[digits...]),
        currency: String(amount[..<digits]))
    }
  }

  @Test func hledgerReportsTheSamePrices() throws {
    let hledger = try ExternalTool.require("hledger", installHint: "apt-get install hledger")
    let sandbox = try Sandbox()
    let journal = try Self.journal(sandbox, format: "hledger", name: "prices.journal")
    let result = try ExternalTool.run(
      hledger, ["-f", journal.path, "prices"], environment: sandbox.environment)
    #expect(result.status == 0, "\(result.standardError)")
    // hledger lists prices by date, across commodities.
    let reported = Self.parsePriceLines(result.standardOutput)
    #expect(Set(reported) == Set(try Self.expected(sandbox)))
    #expect(reported.count == (try Self.expected(sandbox)).count)
  }

  @Test func ledgerReportsTheSamePrices() throws {
    let ledger = try ExternalTool.require("ledger", installHint: "apt-get install ledger")
    let sandbox = try Sandbox()
    let prices = try Self.journal(sandbox, format: "ledger", name: "prices.ledger")
    // ledger reports prices only of commodities that some posting uses.
    let postings = sandbox.root.appendingPathComponent("holdings.ledger")
    try """
    2025-12-31 Holdings
        Assets:Coins    1 BTC
        Assets:Coins    1 DOGE
        Equity

    """.write(to: postings, atomically: true, encoding: .utf8)
    let result = try ExternalTool.run(
      ledger, ["-f", prices.path, "-f", postings.path, "pricedb"], environment: sandbox.environment)
    #expect(result.status == 0, "\(result.standardError)")
    let reported = Self.parsePriceLines(result.standardOutput)
    #expect(Set(reported) == Set(try Self.expected(sandbox)))
    #expect(reported.count == (try Self.expected(sandbox)).count)
  }

  @Test func beanCheckAcceptsItAndBeancountLoadsTheSamePrices() throws {
    let venv = ExternalTool.beancountVirtualEnvironment.appendingPathComponent("bin")
    let beanCheck = try ExternalTool.require(
      "bean-check", extraDirectories: [venv],
      installHint: "python3 -m venv \(ExternalTool.beancountVirtualEnvironment.path) && "
        + "\(venv.path)/pip install beancount (as .ci/run does)")
    let sandbox = try Sandbox()
    let ledger = try Self.journal(sandbox, format: "beancount", name: "prices.beancount")
    let check = try ExternalTool.run(beanCheck, [ledger.path], environment: sandbox.environment)
    #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
    #expect(check.standardOutput == "")
    // The python beside bean-check has beancount: load the file and print its prices.
    let python = beanCheck.deletingLastPathComponent().appendingPathComponent("python3")
    let load = try ExternalTool.run(
      python,
      [
        "-c",
        """
        import sys
        from beancount import loader
        from beancount.core import data
        entries, errors, _ = loader.load_file(sys.argv[1])
        assert not errors, errors
        for entry in entries:
            if isinstance(entry, data.Price):
                print("P", entry.date, entry.currency, entry.amount.number, entry.amount.currency)
        """,
        ledger.path,
      ], environment: sandbox.environment)
    #expect(load.status == 0, "\(load.standardError)")
    #expect(Set(Self.parsePriceLines(load.standardOutput)) == Set(try Self.expected(sandbox)))
  }

  /// A symbol with a leading digit, which the snapshot lacks: quoted for ledger and hledger.
  static let quotedRow = PriceRow(
    day: Day(iso: "2024-01-01")!, symbol: "1INCH", price: Price(decimalText: "0.4723"),
    currency: "USDT", source: "test")

  @Test func hledgerReadsQuotedSymbols() throws {
    let hledger = try ExternalTool.require("hledger", installHint: "apt-get install hledger")
    let sandbox = try Sandbox()
    let file = sandbox.root.appendingPathComponent("quoted.journal")
    try PriceDirectiveDialect.hledger.render(PriceRows([Self.quotedRow])).write(
      to: file, atomically: true, encoding: .utf8)
    let result = try ExternalTool.run(
      hledger, ["-f", file.path, "prices"], environment: sandbox.environment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == "P 2024-01-01 \"1INCH\" 0.4723 USDT\n")
  }

  @Test func ledgerReadsQuotedSymbols() throws {
    let ledger = try ExternalTool.require("ledger", installHint: "apt-get install ledger")
    let sandbox = try Sandbox()
    let file = sandbox.root.appendingPathComponent("quoted.ledger")
    try
      (PriceDirectiveDialect.ledger.render(PriceRows([Self.quotedRow]))
      + "\n2023-12-31 Holdings\n    Assets:Coins    1 \"1INCH\"\n    Equity\n").write(
        to: file, atomically: true, encoding: .utf8)
    let result = try ExternalTool.run(
      ledger, ["-f", file.path, "pricedb"], environment: sandbox.environment)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      Self.parsePriceLines(result.standardOutput)
        == [Directive(date: "2024-01-01", symbol: "1INCH", price: "0.4723", currency: "USDT")])
  }
}
