import CoinTrackBuildInfo
import CoinTrackCore

/// The command tree of cointrack, assembled from the leaf commands' declarations.
///
/// Parsing, help, usage lines, "did you mean" and the completion scripts are all derived from it.
/// Each leaf declares its own spec in its file under Commands/; a new command is one more entry
/// in a `subcommands` list here.
enum CommandTable {
  static let programName = "cointrack"
  static let version = "0.1.0"

  static let helpOption = OptionSpec("help", short: "h", summary: "Show help for the command.")
  static let versionOption = OptionSpec(
    "version",
    summary: "Print the version, the commit it was built from (when the build was told) and the "
      + "last day of the embedded snapshot.")

  /// Options accepted before or after any command.
  static let globalOptions =
    OutputSettings.options + [
      DateOptions.todayOption, QuietSetting.option, helpOption, versionOption,
    ]

  /// `cointrack 0.1.0 (commit abc1234, snapshot to 2026-05-20)`, for --version.
  static func versionLine() -> String {
    let commit = String(cString: ct_build_commit())
    let details =
      (commit.isEmpty ? [] : ["commit \(commit)"])
      + (snapshotLastDay.map { ["snapshot to \($0)"] } ?? [])
    let suffix = details.isEmpty ? "" : " (" + details.joined(separator: ", ") + ")"
    return "\(programName) \(version)\(suffix)\n"
  }

  /// The last day of the embedded snapshot: the newest close it holds of any coin.
  static var snapshotLastDay: Day? {
    SnapshotPriceSource().catalogue().entries.compactMap(\.held?.last).max()
  }

  static let root = CommandSpec(
    programName,
    summary: "Track cryptocurrency prices from the command line.",
    discussion: """
      Prices come from a snapshot of daily closes embedded in the binary (Binance spot, quoted \
      in USDT), so every command works offline. Data goes to stdout; notes and errors go to \
      stderr.
      """,
    subcommands: [
      coins, PricesCommand.spec, SyncCommand.spec, profile, alerts, portfolio, HelpCommand.spec,
      CompletionCommand.spec,
    ],
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
    subcommands: [
      CoinsListCommand.spec, CoinsAddCommand.spec, CoinsRemoveCommand.spec,
      CoinsAvailableCommand.spec,
    ],
    examples: [
      Example(command: "cointrack coins list", explanation: "The tracked coins."),
      Example(command: "cointrack coins add ada", explanation: "Start tracking Cardano."),
      Example(command: "cointrack coins available", explanation: "The coins that can be added."),
    ])

  static let profile = CommandSpec(
    "profile", summary: "Show or change the profile.",
    subcommands: [ProfileShowCommand.spec, ProfileSetCommand.spec],
    examples: [
      Example(command: "cointrack profile show", explanation: "The username and preferences."),
      Example(command: "cointrack profile set alice", explanation: "Call yourself alice."),
    ])

  static let alerts = CommandSpec(
    "alerts", summary: "Store price alerts and check them, for cron jobs.",
    subcommands: [
      AlertsAddCommand.spec, AlertsListCommand.spec, AlertsRemoveCommand.spec,
      AlertsCheckCommand.spec,
    ],
    examples: [
      Example(
        command: "cointrack alerts add btc --below 60000",
        explanation: "Watch for BTC under 60,000."
      ),
      Example(
        command: "cointrack alerts check --format csv",
        explanation: "The alerts that fired since the last check; exit 1 when one did."),
    ])

  static let portfolio = CommandSpec(
    "portfolio", summary: "Record trades, and see holdings, cost and profit.",
    subcommands: [
      PortfolioBuyCommand.spec, PortfolioSellCommand.spec, PortfolioIncomeCommand.spec,
      PortfolioTransferCommand.spec, PortfolioTradesCommand.spec,
      PortfolioRemoveCommand.spec, PortfolioShowCommand.spec, PortfolioHistoryCommand.spec,
      PortfolioGainsCommand.spec, PortfolioEarningsCommand.spec,
      PortfolioImportCommand.spec, PortfolioExportCommand.spec,
    ],
    examples: [
      Example(
        command: "cointrack portfolio buy btc 0.5 --price 60000",
        explanation: "Record half a bitcoin bought today at 60,000 each."),
      Example(command: "cointrack portfolio trades", explanation: "Every trade, oldest first."),
      Example(
        command: "cointrack portfolio show",
        explanation: "What is held, its cost, value and profit."
      ),
    ])

  /// Commands the parser runs only in their exact form, and help, usage, suggestions and
  /// completion scripts never show.
  static let hiddenCommands = [CandidatesCommand.spec]
  /// How every hidden command's name starts, and no other's: the parser builds the hidden
  /// commands' specs only for a line that starts so.
  static let hiddenCommandPrefix = "__"
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
