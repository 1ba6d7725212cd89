import CoinTrackTestSupport
import Foundation
import Testing

/// The README's recipes run as written: each crontab line under the environment cron gives a
/// job (`env -i` with HOME and cron's PATH, `/bin/sh -c`), with cointrack installed where the
/// README installs it and `mail` a stand-in that records what it is asked to send; the systemd
/// units pass `systemd-analyze verify`.
@Suite struct RecipeTests {
  /// The README's lines of the block fenced as `crontab`.
  static func crontabLines() throws -> [String] {
    let readme = try String(contentsOf: ReadmeExampleTests.readme, encoding: .utf8)
    let open = try #require(readme.range(of: "```crontab\n"))
    let close = try #require(readme.range(of: "```\n", range: open.upperBound..<readme.endIndex))
    return readme[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
  }

  /// The command of the crontab line whose command contains `word`, without its five times.
  static func job(containing word: String) throws -> String {
    let line = try #require(try crontabLines().first { $0.contains(word) })
    let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
    return String(try #require(fields.last))
  }

  @Test func theLinesAreWhatCronTakesAsWritten() throws {
    let lines = try Self.crontabLines()
    #expect(lines.count == 3)
    for line in lines {
      // cron turns an unescaped % into a line break of the job's stdin.
      #expect(!line.contains("%"), "\(line)")
      #expect(!line.contains("\r"))
      #expect(line.split(separator: " ").count > 5)
    }
  }

  /// A home with cointrack at ~/.local/bin, a `mail` beside it that appends its arguments and
  /// stdin to ~/mail.log, and the loopback API for `sync`.
  struct CronHome {
    let sandbox: Sandbox
    let api: FakePriceAPI

    init() throws {
      sandbox = try Sandbox()
      api = try FakePriceAPI(SyncTests.closes.keys.map { SyncTests.route($0) })
      let bin = sandbox.home.appendingPathComponent(".local/bin")
      try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
      try Sandbox.installBinary(at: bin.appendingPathComponent("cointrack"))
      try Sandbox.installScript(
        #"""
        #!/bin/sh
        { printf '%s|' "$@"; printf '\n'; cat; printf '=====\n'; } >> "$HOME/mail.log"
        """#, at: bin.appendingPathComponent("mail"))
    }

    /// Runs `job` as cron would: only HOME and cron's PATH, and the two variables a test needs
    /// (today, and the loopback API in place of Binance); the state is the default one, under
    /// ~/.local/share.
    func cron(_ job: String) throws -> ProcessResult {
      try Sandbox.run(
        URL(fileURLWithPath: "/usr/bin/env"),
        [
          "-i", "HOME=\(sandbox.home.path)", "PATH=/usr/bin:/bin",
          "COINTRACK_TODAY=\(SyncTests.today)", "COINTRACK_BINANCE_URL=\(api.baseURL)",
          "/bin/sh", "-c", job,
        ],
        environment: [:])
    }

    /// Runs cointrack in the same home outside cron, to set things up.
    func cointrack(_ arguments: [String]) throws -> ProcessResult {
      try Sandbox.run(
        sandbox.home.appendingPathComponent(".local/bin/cointrack"), arguments,
        environment: [
          "HOME": sandbox.home.path, "PATH": "/usr/bin:/bin", "COINTRACK_TODAY": SyncTests.today,
        ])
    }

    var mailed: String? {
      try? String(contentsOf: sandbox.home.appendingPathComponent("mail.log"), encoding: .utf8)
    }

    func file(_ path: String) -> String? {
      try? String(contentsOf: sandbox.home.appendingPathComponent(path), encoding: .utf8)
    }
  }

  @Test func theSyncLineFetchesTheClosedDaysAndLogsItsRecords() throws {
    let home = try CronHome()
    let run = try home.cron(try Self.job(containing: "cointrack sync"))
    #expect(run.status == 0, "\(run.standardError)")
    // A good run writes nothing cron would mail.
    #expect(run.standardOutput == "")
    #expect(run.standardError == "")
    #expect(
      home.file(".local/share/cointrack/history/bitcoin.csv")?.hasSuffix(
        "2026-05-24,BTC,79001.3,USDT,binance\n") == true)
    let log = try #require(home.file(".local/state/cointrack/sync.jsonl"))
    #expect(log.split(separator: "\n").count == 5)
    #expect(log.contains(#""symbol":"BTC""#))
  }

  @Test func theDailyMailRunsAfterTheSyncAndSendsYesterdaysValue() throws {
    let home = try CronHome()
    #expect(
      try home.cointrack([
        "portfolio", "buy", "btc", "0.5", "--price", "60000", "--date", "2026-05-01",
      ])
      .status == 0)
    #expect(try home.cron(try Self.job(containing: "cointrack sync")).status == 0)
    let run = try home.cron(try Self.job(containing: "portfolio history"))
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardError == "")
    // Yesterday (2026-05-24) is valued at the synced close: 0.5 × 79001.3.
    #expect(
      home.mailed
        == "-s|cointrack: yesterday's portfolio|you@example.com|\n"
        + "date,value,cost,unrealised,unrealised_percent,realised,currency,coins,priced\r\n"
        + "2026-05-24,39500.65,30000.00,9500.65,31.67,0.00,USDT,1,true\r\n=====\n")
  }

  @Test func theAlertsLineMailsOnlyWhenAnAlertFired() throws {
    let home = try CronHome()
    let job = try Self.job(containing: "alerts check")
    // No alert: nothing mailed, a good exit.
    let none = try home.cron(job)
    #expect(none.status == 0, "\(none.standardError)")
    #expect(home.mailed == nil)
    #expect(try home.cointrack(["alerts", "add", "btc", "--below", "80000"]).status == 0)
    #expect(try home.cron(try Self.job(containing: "cointrack sync")).status == 0)
    let fired = try home.cron(job)
    #expect(fired.status == 0)
    #expect(
      home.mailed
        == "-s|cointrack: an alert fired|you@example.com|\n"
        + "id,symbol,condition,threshold,days,price,date,reference_price,reference_date,"
        + "change_percent,currency,source,coin_id\r\n"
        + "1,BTC,below,80000,,79001.3,2026-05-24,,,,USDT,binance,bitcoin\r\n=====\n")
    // Still below: it fired already, so no second mail.
    #expect(try home.cron(job).status == 0)
    #expect(home.mailed?.components(separatedBy: "=====").count == 2)
  }

  /// The README's units, named by the line before each ```ini block.
  static func systemdUnits() throws -> [(name: String, text: String)] {
    let readme = try String(contentsOf: ReadmeExampleTests.readme, encoding: .utf8)
    var units: [(String, String)] = []
    var rest = readme[...]
    while let open = rest.range(of: "```ini\n") {
      let before = rest[..<open.lowerBound]
      let name = try #require(
        before.split(separator: "`").last { $0.hasSuffix(".service") || $0.hasSuffix(".timer") })
      let close = try #require(rest.range(of: "```\n", range: open.upperBound..<rest.endIndex))
      let file = String(name.split(separator: "/").last ?? name)
      units.append((file, String(rest[open.upperBound..<close.lowerBound])))
      rest = rest[close.upperBound...]
    }
    return units
  }

  @Test func theSystemdUnitsPassSystemdAnalyzeVerify() throws {
    let units = try Self.systemdUnits()
    #expect(units.map(\.name) == ["cointrack-sync.service", "cointrack-sync.timer"])
    let analyze = try ExternalTool.require(
      "systemd-analyze", installHint: "install it with 'apt-get install -y systemd'")
    let home = try CronHome()
    let folder = home.sandbox.root.appendingPathComponent("units")
    let runtime = home.sandbox.root.appendingPathComponent("runtime")
    for path in [folder, runtime] {
      try FileManager.default.createDirectory(at: path, withIntermediateDirectories: true)
    }
    for unit in units {
      try unit.text.write(
        to: folder.appendingPathComponent(unit.name), atomically: true, encoding: .utf8)
    }
    let result = try Sandbox.run(
      analyze, ["verify", "--user"] + units.map { folder.appendingPathComponent($0.name).path },
      environment: [
        "HOME": home.sandbox.home.path, "XDG_RUNTIME_DIR": runtime.path, "PATH": "/usr/bin:/bin",
      ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardError == "")
    // The timer runs after midnight UTC, when the day before is closed.
    #expect(units[1].text.contains("OnCalendar=*-*-* 00:45:00 UTC"))
  }
}
