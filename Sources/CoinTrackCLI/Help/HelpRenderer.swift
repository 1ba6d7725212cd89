import CoinTrackCore

/// Builds help screens, usage lines and topics from the command table.
struct HelpRenderer {
  /// The width to wrap to.
  let width: Int

  /// `Usage: cointrack prices <COIN> [options]`.
  static func usageLine(for path: CommandPath) -> String {
    "Usage: " + synopsis(for: path)
  }

  /// `cointrack prices <COIN> [options]`: the usage line without its label.
  static func synopsis(for path: CommandPath) -> String {
    var parts = [path.fullName]
    if !path.command.subcommands.isEmpty { parts.append("<command>") }
    parts += path.command.arguments.map(\.synopsis)
    // The options are listed in help; spelling each out here would make the line unreadable.
    parts.append("[options]")
    return parts.joined(separator: " ")
  }

  /// The full help of a command or group.
  func help(for path: CommandPath) -> String {
    let command = path.command
    var sections = [wrap(command.summary)]
    if !command.discussion.isEmpty {
      sections += command.discussion.pieces(separatedBy: "\n\n").map { wrap(String($0)) }
    }
    sections.append(wrap(HelpRenderer.usageLine(for: path), indent: 7))
    if !command.subcommands.isEmpty {
      sections.append(
        "Commands:\n"
          + TextWrapping.columns(
            command.subcommands.map { ($0.name, $0.summary) }, width: width))
    }
    if !command.arguments.isEmpty {
      sections.append(
        "Arguments:\n"
          + TextWrapping.columns(
            command.arguments.map { ($0.synopsis, HelpRenderer.description(of: $0)) },
            width: width))
    }
    if !command.options.isEmpty {
      sections.append("Options:\n" + optionRows(command.options))
    }
    sections.append("Global options:\n" + optionRows(CommandTable.globalOptions))
    if let output = command.output {
      sections.append("Fields (for --fields):\n" + fieldList(output))
      for option in command.options {
        if let other = option.output {
          sections.append("Fields with \(option.flag):\n" + fieldList(other))
        }
      }
    }
    if !command.examples.isEmpty {
      sections.append(
        "Examples:\n"
          + command.examples.map {
            "  " + $0.command + "\n" + indented($0.explanation, by: 6)
          }.joined(separator: "\n"))
    }
    if path.commands.count == 1 {
      let topics = HelpTopic.allCases.map { ($0.rawValue, $0.summary) }
      sections.append(
        "Help topics (cointrack help <topic>):\n" + TextWrapping.columns(topics, width: width))
    }
    if !command.subcommands.isEmpty {
      sections.append(wrap("Run '\(path.fullName) <command> --help' for more about a command."))
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  /// The text of a help topic.
  func topic(_ topic: HelpTopic) -> String {
    switch topic {
    case .exitCodes: return exitCodes()
    case .formats: return formats()
    case .sources: return sources()
    case .files: return files()
    }
  }

  private func exitCodes() -> String {
    let codeWidth = ExitCode.allCases.map { String($0.rawValue).count }.max() ?? 0
    let rows = ExitCode.allCases.map { code in
      let number = String(code.rawValue)
      return (
        String(repeating: " ", count: codeWidth - number.count) + number + "  " + code.name,
        code.meaning
      )
    }
    let severity = HistorySync.failureSeverity.reversed().map { String(ExitCode($0).rawValue) }
    return wrap(
      "cointrack exits with one of these codes, following sysexits.h. Errors are one sentence "
        + "on stderr; usage errors add the usage line. When some coins of 'cointrack sync' fail, "
        + "the others keep their closes and it exits with the code of the most serious failure, "
        + "from the most serious: \(ExitCode.internalError.rawValue), "
        + severity.joined(separator: ", ") + ".")
      + "\n\n" + TextWrapping.columns(rows, width: width) + "\n"
  }

  private func formats() -> String {
    var sections = [
      wrap(
        "--format chooses how results are written to stdout; notes and errors go to stderr in "
          + "every format. Prices are the exact decimal text of the source, also as JSON numbers. "
          + "--fields picks and orders the fields in every record format; --no-header leaves out "
          + "the header line of table, csv and tsv."),
      "Formats:\n"
        + TextWrapping.columns(
          OutputFormat.all.map { ($0.name, HelpRenderer.summary(of: $0)) }, width: width),
    ]
    // Each kind of output once, with every command line that prints it.
    var kinds: [(RecordKind, [String])] = []
    func add(_ name: String, _ kind: RecordKind) {
      if let index = kinds.firstIndex(where: { $0.0 == kind }) {
        kinds[index].1.append(name)
      } else {
        kinds.append((kind, [name]))
      }
    }
    for path in CommandPath(commands: [CommandTable.root]).descendants {
      let name = path.words.joined(separator: " ")
      if let output = path.command.output { add(name, output) }
      for option in path.command.options {
        if let output = option.output { add(name + " " + option.flag, output) }
      }
    }
    sections.append(
      "Fields, the JSON keys and header names of each command:\n"
        + kinds.map { kind, names in
          indented(names.joined(separator: ", ") + ":", by: 2) + "\n" + fieldList(kind, indent: 4)
        }.joined(separator: "\n"))
    let sampleCommand = "cointrack prices btc --from 2024-01-01 --to 2024-01-02"
    sections.append(wrap("Samples, each the output of '\(sampleCommand) --format FORMAT':"))
    let rows = HelpRenderer.sampleRows()
    for format in OutputFormat.all {
      let text: String
      switch format {
      case .records(let recordFormat):
        text = recordFormat.render(.priceRows(rows))
      case .priceDirectives(let dialect):
        text = (try? dialect.render(rows)) ?? ""
      }
      // CSV ends lines with CRLF, which help shows as plain line ends.
      let plain = String(String.UnicodeScalarView(text.unicodeScalars.filter { $0 != "\r" }))
      let lines = plain.split(separator: "\n").map { "    " + $0 }
      sections.append("  \(format.name):\n" + lines.joined(separator: "\n"))
    }
    return sections.joined(separator: "\n\n") + "\n"
  }

  private func files() -> String {
    let variables = VariableHelp.rows.map { ($0.names.joined(separator: ", "), $0.meaning) }
    return wrap(
      "cointrack keeps its state in one file and its price history in a folder beside it, and "
        + "reads these variables.") + "\n\n"
      + "Files:\n" + TextWrapping.columns(HelpRenderer.fileRows, width: width) + "\n\n"
      + "Variables:\n" + TextWrapping.columns(variables, width: width) + "\n"
  }

  /// Every file cointrack reads or writes, with what it holds, for the files topic and the
  /// manual page.
  static var fileRows: [(term: String, description: String)] {
    let (data, cache) = (StateStore.dataHomeVariable, PriceCache.cacheHomeVariable)
    let state = StateStore.pathInDataHome
    let cacheFolder = PriceCache.folderInCacheHome
    return [
      (
        "$\(data)/\(state)",
        "The profile, the tracked coins with their ids, the price alerts and the id counters, "
          + "as JSON with a schema version. "
          + "~/\(StateStore.dataHomeInHome)/\(state) when \(data) is unset, empty or relative. "
          + "Written on the first change, with mode 0600; a file cointrack cannot use is "
          + "reported and left untouched."
      ),
      (
        "$\(data)/\(state)\(StateStore.lockSuffix)",
        "Locked while a command changes the state, so that runs at the same time take turns."
      ),
      (
        "$\(data)/\(FileSystem.directory(of: state))/\(TradesFile.fileName)",
        "The portfolio's trades, one JSON object a line in id order, appended to by each trade "
          + "recorded and rewritten only by 'cointrack portfolio remove'. A last line without "
          + "its newline is a write a crash cut short: ignored, and removed by the next trade."
      ),
      (
        "$\(data)/\(HistoryStore.folderInDataHome)/",
        "The local price history that 'cointrack sync' extends and the offline source reads "
          + "with the snapshot: one CSV file per coin (\(HistoryStore.fileName(of: "bitcoin")), "
          + "\(HistoryStore.fileName(of: Coin.symbolIDPrefix + "FOO"))) with the header "
          + "'\(HistoryStore.header)', one row per day. A damaged file is reported and left "
          + "untouched."
      ),
      (
        "$\(data)/\(HistoryStore.folderInDataHome)\(HistoryStore.lockSuffix)",
        "Locked while 'cointrack sync' writes a coin's file, so that runs at the same time lose "
          + "nothing."
      ),
      (
        "$\(cache)/\(cacheFolder)/",
        "Prices fetched from live sources; ~/\(PriceCache.cacheHomeInHome)/\(cacheFolder) when "
          + "\(cache) is unset, empty or relative. The embedded snapshot needs no cache."
      ),
    ]
  }

  /// The sources topic: what each source is, what it quotes and what it needs.
  private func sources() -> String {
    let unavailable = ExitCode(.unavailable).rawValue
    let rows = PriceSourceKind.allCases.map { kind in
      (kind.rawValue, HelpRenderer.summary(of: kind))
    }
    return wrap(
      "--source chooses where prices come from, and 'cointrack profile set --source' stores a "
        + "choice; without either, prices come from the snapshot embedded in cointrack. A day's "
        + "price is always the close of that UTC day; a live source's price for today is its "
        + "latest, and machine formats mark that row \"closed\": false.")
      + "\n\nSources:\n" + TextWrapping.columns(rows, width: width) + "\n\n"
      + wrap(
        "The latest prices of all the coins 'coins list' shows come from one request per live "
          + "source: CoinGecko's /simple/price, Binance's /api/v3/ticker/price with a symbols "
          + "list, Twelve Data's /price with a comma-separated list (each symbol still costs a "
          + "Twelve Data credit). A list too long for one URL is split, or for Binance asked as "
          + "every pair's price; a pair Binance proves unlisted is left out of its lists for a "
          + "day.") + "\n\n"
      + wrap(
        "Live prices are cached under $\(PriceCache.cacheHomeVariable)/"
          + "\(PriceCache.folderInCacheHome) (~/\(PriceCache.cacheHomeInHome)/"
          + "\(PriceCache.folderInCacheHome)): closed days for good, today's price for "
          + "\(CachePolicy.latestTTLVariable.name) seconds (default "
          + "\(CachePolicy.defaultLatestTTLSeconds)). Only what an answer proved is cached: a "
          + "fault or an unusable or empty answer records nothing. --refresh asks again for "
          + "today's price and for every past day the cache holds no price for; --cached-only "
          + "asks nothing and fails with \(unavailable) when the cache lacks data. A request "
          + "that cannot be answered ends with \(unavailable) (unreachable, a server error, an "
          + "unusable answer) or \(ExitCode(.temporaryFailure).rawValue) (a rate limit, with the "
          + "wait when the API gives one). One command (sync: each coin) makes at most "
          + "\(LiveWorkLimits.defaultMaximumRequests) requests "
          + "(\(LiveWorkLimits.requestsVariable.name)) in at most "
          + "\(LiveWorkLimits.defaultMaximumMilliseconds / 1000) seconds "
          + "(\(LiveWorkLimits.timeVariable.name)), and asks nothing before a source's first "
          + "day; beyond that it stops with \(unavailable). API keys are never printed or "
          + "cached.") + "\n"
  }

  /// What a source is and needs, for the sources topic.
  static func summary(of kind: PriceSourceKind) -> String {
    let currencies =
      "Quotes " + kind.currencies.joined(separator: ", ") + "; default \(kind.defaultCurrency)."
    var baseURL = ""
    if let url = kind.defaultBaseURL, let variable = kind.baseURLVariable {
      baseURL = " Base URL \(url), replaced by \(variable)."
    }
    switch kind {
    case .offline:
      let entries = SnapshotPriceSource().catalogue().entries
      let held = entries.compactMap(\.held)
      var span = ""
      if let first = held.map(\.first).min(), let last = held.map(\.last).max() {
        span = " from \(first) to \(last)"
      }
      return "The daily closes embedded in cointrack: Binance spot, \(entries.count) coins,"
        + span + ", and the local history that 'cointrack sync' extends. Needs no network. "
        + currencies
    case .coingecko:
      return "CoinGecko's API. Any coin it knows, by symbol, name or @id (@uniswap). A demo key "
        + "in \(kind.keyVariable ?? "") is sent if set; a paid key in "
        + "\(LiveSourceConfiguration.coinGeckoProKeyVariable) wins and selects the pro host. "
        + "Without a paid key, history reaches back \(kind.unpaidHistoryWindowDays ?? 0) days. "
        + currencies + baseURL
    case .binance:
      return "Binance spot daily candles, pair SYMBOL+CURRENCY, no key. " + currencies
        + baseURL
    case .twelvedata:
      return "Twelve Data daily series, needs a key in \(kind.keyVariable ?? ""). " + currencies
        + baseURL
    }
  }

  /// What a format writes, for the formats topic.
  static func summary(of format: OutputFormat) -> String {
    switch format {
    case .records(.table):
      return "Aligned columns for people, the default. Numbers are right-aligned, a missing value "
        + "is '-'. A column shows its decimal numbers with one number of decimals: as many as "
        + "the number that needs the most, trailing zeros not counted, and at least as many as "
        + "the fewest any states (other formats print each value's own text). On a terminal the "
        + "header is bold and 'prices' ends with a sparkline."
    case .records(.csv):
      return "RFC 4180: a header line of keys, CRLF line ends, a field quoted when it holds a "
        + "comma, quote or line break. A missing value is an empty field."
    case .records(.tsv):
      return "A header line of keys, then one line per record, fields separated by tabs. Tab, "
        + "CR, LF and backslash in a value are written \\t, \\r, \\n and \\\\. A missing value is "
        + "an empty field."
    case .records(.json):
      return "An array of objects, one per line, '[]' when there are none; one object for a "
        + "single record (a profile, statistics). A missing value is null."
    case .records(.jsonl):
      return "JSON Lines: one object per line and nothing else; no records print nothing."
    case .priceDirectives(.ledger):
      return "ledger price directives, for 'prices' only: P DATE SYMBOL PRICE CURRENCY. Symbols "
        + "that are not all letters are double-quoted. Days without a price are left out."
    case .priceDirectives(.hledger):
      return "hledger price directives, for 'prices' only; the same lines as ledger."
    case .priceDirectives(.beancount):
      return "beancount price directives, for 'prices' only: DATE price SYMBOL PRICE CURRENCY. "
        + "A symbol beancount cannot take (such as 1INCH) is an error, exit code "
        + "\(ExitCode(.invalidValue).rawValue)."
    }
  }

  /// Two days of Bitcoin from the embedded snapshot, for the samples.
  private static func sampleRows() -> PriceRows {
    let source = SnapshotPriceSource()
    guard let first = Day(iso: "2024-01-01"), let last = Day(iso: "2024-01-02"),
      let range = DayRange(from: first, to: last),
      let coin = source.catalogue().entry(named: "BTC")?.coin
    else { return PriceRows([]) }
    return (try? source.dailyPrices(of: coin, in: range)) ?? PriceRows([])
  }

  private func fieldList(_ kind: RecordKind, indent: Int = 2) -> String {
    indented(kind.fields.map(\.key).joined(separator: ", "), by: indent)
  }

  /// `text` wrapped so that, with every line indented by `count` spaces, it fits the width.
  private func indented(_ text: String, by count: Int) -> String {
    let padding = String(repeating: " ", count: count)
    return padding
      + TextWrapping.wrap(text, width: width - count).split(separator: "\n")
      .joined(separator: "\n" + padding)
  }

  private static func choices(_ values: [String]) -> String {
    values.isEmpty ? "" : " One of: " + values.joined(separator: ", ") + "."
  }

  /// What help says of an argument: its summary and allowed values.
  static func description(of argument: ArgumentSpec) -> String {
    argument.summary + choices(argument.allowedValues)
  }

  /// What help says of an option: its summary, allowed values, default and formats.
  static func description(of option: OptionSpec) -> String {
    var description = option.summary + choices(option.allowedValues)
    if let defaultDescription = option.defaultDescription {
      description += " Default: \(defaultDescription)."
    }
    if !option.formats.isEmpty {
      description +=
        " With --format " + ErrorFunnel.listing(option.formats, conjunction: "or") + " only."
    }
    return description
  }

  private func optionRows(_ options: [OptionSpec]) -> String {
    TextWrapping.columns(
      options.map { ($0.synopsis, HelpRenderer.description(of: $0)) }, width: width)
  }

  private func wrap(_ text: String, indent: Int = 0) -> String {
    TextWrapping.wrap(text, width: width, hangingIndent: indent)
  }
}
