import CoinTrackTestSupport
import Foundation
import Testing

/// `alerts check` as cron runs it: against a live source, two at the same moment, and through
/// the README's crontab line.
@Suite struct AlertsCheckTests {
  /// The first field of each CSV row after the header: the ids reported.
  static func ids(in csv: String) -> [String] {
    csv.split(separator: "\r\n").dropFirst().map { String($0.prefix { $0 != "," }) }
  }

  @Test func twoChecksAtTheSameMomentNeverBothReportOneFiring() throws {
    let sandbox = try Sandbox()
    for alert in [
      ["btc", "--below", "80000"], ["btc", "--above", "80000"],
      ["eth", "--change", "-2", "--days", "1"],
    ] {
      #expect(try sandbox.run(["alerts", "add"] + alert).status == 0)
    }
    // Generous: under load on two cores the test must not depend on how long the other takes.
    let wait: [String: String?] = ["COINTRACK_LOCK_TIMEOUT": "120"]
    // BTC closes at 80504.47 on 2026-05-12 and 79313.61 on 05-13; ETH falls 2.77% on 05-12 and
    // 0.72% on 05-13. So each day fires what the other re-armed.
    let rounds = (0..<30).map {
      $0.isMultiple(of: 2) ? ("2026-05-12", ["2", "3"]) : ("2026-05-13", ["1"])
    }
    for (round, (day, expected)) in rounds.enumerated() {
      let checks = try (0..<2).map { _ in
        try sandbox.spawn(
          ["alerts", "check", "--today", day, "--format", "csv"], environment: wait)
      }
      let results = checks.map { $0.finish() }
      // One of the two reports the firings, the other none, and no firing twice.
      let reported = results.flatMap { Self.ids(in: $0.standardOutput) }
      #expect(reported.sorted() == expected, "round \(round): \(results)")
      #expect(results.map(\.status).sorted() == [0, 1], "round \(round): \(results)")
      #expect(results.allSatisfy { $0.standardError.isEmpty }, "round \(round): \(results)")
    }
  }

  @Test func aLiveCheckAsksOnceForEveryCoinAndRemembersWhatFired() throws {
    let api = try FakePriceAPI([
      .init(
        path: "/simple/price", query: ["vs_currencies": "usd"],
        body: #"{"bitcoin":{"usd":67187.34},"ethereum":{"usd":3412.55},"solana":{"usd":150}}"#)
    ])
    let sandbox = try Sandbox()
    for alert in [
      ["btc", "--below", "70000"], ["eth", "--above", "3412.55"], ["sol", "--above", "151"],
    ] {
      let added = try run(
        sandbox, ["alerts", "add"] + alert + ["--source", "coingecko"], api: api)
      #expect(added.status == 0, "\(added.standardError)")
    }
    // An alert in the snapshot's USDT is not compared with CoinGecko's dollars.
    #expect(try sandbox.run(["alerts", "add", "btc", "--below", "70000"]).status == 0)
    // Adding resolved the snapshot's coins without asking anything.
    #expect(try api.requests().isEmpty)

    let check = ["alerts", "check", "--source", "coingecko", "--format", "csv"]
    let first = try run(sandbox, check, api: api)
    #expect(first.status == 1)
    #expect(
      first.standardOutput
        == "id,symbol,condition,threshold,days,price,date,reference_price,reference_date,"
        + "change_percent,currency,source,coin_id\r\n"
        + "1,BTC,below,70000,,67187.34,\(currentDay),,,,USD,coingecko,bitcoin\r\n"
        + "2,ETH,above,3412.55,,3412.55,\(currentDay),,,,USD,coingecko,ethereum\r\n")
    #expect(
      first.standardError
        == "cointrack: note: alert 4 (BTC below 70000 USDT) was not checked: the coingecko "
        + "source quotes USD; check it with a --source and --currency that quote USDT.\n")
    let requests = try api.requests()
    #expect(requests.count == 1)
    #expect(requests.first?.query["ids"] == "bitcoin,ethereum,solana")

    // Checked again, nothing new fires; the cached prices are fresh, so nothing is asked.
    let again = try run(sandbox, check, api: api)
    #expect(again.status == 0)
    #expect(Self.ids(in: again.standardOutput).isEmpty)
    #expect(try api.requests().count == 1)
  }

  /// The README's crontab line, run by `sh` as cron would, with a `mail` that records what it
  /// was asked to send.
  @Test func theReadmeCrontabLineMailsOnlyWhenAnAlertFired() throws {
    let readme = try String(contentsOf: ReadmeExampleTests.readme, encoding: .utf8)
    let entry = try #require(
      readme.split(separator: "\n").first { $0.hasPrefix("*/5 * * * * ") })
    let command = String(entry.dropFirst("*/5 * * * * ".count))
    let sandbox = try Sandbox()
    let bin = sandbox.root.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      at: sandbox.home.appendingPathComponent(".cache"), withIntermediateDirectories: true)
    let mailLog = sandbox.root.appendingPathComponent("mail.log")
    try Sandbox.installScript(
      #"""
      #!/bin/sh
      { printf '%s|' "$@"; printf '\n'; cat; } > "$MAIL_LOG"
      """#, at: bin.appendingPathComponent("mail"))
    var environment = sandbox.environment
    environment["PATH"] = [
      bin.path, Sandbox.binary.deletingLastPathComponent().path, "/usr/bin:/bin",
    ]
    .joined(separator: ":")
    environment["MAIL_LOG"] = mailLog.path
    let cron = { (today: String) throws -> (result: ProcessResult, mailed: String?) in
      try? FileManager.default.removeItem(at: mailLog)
      environment["COINTRACK_TODAY"] = today
      let result = try Sandbox.run(
        URL(fileURLWithPath: "/bin/sh"), ["-c", command], environment: environment)
      return (result, try? String(contentsOf: mailLog, encoding: .utf8))
    }

    #expect(try sandbox.run(["alerts", "add", "btc", "--below", "80000"]).status == 0)
    let quiet = try cron("2026-05-12")
    #expect(quiet.mailed == nil)
    #expect(quiet.result.status == 0)
    let fired = try cron("2026-05-13")
    #expect(
      fired.mailed
        == "-s|cointrack: an alert fired|you@example.com|\n"
        + "id,symbol,condition,threshold,days,price,date,reference_price,reference_date,"
        + "change_percent,currency,source,coin_id\r\n"
        + "1,BTC,below,80000,,79313.61,2026-05-13,,,,USDT,offline,bitcoin\r\n")
    // Still below: it fired already, so no second mail.
    #expect(try cron("2026-05-13").mailed == nil)
    // An error is no firing: no mail, and the message goes to cron on stderr.
    try sandbox.writeState("{")
    let broken = try cron("2026-05-13")
    #expect(broken.mailed == nil)
    #expect(broken.result.standardError.hasPrefix("cointrack: the state file "))
  }
}
