import Foundation
import Testing

@testable import CoinTrackCLI
@testable import CoinTrackCore

/// Each record kind's fields are declared once, with their values: the header, the JSON keys,
/// the table's columns, help's field lists and the names --fields takes are all that list.
@Suite struct RecordFieldTests {
  static let alert = Alert(
    id: 2, coin: Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: "bitcoin"),
    condition: .below(Price(decimalText: "60000")!), currency: "USDT")

  /// Records of `kind`, made by the function its command calls, with one record at least.
  static func records(of kind: RecordKind) -> RecordSet {
    let day = Day(iso: "2026-01-05")!
    let row = PriceRow(
      day: day, symbol: "BTC", price: Price(decimalText: "42.5"), currency: "USDT",
      source: "offline")
    let coins = [TrackedCoin(id: 3, coin: Coin(symbol: "BTC", name: "Bitcoin", coingeckoID: nil))]
    switch kind {
    case .coinListing: return .coinListings(coins, latestPrices: LatestPrices([row]))
    case .trackedCoin: return .trackedCoins(coins)
    case .catalogueEntry:
      return .catalogue([Catalogue.Entry(coin: coins[0].coin, held: DayRange(from: day, to: day))])
    case .priceRow: return .priceRows(PriceRows([row]))
    case .priceStatistics:
      return .priceStatistics(
        PriceStatistics(symbol: "BTC", currency: "USDT", source: "offline", rows: PriceRows([row])))
    case .profile: return .profile(Profile(username: "alice"))
    case .syncOutcome:
      return .syncOutcomes([
        SyncOutcome(
          symbol: "BTC", coinID: "bitcoin", source: "binance",
          added: [
            HistoryRow(
              day: day, symbol: "BTC", price: Price(decimalText: "42.5")!, currency: "USDT",
              source: "binance")
          ], status: .added)
      ])
    case .alert: return .alerts([alert])
    case .alertReading:
      return .alertReadings([
        AlertReading(alert: alert, latest: row, reference: nil, holds: true)
      ])
    case .trade:
      return .trades([
        Trade(
          id: 1, day: day, side: .buy, coin: alert.coin, quantity: Price(decimalText: "0.5")!,
          price: Price(decimalText: "42.5")!, fee: Price(decimalText: "0")!, currency: "USDT")
      ])
    case .holding:
      let row = HoldingRow(
        coin: alert.coin, quantity: Price(decimalText: "0.5"), cost: Price(decimalText: "20")!,
        averageCost: Price(decimalText: "40"), price: row, value: Price(decimalText: "21.25"),
        unrealised: Price(decimalText: "1.25"), unrealisedPercent: Price(decimalText: "6.25"),
        realised: Price(decimalText: "0")!, currency: "USDT")
      return .holdings(
        PortfolioValuation(day: day, method: .fifo, holdings: [row], totals: [row]))
    case .portfolioDay:
      let totals = ValuedAmounts(
        currencyNumber: 0, cost: ExactDecimal(20), value: .zero, isPriced: false,
        realised: ExactDecimal(0))
      return .portfolioDays(
        PortfolioHistory(
          method: .fifo,
          days: [
            PortfolioDay(
              day: day, coinsHeld: 1, totals: totals, currencies: ["USDT"], currencyNumber: 0)
          ],
          gaps: []))
    case .gain:
      let money = Price(decimalText: "20")!
      return .gains(
        GainsReport(
          method: .fifo,
          rows: [
            GainRow(
              saleID: 2, saleDay: day, coin: alert.coin, quantity: Price(decimalText: "0.5")!,
              lotID: 1, acquired: day, daysHeld: 0, isLongTerm: false, proceeds: money,
              cost: money, gain: Price(decimalText: "0")!, currency: "USDT")
          ],
          totals: [
            GainTotal(
              currency: "USDT", isLongTerm: nil, proceeds: money, cost: money,
              gain: Price(decimalText: "0")!)
          ]))
    case .income:
      let money = Price(decimalText: "21.25")!
      return .income(
        IncomeReport(
          rows: [
            IncomeRow(
              tradeID: 1, day: day, coin: alert.coin, kind: .staking,
              quantity: Price(decimalText: "0.5")!, close: Price(decimalText: "42.5")!,
              value: money, currency: "USDT")
          ],
          totals: [IncomeTotal(currency: "USDT", kind: .staking, value: money)]))
    }
  }

  /// The command line that prints records of `kind`, and the heading of its help's field list.
  static func command(of kind: RecordKind) -> (arguments: [String], fieldsHeading: String) {
    switch kind {
    case .coinListing: return (["coins", "list"], "Fields (for --fields):")
    case .trackedCoin: return (["coins", "add", "ada"], "Fields (for --fields):")
    case .catalogueEntry: return (["coins", "available"], "Fields (for --fields):")
    case .priceRow: return (["prices", "btc"], "Fields (for --fields):")
    case .priceStatistics: return (["prices", "btc", "--stats"], "Fields with --stats:")
    case .profile: return (["profile", "show"], "Fields (for --fields):")
    // On the snapshot's last day every coin is current, so the run asks no source.
    case .syncOutcome: return (["sync", "--today=2026-05-20"], "Fields (for --fields):")
    case .alert: return (["alerts", "list"], "Fields (for --fields):")
    case .alertReading: return (["alerts", "check"], "Fields (for --fields):")
    case .trade: return (["portfolio", "trades"], "Fields (for --fields):")
    case .holding: return (["portfolio", "show"], "Fields (for --fields):")
    case .portfolioDay: return (["portfolio", "history"], "Fields (for --fields):")
    case .gain: return (["portfolio", "gains"], "Fields (for --fields):")
    case .income: return (["portfolio", "earnings"], "Fields (for --fields):")
    }
  }

  @Test(arguments: RecordKind.allCases)
  func recordsCarryTheDeclaredFields(_ kind: RecordKind) {
    let records = Self.records(of: kind)
    #expect(records.fields == kind.fields)
    #expect(records.isSingleRecord == kind.isSingleRecord)
    #expect(records.records.allSatisfy { $0.count == kind.fields.count })
  }

  @Test(arguments: RecordKind.allCases)
  func headerIsTheDeclaredNamesInOrder(_ kind: RecordKind) throws {
    let names = kind.fields.map(\.key)
    let csv = RecordFormat.csv.render(Self.records(of: kind))
    #expect(csv.prefix { $0 != "\r\n" } == names.joined(separator: ","))
    let table = RecordFormat.table.render(Self.records(of: kind).forTables)
    let titles = try #require(table.split(separator: "\n").first)
      .split(separator: "  ", omittingEmptySubsequences: true)
      .map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(titles == kind.fields.filter(\.isShownInTables).map(\.title))
  }

  @Test(arguments: RecordKind.allCases)
  func jsonKeysAreTheDeclaredNamesInOrder(_ kind: RecordKind) throws {
    let document = try JSONParser.parse(RecordFormat.json.render(Self.records(of: kind)))
    let object: JSONValue
    if case .array(let objects) = document {
      object = try #require(objects.first)
    } else {
      object = document
    }
    guard case .object(let members) = object else {
      Issue.record("\(kind) renders \(object.kind), not an object")
      return
    }
    #expect(members.map(\.key) == kind.fields.map(\.key))
  }

  @Test(arguments: RecordKind.allCases)
  func helpListsTheDeclaredNamesInOrder(_ kind: RecordKind) throws {
    let (arguments, heading) = Self.command(of: kind)
    let words = arguments.filter { !$0.hasPrefix("-") && $0 != "ada" && $0 != "btc" }
    let help = try TemporaryHome().run(words + ["--help"])
    #expect(help.status == 0)
    #expect(Self.fieldList(under: heading, in: help.standardOutput) == kind.fields.map(\.key))
  }

  @Test(arguments: RecordKind.allCases)
  func fieldsTakesTheDeclaredNamesAndNoOther(_ kind: RecordKind) throws {
    let home = try TemporaryHome()
    let names = kind.fields.map(\.key)
    let reversed = home.run(
      Self.command(of: kind).arguments + ["--fields", names.reversed().joined(separator: ",")])
    #expect(reversed.status == 0, "\(reversed.standardError)")
    let refused = home.run(Self.command(of: kind).arguments + ["--fields", "bogus"])
    #expect(refused.status == 64)
    #expect(refused.standardError.contains("choose from " + names.joined(separator: ", ") + "."))
  }

  @Test func fieldsSuggestsACloseName() throws {
    let refused = try TemporaryHome().run(["prices", "btc", "--fields", "date,prcie"])
    #expect(refused.status == 64)
    #expect(
      refused.standardError.hasPrefix(
        "cointrack: 'cointrack prices' has no field 'prcie'; did you mean 'price'? Choose from "
          + RecordKind.priceRow.fields.map(\.key).joined(separator: ", ") + ".\n"))
  }

  /// The commands the README's table of fields names for `kind`.
  static func readmeCommands(of kind: RecordKind) -> String {
    switch kind {
    case .coinListing: return "`coins list`"
    case .trackedCoin: return "`coins add`, `coins remove`"
    case .catalogueEntry: return "`coins available`"
    case .priceRow: return "`prices`"
    case .priceStatistics: return "`prices --stats`"
    case .profile: return "`profile show`, `profile set`"
    case .syncOutcome: return "`sync`"
    case .alert: return "`alerts add`, `alerts list`, `alerts remove`"
    case .alertReading: return "`alerts check`"
    case .trade:
      return "`portfolio buy`, `portfolio sell`, `portfolio trades`, `portfolio remove`"
    case .holding: return "`portfolio show`"
    case .portfolioDay: return "`portfolio history`"
    case .gain: return "`portfolio gains`"
    case .income: return "`portfolio earnings`"
    }
  }

  /// The README is written by hand, so a field added to a kind must be added to its table too.
  @Test(arguments: RecordKind.allCases)
  func readmeListsTheDeclaredNamesInOrder(_ kind: RecordKind) throws {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
          "README.md"),
      encoding: .utf8)
    let row =
      "| \(Self.readmeCommands(of: kind)) | "
      + kind.fields.map { "`\($0.key)`" }.joined(separator: ", ") + " |\n"
    #expect(readme.contains(row), "README.md lacks the row \(row)")
  }

  /// The names listed under `heading`, a comma-separated list wrapped over indented lines.
  static func fieldList(under heading: String, in help: String) -> [String] {
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(where: { $0 == heading }) else { return [] }
    let listed = lines[(start + 1)...].prefix { $0.hasPrefix(" ") }
    return listed.joined(separator: " ").split(separator: ",")
      .map { $0.trimmingCharacters(in: .whitespaces) }
  }
}
