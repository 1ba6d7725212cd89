import CoinTrackTestSupport
import Foundation
import Testing

/// `portfolio import` of an exchange's export through the real binary: the format recognised
/// or named, `--dry-run` storing nothing, a second import adding nothing, an overlapping file
/// adding only its new trades, and refusals leaving the state as it was.
@Suite struct ExportImportTests {
  /// Binance's older Trade History: ETH bought with a fee in USDT, BTC bought with its fee in
  /// BTC (so a sale of that BTC at the day's close).
  static let first = """
    Date(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin
    2024-01-02 10:00:00,ETHUSDT,BUY,2300,2,4600,4.6,USDT
    2024-02-03 11:00:00,BTCUSDT,BUY,42000,0.1,4200,0.0001,BTC

    """
  /// The BTC row again, and a sale of ETH.
  static let overlapping = """
    Date(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin
    2024-02-03 11:00:00,BTCUSDT,BUY,42000,0.1,4200,0.0001,BTC
    2024-03-04 12:00:00,ETHUSDT,SELL,3400,1,3400,3.4,USDT

    """

  /// BTC's close on 2024-02-03, read from the snapshot's data file rather than from cointrack.
  static func bitcoinClose() throws -> String {
    try ImportedEventsBookingTests.close("BTC", "2024-02-03")
  }

  static func file(_ sandbox: Sandbox, _ name: String, _ text: String) throws -> String {
    try PortfolioFileTests.file(sandbox, name, text)
  }

  @Test func aDryRunPrintsTheTradesAndStoresNothing() throws {
    let sandbox = try Sandbox()
    let path = try Self.file(sandbox, "trades.csv", Self.first)
    let dry = try sandbox.run([
      "portfolio", "import", path, "--dry-run", "--format", "csv", "--fields",
      "id,side,symbol,quantity,price,fee,currency",
    ])
    #expect(dry.status == 0, "\(dry.standardError)")
    let close = try Self.bitcoinClose()
    // 0.0001 BTC at 43011.09 is a fee of 4.301109 on the BTC bought.
    #expect(close == "43011.09")
    #expect(
      dry.standardOutput
        == "id,side,symbol,quantity,price,fee,currency\r\n"
        + "1,buy,ETH,2,2300,4.6,USDT\r\n"
        + "2,buy,BTC,0.1,42000,4.301109,USDT\r\n"
        + "3,sell,BTC,0.0001,\(close),0,USDT\r\n")
    #expect(
      dry.standardError
        == "cointrack: note: would record 3 trades (--dry-run: nothing was stored).\n")
    // Nothing made, not even the data directory or its lock.
    let folder = sandbox.dataHome.appendingPathComponent("cointrack").path
    #expect(!FileManager.default.fileExists(atPath: folder))
    let listed = try sandbox.run(["portfolio", "trades", "--format", "csv", "--no-header"])
    #expect(listed.standardOutput == "")
  }

  /// Over a stored portfolio, a dry run reads the stored trades (so an overlap is told: the BTC
  /// row was two trades, its purchase and its fee's sale) and leaves every file of the data
  /// directory as it was.
  @Test func aDryRunOverStoredTradesChangesNoFile() throws {
    let sandbox = try Sandbox()
    let first = try Self.file(sandbox, "first.csv", Self.first)
    let overlapping = try Self.file(sandbox, "overlapping.csv", Self.overlapping)
    #expect(try sandbox.run(["portfolio", "import", first]).status == 0)
    let folder = sandbox.dataHome.appendingPathComponent("cointrack")
    func files() throws -> [String: Data] {
      let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      return try Dictionary(
        uniqueKeysWithValues: names.map {
          ($0, try Data(contentsOf: folder.appendingPathComponent($0)))
        })
    }
    let before = try files()
    let dry = try sandbox.run([
      "portfolio", "import", overlapping, "--dry-run", "--format", "csv", "--fields",
      "id,side,symbol",
    ])
    #expect(dry.status == 0, "\(dry.standardError)")
    #expect(dry.standardOutput == "id,side,symbol\r\n4,sell,ETH\r\n")
    #expect(
      dry.standardError
        == "cointrack: note: would record 1 trade; 2 were recorded before (--dry-run: nothing "
        + "was stored).\n")
    #expect(try files() == before)
  }

  @Test func aSecondImportAddsNothingAndAnOverlapOnlyTheNew() throws {
    let sandbox = try Sandbox()
    let path = try Self.file(sandbox, "trades.csv", Self.first)
    let imported = try sandbox.run([
      "portfolio", "import", path, "--format", "csv", "--fields", "id,symbol,origin",
    ])
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(imported.standardError == "")
    let rows = imported.standardOutput.split(separator: "\r\n").dropFirst().map(String.init)
    #expect(rows.count == 3)
    #expect(rows[0].hasPrefix("1,ETH,binance-trades:"))
    #expect(rows[1].hasPrefix("2,BTC,binance-trades:"))
    #expect(rows[2] == rows[1].replacingOccurrences(of: "2,BTC,", with: "3,BTC,") + "#fee")
    let before = sandbox.stateData()

    let again = try sandbox.run(["portfolio", "import", path, "--format", "csv"])
    #expect(again.status == 0, "\(again.standardError)")
    #expect(
      again.standardError == "cointrack: note: recorded 0 trades; 3 were recorded before.\n")
    #expect(
      again.standardOutput == "id,date,side,symbol,coin_id,quantity,price,fee,currency,origin\r\n")
    #expect(sandbox.stateData() == before)

    let overlap = try Self.file(sandbox, "more.csv", Self.overlapping)
    let added = try sandbox.run([
      "portfolio", "import", overlap, "--format", "csv", "--fields", "id,side,symbol,fee",
    ])
    #expect(added.status == 0, "\(added.standardError)")
    #expect(added.standardOutput == "id,side,symbol,fee\r\n4,sell,ETH,3.4\r\n")
    #expect(
      added.standardError == "cointrack: note: recorded 1 trade; 2 were recorded before.\n")
    let listed = try sandbox.run([
      "portfolio", "trades", "--format", "csv", "--fields", "id,origin", "--no-header",
    ])
    let origins = listed.standardOutput.split(separator: "\r\n").map {
      String($0.split(separator: ",")[1])
    }
    #expect(origins.count == 4)
    #expect(Set(origins).count == 4)
    #expect(origins.allSatisfy { $0.hasPrefix("binance-trades:") })
  }

  @Test func theFormatNamedMustBeTheHeaders() throws {
    let sandbox = try Sandbox()
    let path = try Self.file(sandbox, "trades.csv", Self.first)
    let named = try sandbox.run(["portfolio", "import", path, "--from", "binance"])
    #expect(named.status == 0, "\(named.standardError)")
    let before = sandbox.stateData()
    let wrong = try sandbox.run(["portfolio", "import", path, "--from", "kraken"])
    #expect(wrong.status == 65)
    #expect(wrong.standardOutput == "")
    #expect(
      wrong.standardError
        == "cointrack: the export's header ('Date(UTC)','Market','Type','Price','Amount',"
        + "'Total','Fee','Fee Coin') is not one of kraken's (txid,ordertxid,pair,time,type,"
        + "price,cost,fee,vol or txid,refid,time,type,asset,amount,fee); nothing was imported.\n")
    #expect(sandbox.stateData() == before)
  }

  /// (file, the message after "cointrack: ")
  static let refusals: [(String, String)] = [
    (
      "Date,Pair,Side\n2024-01-02,ETHUSDT,BUY\n",
      "the export's header ('Date','Pair','Side') is none of the formats known: binance "
        + "(UTC_Time,Account,Operation,Coin,Change or Date(UTC),Market,Type,Price,Amount,Total,"
        + "Fee,Fee Coin or Date(UTC),Pair,Side,Price,Executed,Amount,Fee); coinbase (Timestamp,Transaction Type,Asset,Quantity Transacted or "
        + "trade id,product,side,created at,size,size unit,price,fee,total,price/fee/total "
        + "unit); kraken (txid,ordertxid,pair,time,type,price,cost,fee,vol or txid,refid,time,"
        + "type,asset,amount,fee); koinly (Date,Sent Amount,Sent Currency,Received Amount,"
        + "Received Currency); cointracking (Type,Buy,Cur.,Sell,Cur.,Fee,Cur.,Exchange,"
        + "Group,Comment,Date); cointrack (date,side,coin,quantity,price,fee,currency); nothing "
        + "was imported."
    ),
    (
      first + "2024-03-04 12:00:00,ETHUSDT,SELL,3400,1,3400",
      "the export ends inside the row of line 4 (a quote left open or fields missing): it "
        + "looks cut short; nothing was imported."
    ),
    (
      first.replacingOccurrences(of: ",4.6,USDT", with: ",\"4,6\",USDT"),
      "line 2 of the export, column 'Fee': '4,6' is no number cointrack reads: plain (1234.5), "
        + "with thousands separators as 1,234,567.89, scientific (3.6E-05), a currency sign "
        + "or a unit glued on; a decimal comma (12,5) is refused, as 1,234 could be either; "
        + "nothing was imported."
    ),
    (
      first.replacingOccurrences(of: "ETHUSDT,BUY", with: "ETHUSDT,SELL"),
      "line 2 of the export: this sale of 2 ETH on 2024-01-02 would sell more than the 0 held "
        + "then; nothing was stored."
    ),
    (
      "User_ID,UTC_Time,Account,Operation,Coin,Change,Remark\n"
        + "1,2024-01-02 10:00:00,Spot,Buy,ETH,1,\n",
      "line 2 of the export starts a trade that is not whole: it gives no coin for those it "
        + "receives; nothing was imported."
    ),
  ]

  @Test(arguments: 0..<refusals.count)
  func aRefusedExportStoresNothing(_ index: Int) throws {
    let sandbox = try Sandbox()
    let kept = try sandbox.run(["portfolio", "buy", "btc", "1", "--price", "1"])
    #expect(kept.status == 0)
    let before = sandbox.stateData()
    let (text, message) = Self.refusals[index]
    let path = try Self.file(sandbox, "export.csv", text)
    let refused = try sandbox.run(["portfolio", "import", path])
    #expect(refused.status == 65)
    #expect(refused.standardOutput == "")
    #expect(refused.standardError == "cointrack: \(message)\n")
    #expect(sandbox.stateData() == before)
  }

  @Test func aStatementsRewardsAndMovesAreIncomeAndTransfersAtTheClose() throws {
    let sandbox = try Sandbox()
    // ETH bought, a staking reward, then ETH withdrawn to the user's wallet with a fee in ETH.
    let statement = """
      User_ID,UTC_Time,Account,Operation,Coin,Change,Remark
      1,2024-01-02 10:00:00,Spot,Buy,ETH,2,
      1,2024-01-02 10:00:00,Spot,Buy,USDT,-4600,
      1,2024-01-03 01:00:00,Spot,ETH 2.0 Staking Rewards,ETH,0.01,
      1,2024-01-03 02:00:00,Spot,Withdraw,ETH,-1.5,

      """
    let path = try Self.file(sandbox, "statement.csv", statement)
    let imported = try sandbox.run([
      "portfolio", "import", path, "--format", "csv", "--fields",
      "id,date,side,symbol,quantity,price,fee,currency",
    ])
    #expect(imported.status == 0, "\(imported.standardError)")
    // The reward at ETH's close on 2024-01-03 (2209.72 in the snapshot's data file).
    #expect(
      imported.standardOutput
        == "id,date,side,symbol,quantity,price,fee,currency\r\n"
        + "1,2024-01-02,buy,ETH,2,2300,0,USDT\r\n"
        + "2,2024-01-03,staking,ETH,0.01,2209.72,0,USDT\r\n"
        + "3,2024-01-03,transfer,ETH,1.5,0,0,USDT\r\n")
    let earnings = try sandbox.run(["portfolio", "earnings", "--format", "csv", "--no-header"])
    #expect(earnings.standardOutput.hasPrefix("2,2024-01-03,ETH,staking,0.01,2209.72,22.10,USDT,"))
    let again = try sandbox.run(["portfolio", "import", path])
    #expect(again.status == 0)
    #expect(again.standardError == "cointrack: note: recorded 0 trades; 3 were recorded before.\n")
  }

  /// A file over the import's limit (64 MiB, `TradeCSV.maximumBytes`) is refused by its size
  /// before a byte of it is read (74), and nothing is stored.
  @Test func aFileOverTheLimitIsRefusedAndNothingStored() throws {
    let sandbox = try Sandbox()
    let kept = try sandbox.run(["portfolio", "buy", "btc", "1", "--price", "1"])
    #expect(kept.status == 0)
    let before = sandbox.stateData()
    let path = try Self.file(sandbox, "huge.csv", Self.first)
    // Sparse: a valid export, then zeros up to one byte past the limit.
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(64 << 20) + 1)
    try handle.close()
    let refused = try sandbox.run(["portfolio", "import", path])
    #expect(refused.status == 74)
    #expect(refused.standardOutput == "")
    #expect(
      refused.standardError
        == "cointrack: cannot read '\(path)': it is larger than the 67108864 bytes allowed; "
        + "nothing was imported.\n")
    #expect(sandbox.stateData() == before)
  }

  @Test func aBOMAndCRLFAreRead() throws {
    let sandbox = try Sandbox()
    let text = "\u{FEFF}" + Self.first.replacingOccurrences(of: "\n", with: "\r\n")
    let path = try Self.file(sandbox, "trades.csv", text)
    let imported = try sandbox.run(["portfolio", "import", path, "--format", "csv"])
    #expect(imported.status == 0, "\(imported.standardError)")
    // The same rows as without them: a second import of the plain file adds nothing.
    let plain = try Self.file(sandbox, "plain.csv", Self.first)
    let again = try sandbox.run(["portfolio", "import", plain])
    #expect(
      again.standardError == "cointrack: note: recorded 0 trades; 3 were recorded before.\n")
  }
}

/// `portfolio import --symbol`: which coin an export's symbol means, when the source knows
/// several by it (CoinGecko's list, served by a fake API, has two DUP coins).
@Suite struct ImportSymbolOptionTests {
  static let coinList =
    #"[{"id":"bitcoin","symbol":"btc","name":"Bitcoin"},{"id":"dup-one","symbol":"dup","name":"Dup One"},{"id":"dup-two","symbol":"dup","name":"Dup Two"}]"#
  static let export = """
    Date(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin
    2024-01-02 10:00:00,DUPUSD,BUY,2,10,20,0.02,USD

    """

  /// Imports `export` with CoinGecko as the source and `options` added.
  static func imported(_ sandbox: Sandbox, _ options: [String]) throws -> ProcessResult {
    let api = try FakePriceAPI([.init(path: "/coins/list", body: coinList)])
    let path = try ExportImportTests.file(sandbox, "trades.csv", export)
    return try run(
      sandbox,
      [
        "portfolio", "import", path, "--source", "coingecko", "--format", "csv", "--fields",
        "id,symbol,coin_id,quantity,price,fee,currency",
      ] + options, api: api)
  }

  @Test func anAmbiguousSymbolIsRefusedNamingTheOptionAndImportedWithIt() throws {
    let sandbox = try Sandbox()
    let refused = try Self.imported(sandbox, [])
    #expect(refused.status == 65)
    #expect(
      refused.standardError
        == "cointrack: line 2 of the export, column 'coin': 'DUP' names 2 coingecko coins: "
        + "@dup-one (Dup One) and @dup-two (Dup Two); say which with --symbol DUP=@dup-one; "
        + "nothing was imported.\n")
    #expect(sandbox.stateData() == nil)

    // Repeated and comma-separated; a symbol in any case; the last for a symbol wins.
    let imported = try Self.imported(
      sandbox, ["--symbol", "btc=bitcoin,dup=@dup-one", "--symbol", "DUP=@dup-two"])
    #expect(imported.status == 0, "\(imported.standardError)")
    #expect(
      imported.standardOutput
        == "id,symbol,coin_id,quantity,price,fee,currency\r\n1,DUP,dup-two,10,2,0.02,USD\r\n")
  }

  @Test(arguments: ["DUP", "=@dup-two", "DUP=", "DUP@dup-two", "BAD SYMBOL=@dup-two", ""])
  func aMalformedMappingIsAUsageErrorQuotingIt(_ entry: String) throws {
    let sandbox = try Sandbox()
    let refused = try Self.imported(sandbox, ["--symbol", "BTC=bitcoin," + entry])
    #expect(refused.status == 64)
    #expect(
      refused.standardError.hasPrefix(
        "cointrack: invalid --symbol '\(entry)': write SYMBOL=COIN, the export's symbol (1 to 20 "
          + "capitals and digits) and the coin it means (a symbol, full name or @id), such as "
          + "UNI=@uniswap.\n"), "\(refused.standardError)")
    #expect(sandbox.stateData() == nil)
  }
}
