import CoinTrackCore

/// Every command, argument and option of cointrack, declared once.
///
/// Parsing, help, usage lines, "did you mean" and the completion scripts are all derived from it.
enum CommandTable {
  static let programName = "cointrack"
  static let version = "0.1.0"

  /// The words a date option takes besides YYYY-MM-DD, with their distance from today.
  static let relativeDays: [(word: String, offset: Int)] = [("today", 0), ("yesterday", -1)]

  static let formatOption = OptionSpec(
    "format", value: "FORMAT",
    summary: "How to print the results; 'cointrack help formats' shows each with a sample.",
    default: "table", allowed: OutputFormat.all.map(\.name))
  static let fieldsOption = OptionSpec(
    "fields", value: "FIELDS",
    summary: "The fields to print, in this order, separated by commas; each command's help "
      + "lists its fields.",
    default: "every field", formats: RecordFormat.allCases.map(\.rawValue))
  static let noHeaderOption = OptionSpec(
    "no-header", summary: "Leave out the header line.",
    formats: RecordFormat.allCases.filter(\.hasHeader).map(\.rawValue))
  static let todayOption = OptionSpec(
    "today", value: "DATE",
    summary:
      "What today is: YYYY-MM-DD, 'today' or 'yesterday'. No date after it may be asked for.",
    default: "$COINTRACK_TODAY, else the system date in UTC", completion: .date)
  static let helpOption = OptionSpec("help", short: "h", summary: "Show help for the command.")
  static let versionOption = OptionSpec("version", summary: "Print the version.")
  static let fromOption = OptionSpec(
    "from", value: "DATE", summary: "The first day: YYYY-MM-DD, 'today' or 'yesterday'.",
    default: "the --to day", completion: .date)
  static let toOption = OptionSpec(
    "to", value: "DATE", summary: "The last day: YYYY-MM-DD, 'today' or 'yesterday'.",
    default: "today", completion: .date)
  static let statsOption = OptionSpec(
    "stats",
    summary: "Print one row of statistics of the range instead of a row per day.",
    output: .priceStatistics)
  static let chartOption = OptionSpec(
    "chart",
    summary: "Draw a chart of the range under the table, as wide as COLUMNS, even when stdout "
      + "is not a terminal.",
    formats: [RecordFormat.table.rawValue])

  static let sourceOption = OptionSpec(
    "source", value: "SOURCE",
    summary: "Where prices come from: the embedded snapshot (offline) or a live API; "
      + "'cointrack help sources' tells them apart.",
    default: "the profile's source, else offline",
    allowed: PriceSourceKind.allCases.map(\.rawValue))
  static let currencyOption = OptionSpec(
    "currency", value: "CODE",
    summary: "The currency to quote prices in, such as USD or EUR; each source quotes a fixed "
      + "set.",
    default: "the profile's currency where the source quotes it, else the source's own")
  static let refreshOption = OptionSpec(
    "refresh",
    summary: "Ask a live source again for today's prices and for past days cached without one."
  )
  static let cachedOnlyOption = OptionSpec(
    "cached-only",
    summary: "Answer from the cache of a live source alone, asking nothing; exit 69 when the "
      + "cache lacks what is needed.")

  /// Options accepted before or after any command.
  static let globalOptions = [
    formatOption, fieldsOption, noHeaderOption, todayOption, helpOption, versionOption,
  ]

  static let root = CommandSpec(
    programName,
    summary: "Track cryptocurrency prices from the command line.",
    discussion: """
      Prices come from a snapshot of daily closes embedded in the binary (Binance spot, quoted \
      in USDT), so every command works offline. Data goes to stdout; notes and errors go to \
      stderr.
      """,
    subcommands: [coins, prices, profile, help, completion],
    examples: [
      Example(
        command: "cointrack coins list", explanation: "The tracked coins and their latest price."),
      Example(
        command: "cointrack prices BTC --from 2024-01-01 --to 2024-01-31 --format csv",
        explanation: "Bitcoin's daily closes for January 2024 as CSV."),
      Example(
        command: "cointrack help formats",
        explanation: "Every output format, with its fields and a sample."),
    ])

  static let coins = CommandSpec(
    "coins", summary: "Manage the tracked coins.",
    subcommands: [coinsList, coinsAdd, coinsRemove, coinsAvailable],
    examples: [
      Example(command: "cointrack coins list", explanation: "The tracked coins."),
      Example(command: "cointrack coins add ada", explanation: "Start tracking Cardano."),
      Example(command: "cointrack coins available", explanation: "The coins that can be added."),
    ])

  static let coinsList = CommandSpec(
    "list", summary: "List the tracked coins with their latest price.",
    discussion: """
      One row per tracked coin: its id, symbol and name, the latest price on or before today, \
      the date of that price, its currency and source, and its coin id (the CoinGecko id, or \
      symbol/SYMBOL for a coin only Binance or Twelve Data knows), which '@' names it by. On \
      first use the list holds BTC, ETH, BNB, SOL and XRP.
      """,
    options: [sourceOption, currencyOption, refreshOption, cachedOnlyOption],
    examples: [
      Example(command: "cointrack coins list", explanation: "As a table."),
      Example(
        command: "cointrack coins list --format json", explanation: "As a JSON array of objects."),
      Example(
        command: "cointrack coins list --format tsv --fields symbol,price --no-header",
        explanation: "Symbol and price only, tab-separated, for a shell loop."),
    ],
    action: .coinsList, output: .coinListing)

  static let coinsAdd = CommandSpec(
    "add", summary: "Start tracking coins.",
    discussion: """
      Each COIN is a symbol or a full name, in any case, or @ and a coin id: @bitcoin. Either \
      every coin is added or, when one is unknown, names several coins or is already tracked, \
      none is. Prints the coins added with their new ids.

      With a live --source, any coin that source knows can be added, not only the snapshot's: \
      CoinGecko's by symbol, name or id (@uniswap); Binance's and Twelve Data's by symbol. A \
      symbol several coins share is refused with the id and name of each; add one by its id.
      """,
    arguments: [
      ArgumentSpec(
        "COIN", summary: "A symbol, full name or @id: btc, \"bitcoin cash\", @bitcoin.",
        repeating: true, completion: .catalogueCoin)
    ],
    options: [sourceOption, cachedOnlyOption],
    examples: [
      Example(command: "cointrack coins add ada", explanation: "Track Cardano."),
      Example(
        command: "cointrack coins add \"bitcoin cash\" doge",
        explanation: "Track Bitcoin Cash and Dogecoin."),
      Example(
        command: "cointrack coins add pepe --source coingecko",
        explanation: "Track a coin the snapshot lacks, as CoinGecko knows it."),
    ],
    action: .coinsAdd, output: .trackedCoin)

  static let coinsRemove = CommandSpec(
    "remove", summary: "Stop tracking coins.",
    discussion: """
      Each COIN is the id that 'cointrack coins list' shows (digits only), @ and the coin id it \
      shows (@bitcoin), a symbol or a full name. Either every coin is removed or, when one is \
      not tracked or names several tracked coins, none is. Ids are never reused.
      """,
    arguments: [
      ArgumentSpec(
        "COIN", summary: "An id, @id, symbol or full name of a tracked coin.", repeating: true,
        completion: .trackedCoin)
    ],
    examples: [
      Example(command: "cointrack coins remove 3", explanation: "Remove the coin with id 3."),
      Example(command: "cointrack coins remove xrp Solana", explanation: "Remove XRP and Solana."),
    ],
    action: .coinsRemove, output: .trackedCoin)

  static let coinsAvailable = CommandSpec(
    "available", summary: "List the coins that can be added.",
    discussion: "With the first and last day the price snapshot holds for each.",
    examples: [
      Example(command: "cointrack coins available", explanation: "The catalogue."),
      Example(
        command: "cointrack coins available --format csv --fields symbol,first_date",
        explanation: "Each symbol with the first day it has a price, as CSV."),
    ],
    action: .coinsAvailable, output: .catalogueEntry)

  static let prices = CommandSpec(
    "prices", summary: "Show a coin's daily prices between two dates.",
    discussion: """
      One row per calendar day from --from to --to, inclusive, with that day's close (the close \
      of the UTC day). A day the data lacks still gets its row, with no price, and a note on \
      stderr counts such days. Works for any coin of the catalogue, tracked or not.

      With --stats, one row instead: the first and last day with a price and those prices, the \
      lowest and highest price with their days (the first such day on a tie), the mean of the \
      days with a price (exact, rounded half to even to the most decimals of those prices), the \
      change from the first price to the last and that change in percent (rounded half to even \
      to two decimals), and how many days have a price and how many do not.

      In table format on a terminal the output ends with a one-line sparkline of the range; \
      --chart draws a taller chart instead. With --format ledger, hledger or beancount, each \
      day with a price becomes a price directive for that tool.
      """,
    arguments: [
      ArgumentSpec("COIN", summary: "A symbol, full name or @id.", completion: .catalogueCoin)
    ],
    options: [
      fromOption, toOption, statsOption, chartOption, sourceOption, currencyOption, refreshOption,
      cachedOnlyOption,
    ],
    examples: [
      Example(
        command: "cointrack prices btc --from 2024-01-01 --to 2024-01-07",
        explanation: "Bitcoin's closes for the first week of 2024."),
      Example(
        command: "cointrack prices ethereum --from 2024-01-01 --to 2024-12-31 --stats",
        explanation: "Ethereum's 2024 in one row: first, last, lowest, highest, mean, change."),
      Example(
        command: "cointrack prices btc --from 2024-01-01 --to 2024-01-31 --format hledger",
        explanation: "January's closes as hledger price directives, to append to a journal."),
    ],
    action: .prices, output: .priceRow)

  static let profile = CommandSpec(
    "profile", summary: "Show or change the profile.",
    subcommands: [profileShow, profileSet],
    examples: [
      Example(command: "cointrack profile show", explanation: "The username and preferences."),
      Example(command: "cointrack profile set alice", explanation: "Call yourself alice."),
    ])

  static let profileShow = CommandSpec(
    "show", summary: "Show the username and preferences.",
    discussion: "On first use the username is '\(Profile.defaultUsername)'.",
    examples: [
      Example(command: "cointrack profile show", explanation: "As a table."),
      Example(command: "cointrack profile show --format json", explanation: "As one JSON object."),
    ],
    action: .profileShow, output: .profile)

  static let profileSet = CommandSpec(
    "set", summary: "Change the username or the preferred source and currency.",
    discussion: """
      The name is stored without surrounding spaces. It must not be empty, must be at most \
      \(Profile.maximumUsernameLength) characters, must hold no control characters or line \
      breaks and must not start with '-'. --source and --currency store the source and currency \
      that price commands use when not told otherwise; the currency must be one the source \
      quotes. Prints the new profile.
      """,
    arguments: [ArgumentSpec("USERNAME", summary: "The new username.", optional: true)],
    options: [sourceOption, currencyOption],
    examples: [
      Example(command: "cointrack profile set alice", explanation: "Call yourself alice."),
      Example(
        command: "cointrack profile set \"Alice Smith\" --format json",
        explanation: "A name with a space; prints the new profile as JSON."),
      Example(
        command: "cointrack profile set --source coingecko --currency eur",
        explanation: "Take prices from CoinGecko, in euros, unless told otherwise."),
    ],
    action: .profileSet, output: .profile)

  static let help = CommandSpec(
    "help", summary: "Show help for a command or a topic.",
    discussion: "Topics: " + HelpTopic.allCases.map(\.rawValue).joined(separator: ", ") + ".",
    arguments: [
      ArgumentSpec(
        "COMMAND", summary: "A command (such as 'coins add') or a topic.", repeating: true,
        optional: true, completion: .commandOrTopic)
    ],
    examples: [
      Example(command: "cointrack help prices", explanation: "How to ask for prices."),
      Example(command: "cointrack help exit-codes", explanation: "What each exit code means."),
      Example(command: "cointrack help coins add", explanation: "How to add coins."),
    ],
    action: .help)

  static let completion = CommandSpec(
    "completion", summary: "Print a shell completion script.",
    discussion: """
      The script completes commands, options, option values and coin symbols, which it asks \
      cointrack for. Install it where your shell looks for completions, or load it for one \
      session; the README's Completions section shows how.
      """,
    arguments: [
      ArgumentSpec(
        "SHELL", summary: "The shell to complete for.", allowed: Shell.allCases.map(\.rawValue))
    ],
    examples: [
      Example(
        command: "cointrack completion bash",
        explanation: "The bash script; 'source <(cointrack completion bash)' loads it for this "
          + "shell."),
      Example(
        command: "cointrack completion zsh",
        explanation: "The zsh script, to save as _cointrack in a directory on $fpath."),
      Example(
        command: "cointrack completion fish",
        explanation: "The fish script, to save as ~/.config/fish/completions/cointrack.fish."),
    ],
    action: .completion)
}

/// Help that is not about one command.
enum HelpTopic: String, CaseIterable, Sendable {
  case exitCodes = "exit-codes"
  case formats
  case sources
  case files

  var summary: String {
    switch self {
    case .exitCodes: return "What each exit code means."
    case .formats: return "Every output format, with its fields and a sample."
    case .sources: return "The price sources, their currencies, keys and cache."
    case .files: return "The files cointrack reads and writes, and the variables it reads."
    }
  }
}
