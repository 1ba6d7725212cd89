/// The names in the history's folder, listed once: a read of many coins' last rows opens only
/// the files the listing names, rather than trying every coin's.
struct HistoryFolder {
  /// The names in the folder; empty when there is no folder.
  private let names: Set<String>

  /// The folder at `path`, listed.
  init(path: String) throws(HistoryError) {
    do {
      names = Set(try FileSystem.entryNamesIfPresent(in: path) ?? [])
    } catch {
      throw HistoryError.unreadable(path: path, reason: error.reason)
    }
  }

  /// Whether the folder holds an entry `name`.
  func contains(_ name: String) -> Bool {
    names.contains(name)
  }
}
