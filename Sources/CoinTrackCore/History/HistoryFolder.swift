#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The history's folder as one read of last rows sees it: the status of a file by its name,
/// through one descriptor of the folder, and the folder's listing, each made only when first
/// needed. A `coins list` whose files the index of last rows all holds never lists the folder,
/// and looks each file up by its name alone rather than by its whole path.
final class HistoryFolder {
  let path: String
  /// The folder opened for `fstatat`; nil until first needed, -1 when it cannot be opened.
  private var descriptor: Int32?
  /// The names in the folder; nil until first needed, empty when there is no folder.
  private var listing: Set<String>?

  init(path: String) {
    self.path = path
  }

  deinit {
    if let descriptor, descriptor >= 0 { close(descriptor) }
  }

  /// The status of the regular file `name` in the folder, following a link as opening it would;
  /// nil when there is none, or it cannot be told without opening it.
  func regularFileStatus(named name: String) -> stat? {
    if descriptor == nil {
      descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    var status = stat()
    guard let descriptor, descriptor >= 0, fstatat(descriptor, name, &status, 0) == 0,
      (status.st_mode & S_IFMT) == S_IFREG
    else { return nil }
    return status
  }

  /// Whether the folder holds an entry `name`, from one listing of it.
  func contains(_ name: String) throws(HistoryError) -> Bool {
    try names().contains(name)
  }

  /// The names in the folder, listed once; empty when there is no folder.
  func names() throws(HistoryError) -> Set<String> {
    if let listing { return listing }
    do {
      listing = Set(try FileSystem.entryNamesIfPresent(in: path) ?? [])
    } catch {
      throw HistoryError.unreadable(path: path, reason: error.reason)
    }
    return listing!
  }
}
