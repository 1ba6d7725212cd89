import CoinTrackTestSupport
import Foundation
import Testing

/// Decimals with leading zeros, wherever they enter (the command line, a trade file, a history
/// file), are stored and printed in their canonical text, so that the state reads back and every
/// JSON number printed parses; signs, exponents and too many digits keep their refusals.
@Suite struct CanonicalNumberTests {
  /// One numeric input, where it goes, and the text it is stored and printed as.
  struct Input: CustomTestStringConvertible, Sendable {
    let slot: String
    let typed: String
    let canonical: String
    var testDescription: String { "\(slot) \(typed)" }
  }

  /// Every kind of numeric input: a trade's amounts, and an alert's threshold by its option.
  static let inputs: [Input] = [
    Input(slot: "quantity", typed: "01", canonical: "1"),
    Input(slot: "quantity", typed: "00.5", canonical: "0.5"),
    Input(slot: "quantity", typed: "000123.4500", canonical: "123.4500"),
    Input(slot: "price", typed: "042000.10", canonical: "42000.10"),
    Input(slot: "price", typed: "00", canonical: "0"),
    Input(slot: "price", typed: "00.000", canonical: "0.000"),
    Input(slot: "fee", typed: "05", canonical: "5"),
    Input(slot: "fee", typed: "000.250", canonical: "0.250"),
    Input(slot: "--above", typed: "0080000", canonical: "80000"),
    Input(slot: "--above", typed: "00.00012", canonical: "0.00012"),
    Input(slot: "--below", typed: "042000.10", canonical: "42000.10"),
    Input(slot: "--change", typed: "05", canonical: "5"),
    Input(slot: "--change", typed: "-05.50", canonical: "-5.50"),
    Input(slot: "--change", typed: "-00.5", canonical: "-0.5"),
    Input(slot: "--change", typed: "+007", canonical: "7"),
  ]
  static let tradeInputs = inputs.filter { !$0.slot.hasPrefix("--") }
  static let alertInputs = inputs.filter { $0.slot.hasPrefix("--") }

  /// The amounts of a trade: `input` in its slot, 1 in the others.
  static func amounts(_ input: Input) -> (quantity: String, price: String, fee: String) {
    (
      input.slot == "quantity" ? input.typed : "1", input.slot == "price" ? input.typed : "1",
      input.slot == "fee" ? input.typed : "1"
    )
  }

  /// The trade row `portfolio trades` lists for `input` with the `side` and `id`.
  static func listedRow(_ input: Input, side: String, id: Int) -> String {
    let canonical = amounts(Input(slot: input.slot, typed: input.canonical, canonical: ""))
    return "\(id),2026-05-20,\(side),BTC,bitcoin,\(canonical.quantity),\(canonical.price),"
      + "\(canonical.fee),USDT,"
  }

  /// The state file read back: it parses as JSON and cointrack lists its trades.
  static func expectTradesReadBack(_ sandbox: Sandbox, rows: [String]) throws {
    let state = try #require(sandbox.stateData())
    #expect(
      (try? JSONSerialization.jsonObject(with: state)) != nil,
      "\(String(decoding: state, as: UTF8.self))")
    let listed = try sandbox.run(["portfolio", "trades", "--format", "csv"])
    #expect(listed.status == 0, "\(listed.standardError)")
    #expect(
      listed.standardOutput
        == PortfolioTradeTests.header + rows.map { $0 + "\r\n" }.joined())
  }

  @Test(arguments: tradeInputs)
  func aBuyAndASellWithLeadingZerosAreStoredCanonical(_ input: Input) throws {
    let sandbox = try Sandbox()
    let (quantity, price, fee) = Self.amounts(input)
    let bought = try sandbox.run([
      "portfolio", "buy", "btc", quantity, "--price", price, "--fee", fee, "--format", "csv",
    ])
    #expect(bought.status == 0, "\(bought.standardError)")
    #expect(bought.standardOutput.contains(Self.listedRow(input, side: "buy", id: 1) + "\r\n"))
    let sold = try sandbox.run([
      "portfolio", "sell", "btc", quantity, "--price", price, "--fee", fee,
    ])
    #expect(sold.status == 0, "\(sold.standardError)")
    try Self.expectTradesReadBack(
      sandbox,
      rows: [
        Self.listedRow(input, side: "buy", id: 1), Self.listedRow(input, side: "sell", id: 2),
      ])
  }

  @Test(arguments: tradeInputs)
  func anImportedLineWithLeadingZerosIsStoredCanonical(_ input: Input) throws {
    let sandbox = try Sandbox()
    let (quantity, price, fee) = Self.amounts(input)
    let file = sandbox.root.appendingPathComponent("trades.csv")
    try
      "date,side,coin,quantity,price,fee,currency\n2026-05-20,buy,btc,\(quantity),\(price),\(fee),USDT\n"
      .write(to: file, atomically: true, encoding: .utf8)
    let imported = try sandbox.run(["portfolio", "import", file.path, "--format", "csv"])
    #expect(imported.status == 0, "\(imported.standardError)")
    try Self.expectTradesReadBack(sandbox, rows: [Self.listedRow(input, side: "buy", id: 1)])
  }

  @Test(arguments: alertInputs)
  func anAlertThresholdWithLeadingZerosIsStoredCanonical(_ input: Input) throws {
    let sandbox = try Sandbox()
    let days = input.slot == "--change" ? ["--days", "1"] : []
    let added = try sandbox.run(
      ["alerts", "add", "btc", "\(input.slot)=\(input.typed)", "--format", "csv"] + days)
    #expect(added.status == 0, "\(added.standardError)")
    let state = try #require(sandbox.stateData())
    #expect(
      (try? JSONSerialization.jsonObject(with: state)) != nil,
      "\(String(decoding: state, as: UTF8.self))")
    let listed = try sandbox.run(["alerts", "list", "--format", "csv", "--fields", "threshold"])
    #expect(listed.status == 0, "\(listed.standardError)")
    #expect(listed.standardOutput == "threshold\r\n\(input.canonical)\r\n")
  }

  static let fortyDecimals = "0." + String(repeating: "0", count: 39) + "1"
  static let fortyDigits = "0" + String(repeating: "1234567890", count: 4)
  static let eightyDigits = String(repeating: "1234567890", count: 8)

  /// Numbers with a leading zero refused for their sign, exponent or digits: each input ends
  /// `command`, and `message` with `%` read as the input is the one sentence it gets.
  static let refusedNumbers:
    [(command: [String], inputs: [String], status: Int32, message: String)] = [
      (
        ["portfolio", "buy", "btc", "--price", "1", "--"], ["-01", "-00.5"], 65,
        "the quantity '%' is not above 0; a trade moves some coins."
      ),
      (
        ["portfolio", "buy", "btc", "1", "--price"], ["-01", "-00"], 65,
        "the price '%' is below 0; use 0 or more."
      ),
      (
        ["portfolio", "sell", "btc", "1", "--price", "1", "--fee"], ["-00.5"], 65,
        "the fee '%' is below 0; use 0 or more."
      ),
      (
        ["portfolio", "buy", "btc", "1", "--price"], ["+01", "01e3", "01E-3", "0" + eightyDigits],
        64,
        "invalid price '%': use a plain decimal such as 0.5 or 60000, without sign, exponent or separators."
      ),
      (
        ["portfolio", "sell", "btc", "--price", "1", "--"], ["+01", "01e3", "0" + eightyDigits], 64,
        "invalid quantity '%': use a plain decimal such as 0.5 or 60000, without sign, exponent or separators."
      ),
      (
        ["portfolio", "buy", "btc", "--price", "1", "--"], ["0" + fortyDecimals], 65,
        "the quantity '%' has more than 18 decimals, the smallest unit of any coin."
      ),
      (
        ["alerts", "add", "btc", "--below"], ["-01", "00", "-0.0"], 65,
        "the price '%' is not above 0; an alert's PRICE is a price a coin can have."
      ),
      (
        ["alerts", "add", "btc", "--above"], ["+01", "01E3", "0" + eightyDigits], 64,
        "invalid PRICE '%' for --above: use a plain decimal such as 60000 or 0.25, without exponent or separators."
      ),
      (
        ["alerts", "add", "btc", "--days", "1", "--change"],
        ["-00", "-0100", fortyDigits, "00.00001"], 65,
        "the percentage '%' is out of range: it must be other than 0, above -100 (nothing falls further), at most 1000000 in size and have at most 4 decimals."
      ),
      (
        ["alerts", "add", "btc", "--days", "1", "--change"], ["05e1", "+-05"], 64,
        "invalid PERCENT '%' for --change: use a plain decimal with an optional sign, such as -10 or 2.5."
      ),
    ]

  @Test func signsExponentsAndTooManyDigitsAreStillRefused() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["portfolio", "buy", "btc", "1", "--price", "5"]).status == 0)
    let state = try #require(sandbox.stateData())
    for (command, inputs, status, message) in Self.refusedNumbers {
      for input in inputs {
        let arguments =
          command.last == "--" || !command.last!.hasPrefix("--")
          ? command + [input] : command.dropLast() + ["\(command.last!)=\(input)"]
        let result = try sandbox.run(arguments)
        #expect(result.status == status, "\(arguments)")
        #expect(result.standardOutput == "", "\(arguments)")
        let sentence = "cointrack: " + message.replacingOccurrences(of: "%", with: input) + "\n"
        #expect(result.standardError.hasPrefix(sentence), "\(arguments): \(result.standardError)")
        #expect(sandbox.stateData() == state, "\(arguments)")
      }
    }
  }

  static let importRefusals: [(line: String, message: String)] = [
    (
      "2026-01-10,buy,btc,-01,10,0,USDT",
      "field quantity: the quantity '-01' is not above 0; a trade moves some coins."
    ),
    (
      "2026-01-10,buy,btc,1,+010,0,USDT",
      "field price: invalid price '+010': use a plain decimal such as 0.5 or 60000, without "
        + "sign, exponent or separators."
    ),
    (
      "2026-01-10,buy,btc,1,10,01e3,USDT",
      "field fee: invalid fee '01e3': use a plain decimal such as 0.5 or 60000, without sign, "
        + "exponent or separators."
    ),
    (
      "2026-01-10,buy,btc,\(fortyDecimals),10,0,USDT",
      "field quantity: the quantity '\(fortyDecimals)' has more than 18 decimals, the smallest "
        + "unit of any coin."
    ),
    (
      "2026-01-10,buy,btc,1,\(eightyDigits),0,USDT",
      "field price: invalid price '\(eightyDigits)': use a plain decimal such as 0.5 or 60000, "
        + "without sign, exponent or separators."
    ),
  ]

  @Test func anImportedLineWithASignAnExponentOrTooManyDigitsIsStillRefused() throws {
    for (line, message) in Self.importRefusals {
      let sandbox = try Sandbox()
      let file = sandbox.root.appendingPathComponent("trades.csv")
      try "date,side,coin,quantity,price,fee,currency\n\(line)\n"
        .write(to: file, atomically: true, encoding: .utf8)
      let result = try sandbox.run(["portfolio", "import", file.path])
      #expect(result.status == 65, "\(line)")
      #expect(result.standardOutput == "")
      #expect(
        result.standardError == "cointrack: line 2 of the trade file, \(message)\n", "\(line)")
      #expect(sandbox.stateData() == nil)
    }
  }

  /// A trades journal written by hand with a leading zero is not JSON: refused as any file that
  /// is not JSON is, naming the line and where, and left untouched.
  @Test func aHandWrittenJournalWithALeadingZeroIsRefusedAndLeftAsItIs() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["portfolio", "buy", "btc", "1", "--price", "5"]).status == 0)
    let journal = sandbox.tradesFile
    let written = try String(contentsOf: journal, encoding: .utf8)
    let edited = written.replacingOccurrences(of: "\"quantity\":1", with: "\"quantity\":01")
    #expect(edited != written)
    try edited.write(to: journal, atomically: true, encoding: .utf8)
    let listed = try sandbox.run(["portfolio", "trades"])
    #expect(listed.status == 78)
    #expect(
      listed.standardError.contains("line 1: invalid JSON at byte"), "\(listed.standardError)")
    #expect(try String(contentsOf: journal, encoding: .utf8) == edited)
  }

  /// A sandbox whose BTC history (2026-05-21 to 05-24) is written with leading zeros, as a
  /// person or an older version might, holding a trade and alerts typed with leading zeros.
  static func leadingZeroHome() throws -> Sandbox {
    let sandbox = try Sandbox()
    let folder = sandbox.dataHome.appendingPathComponent("cointrack/history")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let text =
      "date,symbol,price,currency,source\n"
      + (1...4).map { "2026-05-2\($0),BTC,0004932\(4 + $0).5,USDT,binance\n" }.joined()
    try text.write(
      to: folder.appendingPathComponent("bitcoin.csv"), atomically: true, encoding: .utf8)
    for command in [
      [
        "portfolio", "buy", "btc", "01", "--price", "042000.10", "--fee", "05", "--date",
        "2026-05-21",
      ],
      ["alerts", "add", "btc", "--below", "0080000"],
      ["alerts", "add", "btc", "--change", "-00.5", "--days", "1"],
    ] {
      let result = try sandbox.run(command, environment: today)
      #expect(result.status == 0, "\(command) \(result.standardError)")
    }
    return sandbox
  }

  static let today: [String: String?] = ["COINTRACK_TODAY": "2026-05-25"]

  static let jsonCommands: [[String]] = [
    ["prices", "btc", "--from", "2026-05-21", "--to", "2026-05-24"],
    ["prices", "btc", "--from", "2026-05-21", "--to", "2026-05-24", "--stats"],
    ["coins", "list"],
    ["portfolio", "show"],
    ["portfolio", "history", "--from", "2026-05-21", "--to", "2026-05-24"],
    ["portfolio", "trades"],
    ["alerts", "check"],
    ["alerts", "list"],
  ]

  @Test(arguments: jsonCommands)
  func everyJSONNumberPrintedParses(_ command: [String]) throws {
    let sandbox = try Self.leadingZeroHome()
    let result = try sandbox.run(command + ["--format", "json"], environment: Self.today)
    #expect([0, 1].contains(result.status), "\(result.standardError)")
    #expect(result.standardOutput.count > 3, "\(result.standardOutput)")
    #expect(
      (try? JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8))) != nil,
      "\(result.standardOutput)")
    #expect(!result.standardOutput.contains("0004932"), "\(result.standardOutput)")
  }

  @Test func aHistoryCloseWithLeadingZerosPrintsCanonicalInEveryFormat() throws {
    let sandbox = try Self.leadingZeroHome()
    let formats = ["table", "csv", "tsv", "json", "jsonl", "ledger", "hledger", "beancount"]
    for format in formats {
      let result = try sandbox.run(
        ["prices", "btc", "--from", "2026-05-21", "--to", "2026-05-24", "--format", format],
        environment: Self.today)
      #expect(result.status == 0, "\(format): \(result.standardError)")
      #expect(result.standardOutput.contains("49328.5"), "\(format): \(result.standardOutput)")
      #expect(!result.standardOutput.contains("049328"), "\(format): \(result.standardOutput)")
    }
    let listed = try sandbox.run(["coins", "list", "--format", "csv"], environment: Self.today)
    #expect(listed.standardOutput.contains(",49328.5,"), "\(listed.standardOutput)")
  }
}
