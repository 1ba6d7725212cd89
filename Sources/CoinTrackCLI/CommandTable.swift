import CoinTrackCore

/// Every command, argument and option of cointrack, declared once.
///
/// Parsing, help, usage lines, "did you mean" and the completion scripts are all derived from it.
enum CommandTable {
  static let programName = "cointrack"
  static let version = "0.1.0"

  static let formatOption = OptionSpec(
    "format", value: "FORMAT", summary: "How to print the results.", default: "table",
    allowed: OutputFormat.allCases.map(\.rawValue))
  static let todayOption = OptionSpec(
    "today", value: "DATE",
    summary: "What today is: YYYY-MM-DD, 'today' or 'yesterday'. No date after it may be asked for.",
    default: "$COINTRACK_TODAY, else the system date in UTC", completion: .date)
  static let helpOption = OptionSpec("help", short: "h", summary: "Show help for the command.")
  static let versionOption = OptionSpec("version", summary: "Print the version.")
  static let fromOption = OptionSpec(
    "from", value: "DATE", summary: "The first day: YYYY-MM-DD, 'today' or 'yesterday'.",
    default: "the --to day", completion: .date)
  static let toOption = OptionSpec(
    "to", value: "DATE", summary: "The last day: YYYY-MM-DD, 'today' or 'yesterday'.",
    default: "today", completion: .date)

  /// Options accepted before or after any command.
  static let globalOptions = [formatOption, todayOption, helpOption, versionOption]

  static let root = CommandSpec(
    programName,
    summary: "Track cryptocurrency prices from the command line.",
    discussion: """
      Prices come from a snapshot of daily closes embedded in the binary (Binance spot, quoted \
      in USDT), so every command works offline. Data goes to stdout; notes and errors go to \
      stderr.
      """,
    subcommands: [coins, prices, profile, help],
    examples: [
      Example(command: "cointrack coins list", explanation: "The tracked coins and their latest price."),
      Example(
        command: "cointrack prices BTC --from 2024-01-01 --to 2024-01-31 --format csv",
        explanation: "Bitcoin's daily closes for January 2024 as CSV."),
    ])

  static let coins = CommandSpec(
    "coins", summary: "Manage the tracked coins.",
    subcommands: [coinsList, coinsAdd, coinsRemove, coinsAvailable],
    examples: [
      Example(command: "cointrack coins list", explanation: "The tracked coins."),
      Example(command: "cointrack coins add ada", explanation: "Start tracking Cardano."),
    ])

  static let coinsList = CommandSpec(
    "list", summary: "List the tracked coins with their latest price.",
    discussion: """
      One row per tracked coin: its id, symbol and name, the latest price on or before today, \
      the date of that price, its currency and source. On first use the list holds BTC, ETH, \
      BNB, SOL and XRP.
      """,
    examples: [
      Example(command: "cointrack coins list", explanation: "As a table."),
      Example(
        command: "cointrack coins list --format json", explanation: "As a JSON array of objects."),
    ],
    action: .coinsList)

  static let coinsAdd = CommandSpec(
    "add", summary: "Start tracking coins.",
    discussion: """
      Each COIN is a symbol or a full name, in any case. Either every coin is added or, when one \
      is unknown or already tracked, none is. Prints the coins added with their new ids.
      """,
    arguments: [
      ArgumentSpec(
        "COIN", summary: "A symbol or full name: btc, Bitcoin, \"bitcoin cash\".", repeating: true,
        completion: .catalogueCoin)
    ],
    examples: [
      Example(command: "cointrack coins add ada", explanation: "Track Cardano."),
      Example(
        command: "cointrack coins add \"bitcoin cash\" doge",
        explanation: "Track Bitcoin Cash and Dogecoin."),
    ],
    action: .coinsAdd)

  static let coinsRemove = CommandSpec(
    "remove", summary: "Stop tracking coins.",
    discussion: """
      Each COIN is the id that 'cointrack coins list' shows, a symbol or a full name. Either \
      every coin is removed or, when one is not tracked, none is. Ids are never reused.
      """,
    arguments: [
      ArgumentSpec(
        "COIN", summary: "An id, symbol or full name of a tracked coin.", repeating: true,
        completion: .trackedCoin)
    ],
    examples: [
      Example(command: "cointrack coins remove 3", explanation: "Remove the coin with id 3."),
      Example(command: "cointrack coins remove xrp Solana", explanation: "Remove XRP and Solana."),
    ],
    action: .coinsRemove)

  static let coinsAvailable = CommandSpec(
    "available", summary: "List the coins that can be added.",
    discussion: "With the first and last day the price snapshot holds for each.",
    examples: [
      Example(command: "cointrack coins available", explanation: "The catalogue.")
    ],
    action: .coinsAvailable)

  static let prices = CommandSpec(
    "prices", summary: "Show a coin's daily prices between two dates.",
    discussion: """
      One row per calendar day from --from to --to, inclusive, with that day's close (the close \
      of the UTC day). A day the data lacks still gets its row, with no price, and a note on \
      stderr counts such days. Works for any coin of the catalogue, tracked or not.
      """,
    arguments: [
      ArgumentSpec("COIN", summary: "A symbol or full name.", completion: .catalogueCoin)
    ],
    options: [fromOption, toOption],
    examples: [
      Example(
        command: "cointrack prices btc --from 2024-01-01 --to 2024-01-07",
        explanation: "Bitcoin's closes for the first week of 2024."),
      Example(
        command: "cointrack prices ethereum --from 2024-03-01 --to 2024-03-01 --format json",
        explanation: "One day as JSON."),
    ],
    action: .prices)

  static let profile = CommandSpec(
    "profile", summary: "Show or change the profile.",
    subcommands: [profileShow, profileSet],
    examples: [
      Example(command: "cointrack profile show", explanation: "The username and preferences.")
    ])

  static let profileShow = CommandSpec(
    "show", summary: "Show the username and preferences.",
    discussion: "On first use the username is '\(Profile.defaultUsername)'.",
    examples: [
      Example(command: "cointrack profile show --format json", explanation: "As one JSON object.")
    ],
    action: .profileShow)

  static let profileSet = CommandSpec(
    "set", summary: "Change the username.",
    discussion: """
      The name is stored without surrounding spaces. It must not be empty, must be at most \
      \(Profile.maximumUsernameLength) characters, must hold no control characters or line \
      breaks and must not start with '-'. Prints the new profile.
      """,
    arguments: [ArgumentSpec("USERNAME", summary: "The new username.")],
    examples: [
      Example(command: "cointrack profile set alice", explanation: "Call yourself alice.")
    ],
    action: .profileSet)

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
    ],
    action: .help)
}

/// Help that is not about one command.
enum HelpTopic: String, CaseIterable, Sendable {
  case exitCodes = "exit-codes"

  var summary: String {
    switch self {
    case .exitCodes: return "What each exit code means."
    }
  }
}
