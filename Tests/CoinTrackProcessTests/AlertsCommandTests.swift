import CoinTrackTestSupport
import Foundation
import Testing

/// `alerts add`, `list`, `remove` and `check` through the real binary on the embedded snapshot,
/// with `--today` choosing the day whose close is the latest price.
@Suite struct AlertsCommandTests {
  static let checkHeader =
    "id,symbol,condition,threshold,days,price,date,reference_price,reference_date,"
    + "change_percent,currency,source,coin_id\r\n"

  /// One alert, the day it is checked on, and the row it reports (nil: it does not fire).
  struct Case: CustomTestStringConvertible, Sendable {
    let alert: [String]
    let today: String
    let row: String?
    var testDescription: String { alert.joined(separator: " ") + " on " + today }
  }

  // BTC closes: 05-12 80504.47, 05-13 79313.61, 05-14 81089.99.
  static let cases: [Case] = [
    Case(
      alert: ["btc", "--below", "80000"], today: "2026-05-13",
      row: "1,BTC,below,80000,,79313.61,2026-05-13,,,,USDT,offline,bitcoin"),
    Case(alert: ["btc", "--below", "80000"], today: "2026-05-12", row: nil),
    // At the threshold holds, compared exactly; a cent past it does not.
    Case(
      alert: ["btc", "--below", "79313.61"], today: "2026-05-13",
      row: "1,BTC,below,79313.61,,79313.61,2026-05-13,,,,USDT,offline,bitcoin"),
    Case(alert: ["btc", "--below", "79313.6"], today: "2026-05-13", row: nil),
    Case(
      alert: ["bitcoin", "--above", "79313.610"], today: "2026-05-13",
      row: "1,BTC,above,79313.610,,79313.61,2026-05-13,,,,USDT,offline,bitcoin"),
    Case(alert: ["btc", "--above", "79313.62"], today: "2026-05-13", row: nil),
    // -1.48% from the day before's close: a fall of at least 1% fires, a rise of 1% does not.
    Case(
      alert: ["btc", "--change", "-1", "--days", "1"], today: "2026-05-13",
      row: "1,BTC,change,-1,1,79313.61,2026-05-13,80504.47,2026-05-12,-1.48,USDT,offline,bitcoin"),
    Case(alert: ["btc", "--change", "-1.5", "--days", "1"], today: "2026-05-13", row: nil),
    Case(alert: ["btc", "--change", "1", "--days", "1"], today: "2026-05-13", row: nil),
    // +2.24% on 05-14.
    Case(
      alert: ["btc", "--change=+2", "--days", "1"], today: "2026-05-14",
      row: "1,BTC,change,2,1,81089.99,2026-05-14,79313.61,2026-05-13,2.24,USDT,offline,bitcoin"),
    Case(alert: ["btc", "--change", "-1", "--days", "1"], today: "2026-05-14", row: nil),
  ]

  @Test(arguments: cases)
  func eachKindOfAlertFiresOnlyWhenItsConditionHolds(_ check: Case) throws {
    let sandbox = try Sandbox()
    let added = try sandbox.run(["alerts", "add"] + check.alert + ["--format", "csv"])
    #expect(added.status == 0, "\(added.standardError)")
    let result = try sandbox.run(
      ["alerts", "check", "--today", check.today, "--format", "csv"])
    #expect(result.standardError == "")
    #expect(result.status == (check.row == nil ? 0 : 1))
    #expect(result.standardOutput == Self.checkHeader + (check.row.map { $0 + "\r\n" } ?? ""))
  }

  /// What `alerts check` on `today` prints as CSV rows after the header, and its status.
  static func check(_ sandbox: Sandbox, on today: String, _ extra: [String] = []) throws -> (
    rows: [String], status: Int32
  ) {
    let result = try sandbox.run(["alerts", "check", "--today", today, "--format", "csv"] + extra)
    #expect(result.standardOutput.hasPrefix(Self.checkHeader), "\(result.standardError)")
    let rows = result.standardOutput.dropFirst(Self.checkHeader.count)
      .split(separator: "\r\n").map(String.init)
    return (rows, result.status)
  }

  @Test func anAlertFiresOnceThenAgainOnlyAfterACheckSawItFalse() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["alerts", "add", "btc", "--below", "80000"]).status == 0)
    #expect(try sandbox.run(["alerts", "add", "btc", "--above", "81000"]).status == 0)
    // BTC: 05-12 80504.47, 05-13 79313.61, 05-14 81089.99, 05-15 79113.21, 05-16 78148.05.
    let expected: [(day: String, fired: [String])] = [
      ("2026-05-12", []),
      ("2026-05-13", ["1"]),
      ("2026-05-13", []),
      ("2026-05-14", ["2"]),
      ("2026-05-15", ["1"]),
      ("2026-05-16", []),
      ("2026-05-14", ["2"]),
    ]
    for (day, fired) in expected {
      let (rows, status) = try Self.check(sandbox, on: day)
      #expect(rows.map { String($0.prefix { $0 != "," }) } == fired, "\(day)")
      #expect(status == (fired.isEmpty ? 0 : 1), "\(day)")
    }
    let list = try sandbox.run(["alerts", "list", "--format", "csv", "--fields", "id,fired_on"])
    #expect(list.standardOutput == "id,fired_on\r\n1,\r\n2,2026-05-14\r\n")
  }

  @Test func allPrintsWhatHoldsAndChangesNothing() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["alerts", "add", "btc", "--below", "80000"]).status == 0)
    #expect(try sandbox.run(["alerts", "add", "eth", "--above", "1000000"]).status == 0)
    #expect(try Self.check(sandbox, on: "2026-05-13").rows.count == 1)
    let before = sandbox.stateData()
    // Fired before, and holding still: --all prints it again, and exits 1 as it prints one.
    let all = try Self.check(sandbox, on: "2026-05-13", ["--all"])
    #expect(all.rows.map { $0.prefix(6) } == ["1,BTC,"])
    #expect(all.status == 1)
    // On a day it does not hold, --all prints nothing, and does not re-arm it either.
    let json = try sandbox.run([
      "alerts", "check", "--all", "--today", "2026-05-14", "--format", "json",
    ])
    #expect(json.standardOutput == "[]\n")
    #expect(json.status == 0)
    #expect(sandbox.stateData() == before)
    #expect(try Self.check(sandbox, on: "2026-05-13").rows.isEmpty)
  }

  @Test func noAlertsIsAnEmptyResultThatCreatesNoFile() throws {
    let sandbox = try Sandbox()
    let result = try sandbox.run(["alerts", "check", "--format", "json"])
    #expect(result.standardOutput == "[]\n")
    #expect(result.standardError == "")
    #expect(result.status == 0)
    #expect(sandbox.stateData() == nil)
    let list = try sandbox.run(["alerts", "list", "--format", "json"])
    #expect(list.standardOutput == "[]\n")
    #expect(sandbox.stateData() == nil)
  }

  /// One note for each coin, currency and reason, however many alerts it covers.
  @Test func alertsThatCannotBeCheckedAreLeftAloneWithANote() throws {
    let sandbox = try Sandbox()
    // ETH has no close on 2026-01-08, the day before 2026-01-09.
    for percent in ["-1", "-2"] {
      let added = try sandbox.run(["alerts", "add", "eth", "--change", percent, "--days", "1"])
      #expect(added.status == 0)
    }
    #expect(try sandbox.run(["alerts", "add", "btc", "--above", "1"]).status == 0)
    let result = try sandbox.run(["alerts", "check", "--today", "2026-01-09", "--format", "csv"])
    #expect(result.status == 1)
    #expect(Self.ids(in: result.standardOutput) == ["3"])
    #expect(
      result.standardError
        == "cointrack: note: alerts 1 and 2 on ETH in USDT were not checked: the offline source "
        + "has no ETH close on 2026-01-08 to compare with.\n")
    // Alerts in another currency than the check's source quotes are not compared.
    var text = try #require(sandbox.stateData().map { String(decoding: $0, as: UTF8.self) })
    text = text.replacingOccurrences(of: #""currency": "USDT""#, with: #""currency": "EUR""#)
    try sandbox.writeState(text)
    let other = try sandbox.run(["alerts", "check", "--format", "csv"])
    #expect(other.status == 0)
    #expect(
      other.standardError
        == "cointrack: note: alerts 1 and 2 on ETH in EUR were not checked: the offline source "
        + "quotes USDT; check them with a --source and --currency that quote EUR.\n"
        + "cointrack: note: alert 3 (BTC above 1 EUR) was not checked: the offline source "
        + "quotes USDT; check it with a --source and --currency that quote EUR.\n")
    #expect(sandbox.stateData() == Data(text.utf8))
  }

  /// The ids of the records of a CSV answer.
  static func ids(in csv: String) -> [String] {
    csv.split(separator: "\r\n").dropFirst().map { String($0.prefix { $0 != "," }) }
  }

  /// Bad input: one sentence, its code, and nothing stored.
  static let refusals: [(arguments: [String], status: Int32, message: String)] = [
    (
      ["add", "btc", "--above", "1", "--below", "2"], 64,
      "--above and --below cannot be used together."
    ),
    (
      ["add", "btc", "--below", "-60000"], 65,
      "the price '-60000' is not above 0; an alert's PRICE is a price a coin can have."
    ),
    (
      ["add", "btc", "--below", "6e4"], 64,
      "invalid PRICE '6e4' for --below: use a plain decimal such as 60000 or 0.25, without "
        + "exponent or separators."
    ),
    (
      ["add", "btc", "--below", "60,000"], 64,
      "invalid PRICE '60,000' for --below: use a plain decimal such as 60000 or 0.25, without "
        + "exponent or separators."
    ),
    (["add", "btc", "--change", "-10"], 64, "--change needs --days."),
    (["add", "btc", "--below", "1", "--days", "2"], 64, "--days needs --change."),
    (["add", "btc"], 64, "'cointrack alerts add' needs one of --above, --below or --change."),
    (
      ["add", "btc", "--change", "-100", "--days", "1"], 65,
      "the percentage '-100' is out of range: it must be other than 0, above -100 (nothing "
        + "falls further), at most 1000000 in size and have at most 4 decimals."
    ),
    (
      ["add", "btc", "--change", "5", "--days", "0"], 65,
      "--days '0' is out of range: look back 1 to 36500 days."
    ),
    (["add", "bitcon", "--below", "1"], 66, "unknown coin 'bitcon'; did you mean BTC (Bitcoin)?"),
    (
      ["add", "btc", "--below", "70000.0"], 65,
      "alert 1 asks the same already: BTC below 70000 USDT; see 'cointrack alerts list'."
    ),
    (["remove", "1", "7"], 66, "no alert has the id '7'; see 'cointrack alerts list'."),
    (["remove", "+1"], 66, "no alert has the id '+1'; see 'cointrack alerts list'."),
  ]

  @Test(arguments: 0..<refusals.count)
  func badInputIsOneSentenceAndStoresNothing(index: Int) throws {
    let (arguments, status, message) = Self.refusals[index]
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["alerts", "add", "btc", "--below", "70000"]).status == 0)
    let before = sandbox.stateData()
    let result = try sandbox.run(["alerts"] + arguments)
    #expect(result.status == status)
    #expect(result.standardOutput == "")
    let firstLine = result.standardError.split(separator: "\n").first.map(String.init)
    #expect(firstLine == "cointrack: " + message)
    #expect(sandbox.stateData() == before)
  }

  @Test func addListAndRemoveKeepIdsAndRemoveAllOrNone() throws {
    let sandbox = try Sandbox()
    for alert in [["btc", "--below", "60000"], ["eth", "--change", "-10", "--days", "7"]] {
      #expect(try sandbox.run(["alerts", "add"] + alert).status == 0)
    }
    let removed = try sandbox.run(["alerts", "remove", "1", "1", "--format", "csv"])
    #expect(removed.standardOutput.hasSuffix("\r\n1,BTC,below,60000,,USDT,,bitcoin\r\n"))
    let added = try sandbox.run(["alerts", "add", "sol", "--above", "90", "--format", "json"])
    #expect(
      added.standardOutput
        == #"{"id":3,"symbol":"SOL","condition":"above","threshold":90,"days":null,"currency":"USDT","fired_on":null,"coin_id":"solana"}"#
        .wrappedInJSONArray)
    let list = try sandbox.run(["alerts", "list", "--format", "tsv", "--no-header"])
    #expect(
      list.standardOutput
        == "2\tETH\tchange\t-10\t7\tUSDT\t\tethereum\n3\tSOL\tabove\t90\t\tUSDT\t\tsolana\n")
  }
}

extension String {
  /// A JSON array of one object as cointrack prints it.
  fileprivate var wrappedInJSONArray: String { "[\n  " + self + "\n]\n" }
}
