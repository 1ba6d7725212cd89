#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where the history keeps what it derives from its files between runs (the index of last rows,
/// each coin's closes), and how long a file must have been left alone before anything derived
/// from it is kept.
///
/// Only a cache: everything in it is used only while its file is the one it was read from, is
/// checked again as input, and costs one read of the file when lost.
struct HistoryCache: Sendable {
  /// The price cache's folder, which these files share.
  var directory: String
  /// In nanoseconds; one second by default, far beyond any file system's timestamp tick. A file
  /// changed more recently when it is read might change again within the same tick, unseen.
  var settledAge: Int64

  init(directory: String, settledAge: Int64 = 1_000_000_000) {
    self.directory = directory
    self.settledAge = settledAge
  }

  /// The index of the history files' last rows.
  var lastRowIndexPath: String { directory + "/" + LastRowIndex.fileName }

  /// The folder of the coins' cached closes.
  var closesDirectory: String { directory + "/" + ClosesCache.folderName }

  /// Whether a file of `stamp` may be kept at `now` (nanoseconds since the Unix epoch).
  func isSettled(_ stamp: FileStamp, now: Int64) -> Bool {
    now - stamp.changed >= settledAge
  }

  /// The time now, in nanoseconds since the Unix epoch.
  static func now() -> Int64 {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return FileStamp.nanoseconds(time)
  }
}

/// What tells one version of a file from another: any write changes the change time, and a file
/// replaced by a rename has another inode.
struct FileStamp: Equatable {
  var device: UInt64
  var inode: UInt64
  var size: Int64
  /// Modification and status-change times, in nanoseconds since the Unix epoch.
  var modified: Int64
  var changed: Int64

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    #if canImport(Darwin)
      modified = FileStamp.nanoseconds(status.st_mtimespec)
      changed = FileStamp.nanoseconds(status.st_ctimespec)
    #else
      modified = FileStamp.nanoseconds(status.st_mtim)
      changed = FileStamp.nanoseconds(status.st_ctim)
    #endif
  }

  init(device: UInt64, inode: UInt64, size: Int64, modified: Int64, changed: Int64) {
    self.device = device
    self.inode = inode
    self.size = size
    self.modified = modified
    self.changed = changed
  }

  static func nanoseconds(_ time: timespec) -> Int64 {
    Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
  }
}
