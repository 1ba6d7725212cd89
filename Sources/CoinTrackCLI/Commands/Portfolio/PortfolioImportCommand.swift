import CoinTrackCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `cointrack portfolio import FILE|-`: record the trades of a trade file, all or none.
struct PortfolioImportCommand: LeafCommand {
  static let fileArgument = ArgumentSpec(
    "FILE", summary: "The trade file to read, or - for standard input.",
    completion: .file)

  static let spec = CommandSpec(
    "import", summary: "Record the trades of a CSV file, all or none.",
    discussion: """
      The file starts with the header '\(TradeCSV.header)' and holds one trade a line: the \
      date (YYYY-MM-DD, not after today), buy or sell, the coin (a symbol, full name or @id, \
      resolved by the source as 'portfolio buy' resolves it), the quantity, the price of one \
      unit and the fee as plain decimals, and the currency of price and fee. UTF-8 without a \
      byte order mark; fields are never quoted; lines end in LF or CRLF. This is what \
      'portfolio export' writes. The first bad line is refused, named by its number and \
      field, and nothing is stored; so is a sell of more than is held. Prints the trades with \
      their new ids.
      """,
    arguments: [fileArgument],
    options: [SourceSelection.sourceOption, SourceSelection.cachedOnlyOption],
    examples: [
      Example(
        command: "cointrack portfolio import trades.csv",
        explanation: "Record every trade of trades.csv; '-' reads standard input instead."),
      Example(
        command: "cointrack portfolio import trades.csv --format json",
        explanation: "The same, printing the recorded trades as JSON."),
    ],
    leaf: Self.self, output: .trade)

  /// The path, or `-` for standard input.
  let file: String

  init(_ command: ParsedCommand, in session: CommandSession) {
    // The parser refuses a line without the file.
    file = command.value(of: Self.fileArgument)!
  }

  func run(in session: CommandSession) throws -> CommandOutput {
    let bytes = try file == "-" ? Self.standardInput() : Self.contents(of: file)
    let source = try session.selectedSource()
    let tracker = session.tracker(source: source, today: try session.today())
    let trades = try TradeCSV.read(bytes, today: tracker.today, resolveCoin: source.resolveCoin)
    // A header alone records nothing, and so leaves the state file as it was.
    guard !trades.isEmpty else { return .records(RecordOutput(.trades([]))) }
    do {
      return .records(RecordOutput(.trades(try tracker.recordTrades(trades))))
    } catch TradeError.oversold(let oversell, isNew: true) {
      throw TradeFileError.tradeRefused(
        line: Self.line(of: oversell.trade, in: trades), .oversold(oversell, isNew: true))
    }
  }

  /// The line of the file (the header is line 1) that gave `trade`, whatever id it was given.
  private static func line(of trade: Trade, in trades: [Trade]) -> Int {
    let index = trades.firstIndex {
      var numbered = $0
      numbered.id = trade.id
      return numbered == trade
    }
    // The trade is one of `trades`, with an id.
    return index! + 2
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
