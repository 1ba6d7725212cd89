import CoinTrackCore

/// The word lists that completion scripts ask the binary for, with `cointrack __complete LIST`.
enum CandidateList: String, CaseIterable, Sendable {
  /// The catalogue's symbols.
  case catalogue
  /// The tracked coins' symbols, then their list ids, then their coin ids after `@`.
  case tracked

  /// The name of the hidden command.
  static let hiddenCommand = "__complete"
}

/// `cointrack __complete LIST`: the words of a list, one per line, for completion scripts.
///
/// The command is hidden: it is not among the table's subcommands, so help, usage and
/// suggestions never show it, and the parser accepts only its exact form. It answers from the
/// catalogue or by reading the state file, never changing anything.
struct CandidatesCommand: LeafCommand {
  static let listArgument = ArgumentSpec(
    "LIST", summary: "The list of words to print.",
    allowed: CandidateList.allCases.map(\.rawValue))

  static let spec = CommandSpec(
    CandidateList.hiddenCommand, summary: "Print words for completion scripts.",
    arguments: [listArgument], leaf: Self.self)

  let list: CandidateList

  init(_ command: ParsedCommand, in session: CommandSession) {
    // The parser accepts only the allowed lists.
    list = CandidateList(rawValue: command.value(of: Self.listArgument)!)!
  }

  /// Nothing at all when the words cannot be found: a completion script has nowhere to show an
  /// error. Reading the state never creates or changes it.
  func run(in session: CommandSession) -> CommandOutput {
    let words: [String]
    switch list {
    case .catalogue:
      words = SnapshotPriceSource().catalogue().entries.map(\.coin.symbol)
    case .tracked:
      guard let path = try? StateStore.defaultPath(environment: session.context.environment),
        let state = try? StateStore(
          path: path, lockTimeoutSeconds: 0, initialState: CommandRunner.initialState
        ).load()
      else { return .text("") }
      var symbols: Set<String> = []
      words =
        state.coins.map(\.coin.symbol).filter { symbols.insert($0).inserted }
        + state.coins.map { String($0.id) } + state.coins.map { "@" + $0.coin.id }
    }
    return .text(words.map { $0 + "\n" }.joined())
  }
}
