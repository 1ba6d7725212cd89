import CoinTrackTestSupport
import Foundation
import Testing

/// `prices` through the real binary: ranges, formats, gaps and every date error.
@Suite struct PricesCommandTests {
  @Test func oneDayInEveryFormat() throws {
    let sandbox = try Sandbox()
    let arguments = ["prices", "BTC", "--from", "2024-01-01", "--to", "2024-01-01"]
    let table = try sandbox.run(arguments)
    #expect(table.status == 0)
    #expect(table.standardError == "")
    #expect(
      table.standardOutput == """
        DATE        SYMBOL     PRICE  CURRENCY  SOURCE
        2024-01-01  BTC     44179.55  USDT      offline

        """)
    let csv = try sandbox.run(arguments + ["--format", "csv"])
    #expect(
      csv.standardOutput
        == "date,symbol,price,currency,source,closed\r\n2024-01-01,BTC,44179.55,USDT,offline,true\r\n"
    )
    let json = try sandbox.run(arguments + ["--format", "json"])
    #expect(
      json.standardOutput
        == "[\n  {\"date\":\"2024-01-01\",\"symbol\":\"BTC\",\"price\":44179.55,\"currency\":\"USDT\",\"source\":\"offline\",\"closed\":true}\n]\n"
    )
  }

  @Test func pricesKeepTheirExactDecimalText() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      ["prices", "dogecoin", "--from", "2019-07-05", "--to", "2019-07-06", "--format", "json"])
    // The data's text is 0.0038701 and 0.0035: no float noise, no padding, no trimming.
    #expect(
      result.standardOutput.contains(#""date":"2019-07-05","symbol":"DOGE","price":0.0038701,"#))
    #expect(result.standardOutput.contains(#""date":"2019-07-06","symbol":"DOGE","price":0.0035,"#))
  }

  @Test func oneRowPerDayWithGapsNotedOnStderr() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      ["prices", "eth", "--from", "2026-03-19", "--to", "2026-03-26", "--format", "csv"])
    #expect(result.status == 0)
    let lines = result.standardOutput.split(separator: "\r\n")
    #expect(lines.count == 9)
    #expect(lines.filter { $0.hasSuffix(",ETH,,USDT,offline,true") }.count == 4)
    #expect(lines.contains("2026-03-21,ETH,,USDT,offline,true"))
    #expect(
      result.standardError
        == "cointrack: note: 4 of 8 days have no ETH price in the offline source; their rows have no price.\n"
    )
    let table = try sandbox.run(["prices", "eth", "--from", "2026-03-20", "--to", "2026-03-20"])
    #expect(table.standardOutput.hasSuffix("2026-03-20  ETH         -  USDT      offline\n"))
    let json = try sandbox.run([
      "prices", "eth", "--from", "2026-03-20", "--to", "2026-03-20", "--format", "json",
    ])
    #expect(json.standardOutput.contains(#""price":null"#))
  }

  @Test func datesDefaultToTodayAndAcceptTodayAndYesterday() throws {
    let sandbox = try Sandbox()
    let defaults = try sandbox.run(["prices", "SOL", "--format", "csv"])
    #expect(
      defaults.standardOutput
        == "date,symbol,price,currency,source,closed\r\n2026-05-20,SOL,86.17,USDT,offline,true\r\n")
    let keywords = try sandbox.run([
      "prices", "SOL", "--from", "yesterday", "--to", "today", "--format", "csv",
    ])
    #expect(
      keywords.standardOutput.split(separator: "\r\n").dropFirst().map { $0.prefix(10) } == [
        "2026-05-19", "2026-05-20",
      ])
    let onlyTo = try sandbox.run(["prices", "SOL", "--to", "2026-01-02", "--format", "csv"])
    #expect(onlyTo.standardOutput.split(separator: "\r\n").count == 2)
  }

  @Test func worksForACoinThatIsNotTracked() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run([
      "prices", "TRON", "--from", "2024-01-01", "--to", "2024-01-03", "--format", "csv",
    ])
    #expect(result.status == 0)
    #expect(result.standardOutput.split(separator: "\r\n").count == 4)
    #expect(sandbox.stateData() == nil)
  }

  @Test(arguments: [
    (
      ["--from", "2024-02-30", "--to", "2024-03-01"], Int32(64),
      "cointrack: invalid date '2024-02-30' for --from: there is no such day.\n"
    ),
    (
      ["--from", "2024-13-01"], Int32(64),
      "cointrack: invalid date '2024-13-01' for --from: there is no such day.\n"
    ),
    (
      ["--from", "01-02-2024"], Int32(64),
      "cointrack: invalid date '01-02-2024' for --from: use YYYY-MM-DD, 'today' or 'yesterday'.\n"
    ),
    (
      ["--from", "2024-02-01", "--to", "2024-01-01"], Int32(65),
      "cointrack: the range starts after it ends: --from 2024-02-01 is after --to 2024-01-01.\n"
    ),
    (
      ["--from", "2026-05-20", "--to", "2026-05-21"], Int32(65),
      "cointrack: the date '2026-05-21' is after today, 2026-05-20.\n"
    ),
    (
      ["--from", "2027-01-01", "--to", "2027-01-02"], Int32(65),
      "cointrack: the date '2027-01-01' is after today, 2026-05-20.\n"
    ),
    (
      ["--from", "2010-01-01", "--to", "2010-12-31"], Int32(66),
      "cointrack: no BTC price from 2010-01-01 to 2010-12-31: the offline source holds BTC from 2017-08-17 to 2026-05-20.\n"
    ),
  ])
  func dateErrors(options: [String], status: Int32, firstLine: String) throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["prices", "BTC"] + options)
    #expect(result.status == status)
    #expect(result.standardOutput == "")
    #expect(result.standardError.hasPrefix(firstLine))
    let usageLines = result.standardError.split(separator: "\n").count - 1
    #expect(usageLines == (status == 64 ? 2 : 0))
  }

  @Test func aRangeAfterTheDataNamesTheRangeHeld() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(
      ["prices", "BTC", "--to", "today"], environment: ["COINTRACK_TODAY": "2026-11-21"])
    #expect(result.status == 66)
    #expect(
      result.standardError
        == "cointrack: no BTC price on 2026-11-21: the offline source holds BTC from 2017-08-17 to 2026-05-20; "
        + "run 'cointrack sync BTC' to fetch the closed days since, or ask a live source with --source.\n"
    )
  }

  @Test func anUnknownCoinIsNotFound() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["prices", "etherium", "--from", "2024-01-01"])
    #expect(result.status == 66)
    #expect(
      result.standardError == "cointrack: unknown coin 'etherium'; did you mean ETH (Ethereum)?\n")
  }

  @Test func aClosedPipeEndsQuietlyWithSuccess() throws {
    let sandbox = try Sandbox()
    let script = """
      "$1" prices BTC --from 2020-01-01 --to 2020-12-31 | head -1
      echo "status=${PIPESTATUS[0]}" >&2
      """
    let result = try Sandbox.run(
      URL(fileURLWithPath: "/bin/bash"), ["-c", script, "bash", Sandbox.binary.path],
      environment: sandbox.environment)
    #expect(result.standardOutput == "DATE        SYMBOL     PRICE  CURRENCY  SOURCE\n")
    #expect(result.standardError == "status=0\n")
  }
}
