import CoinTrackCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `cointrack portfolio import FILE|- [--from FORMAT] [--dry-run]`: record the trades of a
/// trade file or an exchange's export, all or none, leaving out those recorded before.
struct PortfolioImportCommand: LeafCommand {
  static let fileArgument = ArgumentSpec(
    "FILE", summary: "The trade file or export to read, or - for standard input.",
    completion: .file)
  static let fromOption = OptionSpec(
    "from", value: "FORMAT",
    summary: "The export's format: binance, coinbase, kraken, koinly, cointracking or "
      + "cointrack.",
    default: "the one the header names", allowed: ExportFormat.allCases.map(\.rawValue))
  static let symbolOption = OptionSpec(
    "symbol", value: "SYMBOL=COIN",
    summary: "The coin an export's SYMBOL means (a symbol, full name or @id); repeatable, or "
      + "several separated by commas.")
  static let dryRunOption = OptionSpec(
    "dry-run", summary: "Print the trades that would be recorded and store nothing.")

  static let spec = CommandSpec(
    "import", summary: "Record the trades of a CSV file, all or none.",
    discussion: """
      Reads Binance's account statement and Trade History, Coinbase's transaction history \
      and fills, Kraken's trades.csv and ledgers.csv, Koinly's universal import file, \
      CoinTracking's trade list and cointrack's own trade file, each recognised by its header \
      (or named by --from). \
      A trade in a currency is recorded in it; a swap of coins, income and a fee paid in a coin \
      at the day's close from the source; a move of coins as a transfer, its coin fee as a \
      sale. Each imported trade keeps its origin (the row's id, or a hash of the row), and a \
      trade whose origin is recorded already is left out, so an export imported again adds \
      nothing. cointrack's own trade file starts with the header '\(TradeCSV.header)' and \
      holds one trade a line: the date (YYYY-MM-DD, not after today), the side (buy, sell, \
      staking, airdrop, interest or transfer), the coin (a symbol, full name or @id, resolved \
      by the source as 'portfolio buy' resolves it), the quantity, the price of one unit and \
      the fee as plain decimals, and the currency of price and fee. UTF-8 without a byte order \
      mark; fields are never quoted; lines end in LF or CRLF. This is what 'portfolio export' \
      writes. The first bad line is refused, named by its number and field, and nothing is \
      stored; so is a sell of more than is held. A symbol the source knows several coins by \
      is refused unless --symbol says which is meant (UNI=@uniswap); the last --symbol for \
      a symbol wins. Prints the trades with their new ids.
      """,
    arguments: [fileArgument],
    options: [
      fromOption, symbolOption, dryRunOption, SourceSelection.sourceOption,
      SourceSelection.cachedOnlyOption,
    ],
    examples: [
      Example(
        command: "cointrack portfolio import trades.csv",
        explanation: "Record every trade of trades.csv; '-' reads standard input instead."),
      Example(
        command: "cointrack portfolio import trades.csv --format json",
        explanation: "The same, printing the recorded trades as JSON."),
      Example(
        command: "cointrack portfolio import trades.csv --dry-run",
        explanation: "Print what would be recorded, storing nothing."),
    ],
    leaf: Self.self, output: .trade)

  /// The path, or `-` for standard input.
  let file: String
  /// The format --from names; nil to recognise it from the header.
  let format: ExportFormat?
  let isDryRun: Bool
  /// What --symbol says each symbol (in capitals) means, as the user named the coin; the last
  /// for a symbol wins.
  let coinNames: [String: String]

  init(_ command: ParsedCommand, in session: CommandSession) throws {
    // The parser refuses a line without the file, and a --from of no format.
    file = command.value(of: Self.fileArgument)!
    format = command.value(of: Self.fromOption).map { ExportFormat(rawValue: $0)! }
    isDryRun = command.contains(Self.dryRunOption)
    var coinNames: [String: String] = [:]
    for value in command.values(of: Self.symbolOption) {
      for entry in value.split(separator: ",", omittingEmptySubsequences: false) {
        let parts = entry.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let symbol = parts[0].uppercased()
        guard parts.count == 2, ImportBooking.isExportSymbol(symbol), !parts[1].isEmpty else {
          throw UsageError.invalidCoinMapping(
            input: String(entry), option: Self.symbolOption, at: command.path)
        }
        coinNames[symbol] = String(parts[1])
      }
    }
    self.coinNames = coinNames
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    let bytes = try file == "-" ? Self.standardInput() : Self.contents(of: file)
    let source = try session.selectedSource()
    let tracker = session.tracker(source: source, today: try session.today())
    // Each coin --symbol names is resolved as 'portfolio buy' resolves one.
    let coins = try coinNames.mapValues { try source.resolveCoin($0) }
    let isOwnFile = try ExportReader.isCointrackFile(bytes, format: format)
    // The trades, and for an export the line of each (cointrack's own file has one a line,
    // after the header): two arrays rather than pairs, so that a million trades are held here
    // and as recorded, never a third time.
    let trades: [Trade]
    let lines: [Int]?
    if isOwnFile {
      // cointrack's own file has no origins: it is the user's, where two equal lines are two
      // trades (`portfolio export` writes one line a trade), so it is recorded as it is.
      trades = try TradeCSV.read(bytes, today: tracker.today) {
        try coins[$0.uppercased()] ?? source.resolveCoin($0)
      }
      lines = nil
    } else {
      (trades, lines) = try Self.exportTrades(
        bytes, format: format, today: tracker.today, source: source, coins: coins)
    }
    // A header alone records nothing, and so leaves the state file as it was.
    guard !trades.isEmpty else { return .records(RecordOutput(.trades([]))) }
    let recorded: [Trade]
    do {
      recorded = try tracker.recordTrades(
        trades, skippingRecordedOrigins: true, dryRun: isDryRun)
    } catch let error as TradeError {
      // A refusal of one new trade names its line.
      let trade: Trade
      switch error {
      case .oversold(let oversell, isNew: true): trade = oversell.trade
      case .currencyMismatch(let refused, _, _, isNew: true) where !isOwnFile: trade = refused
      default: throw error
      }
      let line = Self.line(of: trade, in: trades, lines: lines)
      if isOwnFile { throw TradeFileError.tradeRefused(line: line, error) }
      throw ImportError.tradeRefused(line: line, error)
    }
    let before = trades.count - recorded.count
    // Said when it is news: trades left out, or nothing stored.
    guard before > 0 || isDryRun else { return .records(RecordOutput(.trades(recorded))) }
    let note =
      "note: \(isDryRun ? "would record" : "recorded") \(recorded.count) "
      + "trade\(recorded.count == 1 ? "" : "s")"
      + (before == 0 ? "" : "; \(before) \(before == 1 ? "was" : "were") recorded before")
      + (isDryRun ? " (--dry-run: nothing was stored)." : ".")
    return .records(RecordOutput(.trades(recorded), notes: [note]))
  }

  /// The trades an export's rows book and the line of each; the rows' events are let go on
  /// return.
  private static func exportTrades(
    _ bytes: [UInt8], format: ExportFormat?, today: Day, source: any PriceSource,
    coins: [String: Coin]
  ) throws -> (trades: [Trade], lines: [Int]) {
    let events = try ExportReader.events(bytes, format: format, today: today)
    var booking = ImportBooking(source: source, coins: coins)
    let booked = try booking.trades(of: events)
    return (booked.map(\.trade), booked.map(\.line))
  }

  /// The line of the file (the header is line 1) that gave `trade`, whatever id it was given:
  /// that of `lines` at its place among `trades`, or for cointrack's own file (no `lines`) the
  /// line after the header at that place.
  private static func line(of trade: Trade, in trades: [Trade], lines: [Int]?) -> Int {
    let index = trades.firstIndex {
      var numbered = $0
      numbered.id = trade.id
      return numbered == trade
    }
    // The trade is one of `trades`, with an id.
    return lines?[index!] ?? index! + 2
  }

  /// The file's bytes; a missing file and one that cannot be read are told apart.
  static func contents(of path: String) throws(TradeFileError) -> [UInt8] {
    let bytes: [UInt8]?
    do {
      bytes = try FileSystem.readFileIfPresent(path, limit: TradeCSV.maximumBytes)
    } catch {
      switch error.cause {
      case .danglingLink: throw .missingFile(path: path)
      case .notAFile(isDirectory: false):
        // A pipe, such as the /dev/fd/63 of `<(command)`: standard input reads it.
        throw .unreadableFile(
          path: path, reason: error.reason + " (pipe it to 'portfolio import -' instead)")
      default: throw .unreadableFile(path: path, reason: error.reason)
      }
    }
    guard let bytes else { throw .missingFile(path: path) }
    return bytes
  }

  /// Standard input to its end, at most `TradeCSV.maximumBytes`.
  static func standardInput() throws(TradeFileError) -> [UInt8] {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(STDIN_FILENO, $0.baseAddress, $0.count) }
      if count == 0 { return bytes }
      if count < 0 {
        let readError = errno
        if readError == EINTR { continue }
        if readError == EAGAIN || readError == EWOULDBLOCK {
          // A non-blocking descriptor inherited from the shell: wait for input.
          var descriptor = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
          _ = poll(&descriptor, 1, -1)
          continue
        }
        throw .unreadableFile(path: "-", reason: String(cString: strerror(readError)))
      }
      bytes += chunk[0..<count]
      guard bytes.count <= TradeCSV.maximumBytes else {
        throw .unreadableFile(
          path: "-", reason: "it is larger than the \(TradeCSV.maximumBytes) bytes allowed")
      }
    }
  }
}
