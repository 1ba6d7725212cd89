/// How the notes and messages about the end of the offline data tell the user to get the days
/// after it.
enum SyncHint {
  /// `run 'cointrack sync SYMBOL' to fetch the closed days since, or ask a live source with
  /// --source.`: the symbol is left out when there is none or when it is not a word a shell
  /// takes as it is (a symbol may hold `$`).
  static func text(symbol: String? = nil) -> String {
    let sync = symbol.flatMap { isPlainWord($0) ? "cointrack sync \($0)" : nil } ?? "cointrack sync"
    return "run '\(sync)' to fetch the closed days since, or ask a live source with --source."
  }

  /// Whether `symbol` is letters and digits only, not empty.
  private static func isPlainWord(_ symbol: String) -> Bool {
    !symbol.isEmpty
      && symbol.unicodeScalars.allSatisfy {
        ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
      }
  }
}
