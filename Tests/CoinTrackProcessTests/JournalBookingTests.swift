import CoinTrackTestSupport
import Foundation
import Testing

/// The journals with lots, booked by the real tools over 200 seeded random trade sequences
/// (several coins, fees, same-day trades, sell-outs, 18-decimal quantities, gains of 1e10 and
/// more, income of each kind, transfers, and sales whose fee is their whole proceeds, as a
/// transfer's fee in coin is): for FIFO, LIFO and HIFO, bean-check accepts every export;
/// beancount's own booking (bean-query) holds per coin the quantity and the cost `portfolio show`
/// holds, its gains account per coin and in all the gain `show` realised, and its income
/// accounts the value `portfolio earnings` totals; `ledger bal` and `hledger bal` hold the
/// quantities, the realised total and the income.
///
/// Each sequence is its own portfolio, exported under its own accounts (`Assets:S17:Crypto`,
/// `Income:S17:Gains`), and the exports of all 200 are one journal per tool run. The numbers
/// are compared with Foundation's `Decimal`, not cointrack's arithmetic: exactly for
/// quantities, and within half a unit of the last decimal `show` rounds money to (beancount
/// divides a lot's total cost by its units with 28 digits).
@Suite struct JournalBookingTests {
  static let sequenceCount = 200
  static let coins = ["BTC", "ETH", "ADA", "SOL", "XRP", "DOGE"]
  /// The most coins a sequence trades.
  static let mostCoins = 3
  /// After every trade: what `portfolio show` is asked about.
  static let shownDay = "2025-06-30"
  static let incomeSides = ["staking", "airdrop", "interest"]

  /// One sequence of trades as a trade file, the quantities held checked as it goes so that
  /// no sale sells more than is held.
  static func sequence(_ index: Int) -> String {
    var random = SeededGenerator(seed: 2700 + UInt64(index))
    let large = index % 10 == 9
    let picked = coins.shuffled(using: &random).prefix(
      2 + Int(random.next(below: UInt64(mostCoins - 1))))
    var held: [String: Decimal] = [:]
    var day = Calendar.gregorian.date(from: DateComponents(year: 2024, month: 1, day: 1))!
    var lines = ["date,side,coin,quantity,price,fee,currency"]
    for _ in 0..<(5 + Int(random.next(below: 10))) {
      // A third of the trades on the day of the one before.
      if random.next(below: 3) != 0 { day += Double(1 + random.next(below: 20)) * 86_400 }
      let coin = picked[Int(random.next(below: UInt64(picked.count)))]
      let holding = held[coin] ?? 0
      let price: String
      if large {
        // Whole units at 1e8 and more: a sale can gain 1e10 and more.
        price = "\(100_000_000 + random.next(below: 800_000_000)).\(random.next(below: 100))"
      } else {
        price =
          random.next(below: 12) == 0
          ? "0" : "\(random.next(below: 5000)).\(random.next(below: 100))"
      }
      var fee =
        random.next(below: 3) == 0 ? "0" : "\(random.next(below: 20)).\(random.next(below: 1000))"
      var side = "buy"
      var quantity: Decimal
      let draw = random.next(below: 10)
      if draw == 0 {
        // A transfer: no price, no fee, and no check against what is held.
        let quantity = Decimal(1 + random.next(below: 1000)) / 100
        lines.append("\(Self.iso(day)),transfer,\(coin),\(quantity),0,0,USDT")
        continue
      }
      if draw == 1 {
        side = Self.incomeSides[Int(random.next(below: 3))]
        fee = "0"
      }
      if draw > 1 && holding > 0 && random.next(below: 5) < 2 {
        side = "sell"
        if random.next(below: 3) == 0 {
          quantity = holding
        } else {
          var part = holding * Decimal(1 + random.next(below: 7)) / 8
          var rounded = Decimal()
          NSDecimalRound(&rounded, &part, 18, .down)
          quantity = rounded > 0 ? rounded : holding
        }
        held[coin] = holding - quantity
        if random.next(below: 4) == 0 {
          // A transfer's fee in coin: its whole proceeds are the fee.
          fee = "\(quantity * Self.decimal(price))"
        }
      } else {
        if large {
          quantity = Decimal(1 + random.next(below: 1000))
        } else {
          let digits = (0..<18).map { _ in String(random.next(below: 10)) }.joined()
          quantity = Decimal(string: "\(random.next(below: 10)).\(digits)", locale: .posix)!
          if quantity == 0 { quantity = 1 }
        }
        held[coin] = holding + quantity
      }
      lines.append(
        "\(Self.iso(day)),\(side),\(coin),\(quantity),\(price),\(fee),USDT")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func iso(_ date: Date) -> String {
    let parts = Calendar.gregorian.dateComponents([.year, .month, .day], from: date)
    return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
  }

  /// What `portfolio show` holds of one sequence: per coin its quantity, cost and realised
  /// gain, as printed, and the realised total.
  struct Shown {
    var coins: [String: (quantity: String, cost: String, realised: String)] = [:]
    var realised = "0"
    /// The income's value, as `portfolio earnings` totals it: the sum of its TOTAL rows.
    var income: Decimal = 0
  }

  /// The 200 sequences' exports in each journal format by `method`, under each sequence's own
  /// accounts, and what `show` holds of each.
  static func exports(method: String) throws -> (
    sandbox: Sandbox, journals: [String: [String]], shown: [Shown]
  ) {
    let sandbox = try Sandbox()
    var journals: [String: [String]] = [:]
    var shown: [Shown] = []
    for index in 0..<sequenceCount {
      try? FileManager.default.removeItem(at: sandbox.stateFile)
      try? FileManager.default.removeItem(at: sandbox.tradesFile)
      let file = try PortfolioFileTests.file(sandbox, "s.csv", sequence(index))
      let imported = try sandbox.run(["portfolio", "import", file])
      try #require(imported.status == 0, "sequence \(index): \(imported.standardError)")
      let show = try sandbox.run([
        "portfolio", "show", "--date", shownDay, "--method", method, "--format", "csv",
        "--no-header", "--fields", "symbol,quantity,cost,realised",
      ])
      try #require(show.status == 0, "sequence \(index): \(show.standardError)")
      var held = Shown()
      for line in show.standardOutput.split(separator: "\r\n") {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
        if fields[0] == "TOTAL" {
          held.realised = fields[3]
        } else {
          held.coins[fields[0]] = (fields[1], fields[2], fields[3])
        }
      }
      let earnings = try sandbox.run([
        "portfolio", "earnings", "--to", shownDay, "--format", "csv", "--no-header", "--fields",
        "symbol,value",
      ])
      try #require(earnings.status == 0, "sequence \(index): \(earnings.standardError)")
      for line in earnings.standardOutput.split(separator: "\r\n") where line.hasPrefix("TOTAL,") {
        held.income += decimal(line.split(separator: ",")[1])
      }
      shown.append(held)
      for format in ["beancount", "ledger", "hledger"] {
        let exported = try sandbox.run([
          "portfolio", "export", "--format", format, "--method", method,
          "--assets-account", "Assets:S\(index):Crypto", "--cash-account", "Assets:S\(index):Cash",
          "--income-account", "Income:S\(index):Gains", "--staking-account",
          "Income:S\(index):Staking", "--airdrop-account", "Income:S\(index):Airdrop",
          "--interest-account", "Income:S\(index):Interest",
        ])
        try #require(exported.status == 0, "sequence \(index): \(exported.standardError)")
        journals[format, default: []].append(exported.standardOutput)
      }
    }
    return (sandbox, journals, shown)
  }

  /// The beancount exports as one journal: each currency's tolerance option once, the
  /// largest any export asked for.
  static func beancountJournal(_ exports: [String]) -> String {
    var tolerances: [String: Decimal] = [:]
    var body = ""
    for export in exports {
      for line in export.split(separator: "\n", omittingEmptySubsequences: false) {
        guard line.hasPrefix("option \"inferred_tolerance_default\" ") else {
          body += line + "\n"
          continue
        }
        let setting = line.split(separator: "\"")[3].split(separator: ":")
        let tolerance = Decimal(string: String(setting[1]), locale: .posix)!
        tolerances[String(setting[0])] = max(tolerances[String(setting[0])] ?? 0, tolerance)
      }
    }
    return tolerances.map { "option \"inferred_tolerance_default\" \"\($0.key):\($0.value)\"\n" }
      .joined() + body
  }

  static func decimal(_ text: some StringProtocol) -> Decimal {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    return trimmed.isEmpty ? 0 : Decimal(string: trimmed, locale: .posix)!
  }

  /// Whether `booked` is `shown` but for the rounding `show` applies to its last decimal, of
  /// each of `roundings` numbers (the TOTAL row sums each coin's rounded money).
  static func near(_ booked: Decimal, _ shown: String, roundings: Int = 1) -> Bool {
    let decimals = roundings == 1 ? shown.split(separator: ".").dropFirst().first?.count ?? 0 : 2
    let halfUnit =
      Decimal(roundings * 5) * Decimal(sign: .plus, exponent: -decimals - 1, significand: 1)
    let difference = booked - decimal(shown)
    return (difference < 0 ? -difference : difference) <= halfUnit + Decimal(string: "1e-12")!
  }

  /// The sequence of an account `Assets:S17:Crypto` or `Income:S17:Gains`.
  static func sequenceIndex(_ account: some StringProtocol) -> Int {
    Int(account.split(separator: ":")[1].dropFirst())!
  }

  /// bean-check, bean-query (from the virtual environment .ci/run makes, or PATH) and ledger.
  static func tools() throws -> (beanCheck: URL, beanQuery: URL, ledger: URL) {
    let bin = ExternalTool.beancountVirtualEnvironment.appendingPathComponent("bin")
    return (
      try ExternalTool.require(
        "bean-check", extraDirectories: [bin], installHint: "pip install beancount"),
      try ExternalTool.require(
        "bean-query", extraDirectories: [bin], installHint: "pip install beanquery"),
      try ExternalTool.require("ledger", installHint: "apt-get install ledger")
    )
  }

  @Test(arguments: ["fifo", "lifo", "hifo"])
  func beancountLedgerAndHledgerBookWhatShowHolds(_ method: String) throws {
    let (beanCheck, beanQuery, ledger) = try Self.tools()
    let hledger = try ExternalTool.require("hledger", installHint: "apt-get install hledger")
    let (sandbox, journals, shown) = try Self.exports(method: method)
    let environment = sandbox.environment

    let beancount = try PortfolioFileTests.file(
      sandbox, "all.beancount", Self.beancountJournal(journals["beancount"]!))
    let checked = try ExternalTool.run(beanCheck, [beancount], environment: environment)
    #expect(checked.status == 0, "\(checked.standardError)\(checked.standardOutput)")

    // Quantity and cost per sequence and coin, as beancount booked the lots.
    let held = try ExternalTool.run(
      beanQuery,
      [
        "-f", "csv", beancount,
        "SELECT account, currency, sum(number), sum(number * cost_number) "
          + "WHERE account ~ '^Assets:S[0-9]+:Crypto$' GROUP BY account, currency",
      ], environment: environment)
    #expect(held.status == 0, "\(held.standardError)")
    var heldCoins = 0
    for line in held.standardOutput.split(whereSeparator: \.isNewline).dropFirst() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      let index = Self.sequenceIndex(fields[0])
      let coin = String(fields[1])
      let (quantity, cost) = (Self.decimal(fields[2]), Self.decimal(fields[3]))
      guard let row = shown[index].coins[coin] else {
        // Sold out: beancount's 28-digit division may leave a cost of -1E-24.
        #expect(quantity == 0 && Self.near(cost, "0.00"), "sequence \(index) \(coin): \(line)")
        continue
      }
      heldCoins += 1
      #expect(quantity == Self.decimal(row.quantity), "sequence \(index) \(coin): \(line)")
      #expect(Self.near(cost, row.cost), "sequence \(index) \(coin): \(line), shown \(row)")
    }
    #expect(heldCoins == shown.map(\.coins.count).reduce(0, +))

    // The gain per sequence and coin: the coin is in each sale's narration.
    let gains = try ExternalTool.run(
      beanQuery,
      [
        "-f", "csv", beancount,
        "SELECT account, grep('[^ ]+ [(]trade', narration), sum(number) "
          + "WHERE account ~ '^Income:S[0-9]+:Gains$' GROUP BY 1, 2",
      ], environment: environment)
    #expect(gains.status == 0, "\(gains.standardError)")
    var realised = [Decimal](repeating: 0, count: shown.count)
    for line in gains.standardOutput.split(whereSeparator: \.isNewline).dropFirst() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      let index = Self.sequenceIndex(fields[0])
      let coin = String(fields[1].split(separator: " ")[0])
      let gain = -Self.decimal(fields[2])
      realised[index] += gain
      if let row = shown[index].coins[coin] {
        #expect(Self.near(gain, row.realised), "sequence \(index) \(coin): \(line), \(row)")
      }
    }
    for (index, held) in shown.enumerated() {
      #expect(
        Self.near(realised[index], held.realised, roundings: Self.mostCoins), "sequence \(index)")
    }

    // The income per sequence: its three accounts together, against `earnings`' totals.
    let income = try ExternalTool.run(
      beanQuery,
      [
        "-f", "csv", beancount,
        "SELECT account, sum(number) WHERE account ~ '^Income:S[0-9]+:(Staking|Airdrop|Interest)$' "
          + "GROUP BY 1",
      ], environment: environment)
    #expect(income.status == 0, "\(income.standardError)")
    var received = [Decimal](repeating: 0, count: shown.count)
    for line in income.standardOutput.split(whereSeparator: \.isNewline).dropFirst() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      received[Self.sequenceIndex(fields[0])] -= Self.decimal(fields[1])
    }
    for (index, held) in shown.enumerated() {
      #expect(Self.near(received[index], "\(held.income)", roundings: 1), "sequence \(index)")
    }
    #expect(shown.contains { $0.income > 0 })

    // ledger and hledger: the quantities per sequence and coin, and the realised total.
    let ledgerFile = try PortfolioFileTests.file(
      sandbox, "all.ledger", journals["ledger"]!.joined())
    let ledgerBalance = try ExternalTool.run(
      ledger,
      [
        "-f", ledgerFile, "balance", "--flat", "--no-total", "--balance-format",
        "%(account)\t%(scrub(display_total))\n",
      ], environment: environment)
    #expect(ledgerBalance.status == 0, "\(ledgerBalance.standardError)")
    var ledgerRows: [(String, String, String)] = []
    var account = ""
    for line in ledgerBalance.standardOutput.split(separator: "\n") {
      let parts = line.split(separator: "\t")
      if parts.count == 2 { account = String(parts[0]) }
      let amount = parts.last!.split(separator: " ")
      ledgerRows.append((account, String(amount[1]), String(amount[0])))
    }
    let hledgerFile = try PortfolioFileTests.file(
      sandbox, "all.journal", journals["hledger"]!.joined())
    let hledgerBalance = try ExternalTool.run(
      hledger, ["-f", hledgerFile, "balance", "--layout", "bare", "-O", "csv", "--no-total"],
      environment: environment)
    #expect(hledgerBalance.status == 0, "\(hledgerBalance.standardError)")
    let hledgerRows = hledgerBalance.standardOutput.split(whereSeparator: \.isNewline).dropFirst()
      .map {
        let fields = $0.split(separator: ",").map { $0.trimmingCharacters(in: ["\""]) }
        return (fields[0], fields[1], fields[2])
      }
    for (tool, rows) in [("ledger", ledgerRows), ("hledger", hledgerRows)] {
      var coins = 0
      var received = [Decimal](repeating: 0, count: shown.count)
      for (account, commodity, amount) in rows where !account.hasSuffix(":Cash") {
        let index = Self.sequenceIndex(account)
        if account.hasSuffix(":Gains") {
          #expect(
            Self.near(-Self.decimal(amount), shown[index].realised, roundings: Self.mostCoins),
            "\(tool) \(account)")
        } else if account.hasPrefix("Income:") {
          received[index] -= Self.decimal(amount)
        } else if let row = shown[index].coins[commodity] {
          coins += 1
          #expect(Self.decimal(amount) == Self.decimal(row.quantity), "\(tool) \(account)")
        } else {
          #expect(Self.decimal(amount) == 0, "\(tool) \(account) \(commodity)")
        }
      }
      #expect(coins == shown.map(\.coins.count).reduce(0, +), "\(tool)")
      for (index, held) in shown.enumerated() {
        #expect(Self.near(received[index], "\(held.income)"), "\(tool) sequence \(index)")
      }
    }
  }
}

/// The cases, worked by hand and booked by the real tools: buys whose per-unit cost has
/// no end (3 ETH for 2500 and a fee of 1: 7501) or is an integer (3 BTC for 1 and a fee of 1:
/// 4), which bean-check refused; two same-day buys at an equal cost, which beancount merged
/// into one lot; and a gain over 1e10, which crashed bean-check.
@Suite struct JournalHandWorkedTests {
  static let trades = [
    ["buy", "eth", "3", "--price", "2500", "--fee", "1", "--date", "2024-01-02"],
    ["buy", "eth", "3", "--price", "2500", "--fee", "1", "--date", "2024-01-02"],
    ["sell", "eth", "4", "--price", "3000", "--fee", "1", "--date", "2024-01-03"],
    ["buy", "btc", "3", "--price", "1", "--fee", "1", "--date", "2024-01-04"],
    ["buy", "btc", "3", "--price", "1000", "--fee", "1", "--date", "2024-01-05"],
    ["sell", "btc", "1", "--price", "20000000000", "--date", "2024-01-06"],
  ]

  /// (method, each lot left: coin, label, quantity, cost; beancount's income balance, with 28
  /// digits; ledger's, exact). Both methods sell 4 ETH of two 3-ETH lots of 7501 for
  /// 11999: 3 whole and a third of the other (2500.33333333333333333333), a gain of
  /// 1997.66666666666666666667, leaving 2 ETH at 5000.66666666666666666667 in trade 2 (FIFO) or
  /// trade 1 (LIFO). FIFO sells 1 BTC of trade 4 (cost 4/3), a gain of
  /// 19999999998.66666666666666666667; LIFO 1 of trade 5 (3001/3), 19999998999.66666666666666666667.
  static let cases: [(String, [(String, String, String, String)], String, String)] = [
    (
      "fifo",
      [
        ("ETH", "trade 1", "0", "0"), ("ETH", "trade 2", "2", "5000.66666666666666666667"),
        ("BTC", "trade 4", "2", "2.66666666666666666667"), ("BTC", "trade 5", "3", "3001"),
      ],
      "-20000001996.33333333333333334", "-20000001996.33333333333333333334"
    ),
    (
      "lifo",
      [
        ("ETH", "trade 1", "2", "5000.66666666666666666667"), ("ETH", "trade 2", "0", "0"),
        ("BTC", "trade 4", "3", "4"), ("BTC", "trade 5", "2", "2000.66666666666666666667"),
      ],
      "-20000000997.33333333333333334", "-20000000997.33333333333333333334"
    ),
  ]

  @Test(arguments: 0..<cases.count)
  func beancountAndLedgerBookTheLotsAndGainsWorkedByHand(_ index: Int) throws {
    let (method, lots, beancountIncome, ledgerIncome) = Self.cases[index]
    let (beanCheck, beanQuery, ledger) = try JournalBookingTests.tools()
    let sandbox = try Sandbox()
    for trade in Self.trades {
      let recorded = try sandbox.run(["portfolio"] + trade)
      try #require(recorded.status == 0, "\(recorded.standardError)")
    }
    let export = try sandbox.run([
      "portfolio", "export", "--format", "beancount", "--method", method,
    ])
    try #require(export.status == 0, "\(export.standardError)")
    let beancount = try PortfolioFileTests.file(sandbox, "hand.beancount", export.standardOutput)
    let checked = try ExternalTool.run(beanCheck, [beancount], environment: sandbox.environment)
    #expect(checked.status == 0, "\(checked.standardError)\(checked.standardOutput)")
    let query = try ExternalTool.run(
      beanQuery,
      [
        "-f", "csv", beancount,
        "SELECT account, currency, cost_label, sum(number), sum(number * cost_number) "
          + "WHERE account ~ '^(Assets:Crypto|Income:Gains)$' "
          + "GROUP BY account, currency, cost_label",
      ], environment: sandbox.environment)
    #expect(query.status == 0, "\(query.standardError)")
    var booked: [String: (Decimal, Decimal)] = [:]
    for line in query.standardOutput.split(whereSeparator: \.isNewline).dropFirst() {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      booked["\(fields[1]) \(fields[2])"] = (
        JournalBookingTests.decimal(fields[3]), JournalBookingTests.decimal(fields[4])
      )
    }
    for (coin, label, quantity, cost) in lots {
      let (units, bookedCost) = try #require(booked["\(coin) \(label)"], "\(coin) \(label)")
      #expect(units == JournalBookingTests.decimal(quantity), "\(coin) \(label)")
      // beancount's cost of a part of a lot comes from a 28-digit division.
      let difference = bookedCost - JournalBookingTests.decimal(cost)
      #expect(abs(difference) < Decimal(string: "1e-20")!, "\(coin) \(label): \(bookedCost)")
    }
    #expect(booked["USDT "]?.0 == JournalBookingTests.decimal(beancountIncome))

    let ledgerExport = try sandbox.run([
      "portfolio", "export", "--format", "ledger", "--method", method,
    ])
    let ledgerFile = try PortfolioFileTests.file(
      sandbox, "hand.ledger", ledgerExport.standardOutput)
    let balance = try ExternalTool.run(
      ledger,
      [
        "-f", ledgerFile, "balance", "Income:Gains", "--no-total", "--balance-format",
        "%(scrub(display_total))\n",
      ],
      environment: sandbox.environment)
    #expect(balance.status == 0, "\(balance.standardError)")
    #expect(balance.standardOutput == "\(ledgerIncome) USDT\n")
  }
}

extension Calendar {
  fileprivate static let gregorian: Calendar = {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC")!
    return calendar
  }()
}

extension Locale {
  fileprivate static let posix = Locale(identifier: "en_US_POSIX")
}
