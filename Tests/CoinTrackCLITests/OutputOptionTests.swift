import CoinTrackCore
import Foundation
import Testing

@testable import CoinTrackCLI

/// --format, --fields, --no-header, --stats and --chart as the command line sees them.
@Suite struct OutputOptionTests {
  static let week = ["prices", "btc", "--from", "2026-01-05", "--to", "2026-01-10"]

  /// Command lines refused before anything runs, with the start of their message.
  static let usageErrors: [([String], String)] = [
    (
      ["coins", "list", "--fields", "symbol,bogus"],
      "cointrack: 'cointrack coins list' has no field 'bogus'; choose from id, symbol, name, "
        + "price, date, currency, source, closed, coin_id.\n"
    ),
    (
      ["prices", "btc", "--stats", "--fields", "date"],
      "cointrack: 'cointrack prices' has no field 'date'; choose from symbol, currency, source, "
    ),
    (
      ["coins", "list", "--fields", "symbol,symbol"], "cointrack: the field 'symbol' is named twice"
    ),
    (
      ["coins", "list", "--no-header", "--format", "json"],
      "cointrack: --no-header works only with --format table, csv or tsv, not json.\n"
    ),
    (
      ["coins", "list", "--format", "ledger"],
      "cointrack: --format ledger writes price directives, which only 'cointrack prices' without "
        + "--stats prints, not 'cointrack coins list'.\n"
    ),
    (
      ["prices", "btc", "--stats", "--format", "beancount"], "cointrack: --format beancount writes"
    ),
    (["prices", "btc", "--chart", "--format", "csv"], "cointrack: --chart works only with"),
    (
      ["prices", "btc", "--format", "ledger", "--fields", "date"], "cointrack: --fields works only"
    ),
    (
      ["coins", "list", "--format", "yaml"], "cointrack: unknown format 'yaml'; choose table, csv, "
    ),
  ]

  @Test(arguments: usageErrors)
  func refusedWithUsageError(_ arguments: [String], _ message: String) throws {
    let home = try TemporaryHome()
    let result = home.run(arguments)
    #expect(result.status == 64)
    #expect(result.standardOutput == "")
    #expect(result.standardError.hasPrefix(message), "\(result.standardError)")
    #expect(result.standardError.contains("\nUsage: cointrack "))
  }

  /// The snapshot has no such symbol, so the funnel is asked directly.
  @Test func symbolADialectCannotWriteIsAnInvalidValue() throws {
    let row = PriceRow(
      day: Day(iso: "2024-01-01")!, symbol: "1INCH", price: Price(decimalText: "0.47"),
      currency: "USDT", source: "test")
    let error = try #require(throws: PriceDirectiveError.self) {
      try PriceDirectiveDialect.beancount.render(PriceRows([row]))
    }
    let failure = ErrorFunnel.failure(for: error)
    #expect(failure.code == .invalidValue)
    #expect(
      failure.report
        == "cointrack: beancount cannot take the commodity '1INCH': a beancount currency is 1 to "
        + "24 capitals, digits and ' . _ -, starting with a capital and ending with a capital or "
        + "digit; use another --format.\n")
  }

  @Test func fieldsAreRefusedBeforeAnythingChanges() throws {
    let home = try TemporaryHome()
    #expect(home.run(["coins", "add", "ada", "--fields", "nope"]).status == 64)
    #expect(!FileManager.default.fileExists(atPath: home.stateFile.path))
  }

  /// --fields chooses and orders the columns of every record format.
  @Test(arguments: ["table", "csv", "tsv", "json", "jsonl"])
  func fieldsChooseAndOrderColumns(_ format: String) throws {
    let result = try TemporaryHome().run(
      Self.week + ["--format", format, "--fields", "price, date"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(whereSeparator: \.isNewline).map(String.init)
    switch format {
    case "table":
      #expect(lines[0] == "   PRICE  DATE")
      #expect(lines[1] == "93859.71  2026-01-05")
      #expect(lines[4] == "       -  2026-01-08")
    case "csv":
      #expect(result.standardOutput.hasPrefix("price,date\r\n93859.71,2026-01-05\r\n"))
    case "tsv":
      #expect(lines[0] == "price\tdate")
      #expect(lines[4] == "\t2026-01-08")
    case "json":
      #expect(lines[1] == "  {\"price\":93859.71,\"date\":\"2026-01-05\"},")
    default:
      #expect(lines[0] == "{\"price\":93859.71,\"date\":\"2026-01-05\"}")
      #expect(lines[3] == "{\"price\":null,\"date\":\"2026-01-08\"}")
      #expect(lines.count == 6)
    }
  }

  @Test(arguments: ["table", "csv", "tsv"])
  func noHeaderLeavesOutTheHeaderOnly(_ format: String) throws {
    let home = try TemporaryHome()
    let with = home.run(Self.week + ["--format", format, "--fields", "date,price"])
    let without = home.run(
      Self.week + ["--format", format, "--fields", "date,price", "--no-header"])
    #expect(without.status == 0)
    // Lines counted by LF, which also ends each CSV line (CRLF is one Character in Swift).
    let lineCount = { (text: String) in text.unicodeScalars.filter { $0 == "\n" }.count }
    #expect(lineCount(without.standardOutput) == lineCount(with.standardOutput) - 1)
    #expect(with.standardOutput.hasSuffix(without.standardOutput))
    #expect(without.standardOutput.hasPrefix("2026-01-05"))
  }

  @Test func noRowsPrintAnEmptyArrayInJSONAndNothingInJSONLines() throws {
    let home = try TemporaryHome()
    #expect(home.run(["coins", "remove", "1", "2", "3", "4", "5"]).status == 0)
    #expect(home.run(["coins", "list", "--format", "json"]).standardOutput == "[]\n")
    let lines = home.run(["coins", "list", "--format", "jsonl"])
    #expect(lines.status == 0)
    #expect(lines.standardOutput == "")
    #expect(
      home.run(["coins", "list", "--format", "csv"]).standardOutput
        == "id,symbol,name,price,date,currency,source,closed,coin_id\r\n")
  }

  @Test func jsonLinesWritesOneObjectPerRecordAndSingleRecordsAsOneLine() throws {
    let home = try TemporaryHome()
    let coins = home.run(["coins", "available", "--format", "jsonl"]).standardOutput
    let lines = coins.split(separator: "\n")
    #expect(lines.count == 9)
    #expect(lines.allSatisfy { $0.hasPrefix("{\"symbol\":") && $0.hasSuffix("}") })
    let profile = home.run(["profile", "show", "--format", "jsonl"]).standardOutput
    #expect(
      profile
        == "{\"username\":\"anonymous\",\"source\":\"offline\",\"currency\":null,"
        + "\"method\":\"fifo\"}\n")
  }

  @Test func statsIsOneRecordInEveryFormat() throws {
    let home = try TemporaryHome()
    let arguments = Self.week + ["--stats"]
    let json = home.run(arguments + ["--format", "json"])
    #expect(json.status == 0)
    #expect(
      json.standardOutput
        == "{\"symbol\":\"BTC\",\"currency\":\"USDT\",\"source\":\"offline\","
        + "\"first_date\":\"2026-01-05\",\"last_date\":\"2026-01-10\",\"first_price\":93859.71,"
        + "\"last_price\":90504.7,\"min_price\":90504.7,\"min_date\":\"2026-01-10\","
        + "\"max_price\":93859.71,\"max_date\":\"2026-01-05\",\"mean_price\":92023.56,"
        + "\"change\":-3355.01,\"change_percent\":-3.57,\"days_with_data\":5,"
        + "\"days_without_data\":1}\n")
    let csv = home.run(arguments + ["--format", "csv", "--fields", "mean_price,change_percent"])
    #expect(csv.standardOutput == "mean_price,change_percent\r\n92023.56,-3.57\r\n")
    let tsv = home.run(arguments + ["--format", "tsv", "--no-header", "--fields", "min_date"])
    #expect(tsv.standardOutput == "2026-01-10\n")
    let table = home.run(arguments + ["--fields", "first_price,last_price"])
    #expect(table.standardOutput == "FIRST PRICE  LAST PRICE\n   93859.71     90504.7\n")
  }

  @Test func sparklineOnlyOnATerminalInTableFormat() throws {
    let home = try TemporaryHome()
    let terminal = home.run(Self.week, terminal: true)
    let lines = terminal.standardOutput.split(separator: "\n")
    // Closes 93859.71 93747.97 91364.16 (none) 90641.28 90504.7, scaled to levels 0...7 from
    // the lowest to the highest: 7, 6.77, 1.79, blank, 0.29, 0.
    #expect(lines.last == "██▃ ▁▁")
    #expect(lines.count == 8)
    let pipe = home.run(Self.week)
    #expect(pipe.standardOutput.split(separator: "\n").count == 7)
    #expect(!pipe.standardOutput.contains("█"))
    for format in ["csv", "tsv", "json", "jsonl"] {
      #expect(
        !home.run(Self.week + ["--format", format], terminal: true).standardOutput
          .contains("█"))
    }
  }

  @Test(arguments: [50, 80, 120])
  func chartIsSizedToColumnsAndDrawnWhenAskedEvenIntoAPipe(_ columns: Int) throws {
    let home = try TemporaryHome()
    let result = home.run(
      [
        "prices", "btc", "--from", "2024-01-01", "--to", "2024-12-31", "--chart", "--no-header",
        "--fields", "date",
      ], environment: ["COLUMNS": String(columns)])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\n").map(String.init)
    let chart = Array(lines.suffix(9))
    #expect(chart[0].hasPrefix("106133.74 ┤"))
    #expect(chart[7].hasPrefix(" 39568.02 ┤"))
    #expect(chart[8].hasPrefix("           2024-01-01"))
    #expect(chart[8].hasSuffix("2024-12-31"))
    #expect(chart.map(\.count).max() == columns)
    // The chart replaces the sparkline rather than adding to it.
    #expect(
      home.run(
        ["prices", "btc", "--from", "2024-01-01", "--to", "2024-01-31", "--chart"], terminal: true
      ).standardOutput.split(separator: "\n").count == 32 + 9)
  }
}
