#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A failed file operation: which path, what was being done, and why.
public struct FileError: Error, Hashable, Sendable {
  public let path: String
  public let operation: String
  public let cause: Cause

  /// Why a file operation failed; callers pick their exit code by it.
  public enum Cause: Hashable, Sendable {
    /// A system call failed with this errno.
    case system(errorNumber: Int32)
    /// The path is a symbolic link to nothing.
    case danglingLink
    /// A file was expected, but the path is a directory or something else that is not a file.
    case notAFile(isDirectory: Bool)
    /// A directory was expected, but the path is something else.
    case notADirectory
    /// The file holds more bytes than the caller accepts.
    case tooLarge(limit: Int)
  }

  init(path: String, operation: String, errorNumber: Int32) {
    self.init(path: path, operation: operation, cause: .system(errorNumber: errorNumber))
  }

  init(path: String, operation: String, cause: Cause) {
    self.path = path
    self.operation = operation
    self.cause = cause
  }

  /// The cause in words, to follow "cannot read PATH: ".
  public var reason: String {
    switch cause {
    case .system(let errorNumber): return String(cString: strerror(errorNumber))
    case .danglingLink: return "it is a symbolic link to a missing file"
    case .notAFile(let isDirectory):
      return isDirectory ? "it is a directory" : "it is not a regular file"
    case .notADirectory: return "it is not a directory"
    case .tooLarge(let limit): return "it is larger than the \(limit) bytes allowed"
    }
  }
}

/// Thin, errno-checked wrappers over the POSIX calls that state and cache files need.
///
/// POSIX rather than Foundation because the guarantees asked of these files (fsync of the file and
/// its directory, explicit modes, flock, no following of dangling links) need the calls themselves.
public enum FileSystem {
  /// The whole file, or nil when nothing exists at `path`.
  ///
  /// A dangling symbolic link is an error, not a missing file: treating it as missing would let
  /// the next save replace the link and silently start over.
  public static func readFileIfPresent(_ path: String, limit: Int) throws(FileError) -> [UInt8]? {
    try readFileAndStatusIfPresent(path, limit: limit)?.bytes
  }

  /// The whole file and its status as it was opened, or nil when nothing exists at `path`, as
  /// `readFileIfPresent` reads it: what is derived from the bytes can be kept with the identity
  /// of the file they came from.
  static func readFileAndStatusIfPresent(_ path: String, limit: Int) throws(FileError)
    -> (bytes: [UInt8], status: stat)?
  {
    guard let (descriptor, status) = try openRegularFile(path, flags: O_RDONLY, operation: "read")
    else { return nil }
    defer { close(descriptor) }
    guard Int(status.st_size) <= limit else {
      throw FileError(path: path, operation: "read", cause: .tooLarge(limit: limit))
    }
    // Read straight into an array the size fstat gave, plus one byte to notice a file that grew
    // meanwhile: no staging buffer to clear and copy from.
    var bytes: [UInt8] = []
    var capacity = min(Int(status.st_size), limit) + 1
    while true {
      let (chunk, reachedEnd) = try readChunk(descriptor, capacity: capacity, path: path)
      guard bytes.count + chunk.count <= limit else {
        throw FileError(path: path, operation: "read", cause: .tooLarge(limit: limit))
      }
      if bytes.isEmpty { bytes = chunk } else { bytes += chunk }
      if reachedEnd { break }
      capacity = 65_536
    }
    return (bytes, status)
  }

  /// Opens `path` with `flags`, refusing anything but a regular file; nil when nothing exists
  /// there and `flags` do not create it.
  ///
  /// Opened non-blocking and checked with fstat before any use, so that a FIFO or a device planted
  /// at `path` is refused instead of hanging the open or the first read. The descriptor keeps
  /// O_NONBLOCK, which regular files and flock ignore.
  public static func openRegularFile(
    _ path: String, flags: Int32, mode: mode_t = 0o600, operation: String
  ) throws(FileError) -> (descriptor: Int32, status: stat)? {
    let descriptor = open(path, flags | O_CLOEXEC | O_NONBLOCK, mode)
    if descriptor < 0 {
      let openError = errno
      if openError == ENOENT {
        // Only a link whose target is still missing is dangling: a file found here now was made
        // after the open looked (another process's first save), and nothing was there then.
        var linkStatus = stat()
        var targetStatus = stat()
        if lstat(path, &linkStatus) == 0, (linkStatus.st_mode & S_IFMT) == S_IFLNK,
          stat(path, &targetStatus) != 0
        {
          throw FileError(path: path, operation: operation, cause: .danglingLink)
        }
        return nil
      }
      throw FileError(path: path, operation: operation, errorNumber: openError)
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let statusError = errno
      close(descriptor)
      throw FileError(path: path, operation: operation, errorNumber: statusError)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      close(descriptor)
      throw FileError(
        path: path, operation: operation,
        cause: .notAFile(isDirectory: (status.st_mode & S_IFMT) == S_IFDIR))
    }
    return (descriptor, status)
  }

  /// Reads from `descriptor` until the end of the file or until `capacity` bytes are read.
  private static func readChunk(_ descriptor: Int32, capacity: Int, path: String)
    throws(FileError) -> (bytes: [UInt8], reachedEnd: Bool)
  {
    var readError: Int32 = 0
    var reachedEnd = false
    let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
      initialized = 0
      while initialized < buffer.count {
        let count = read(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
        if count < 0 {
          if errno == EINTR { continue }
          readError = errno
          return
        }
        if count == 0 {
          reachedEnd = true
          return
        }
        initialized += count
      }
    }
    if readError != 0 { throw FileError(path: path, operation: "read", errorNumber: readError) }
    return (bytes, reachedEnd)
  }

  /// Creates `path` and any missing parents with mode 0700, then sets 0700 on `path` itself.
  public static func makePrivateDirectory(_ path: String) throws(FileError) {
    var status = stat()
    if stat(path, &status) != 0 {
      let parent = directory(of: path)
      if parent != path { try makePrivateDirectory(parent) }
      if mkdir(path, 0o700) != 0, errno != EEXIST {
        throw FileError(path: path, operation: "create the directory", errorNumber: errno)
      }
    } else if (status.st_mode & S_IFMT) != S_IFDIR {
      throw FileError(path: path, operation: "use the directory", cause: .notADirectory)
    }
  }

  /// Sets `mode` on `path`.
  public static func setMode(_ mode: mode_t, of path: String) throws(FileError) {
    guard chmod(path, mode) == 0 else {
      throw FileError(path: path, operation: "set the mode of", errorNumber: errno)
    }
  }

  /// The points of `replaceAtomically`, in order, at which it calls its checkpoint.
  public enum ReplaceStep: String, CaseIterable, Sendable {
    /// The temporary file exists and is still empty.
    case created = "temporary-created"
    /// All bytes are written to the temporary file, which is not yet flushed.
    case written = "temporary-written"
    /// The temporary file is flushed and closed; the rename comes next.
    case flushed = "temporary-flushed"
    /// The new file is in place; the directory is not yet flushed.
    case renamed
  }

  /// Replaces `path` with `bytes` so that readers see the old file or the new one, never a mix.
  ///
  /// Writes a temporary sibling, fsyncs it, renames it over `path` and fsyncs the directory, so the
  /// new content survives a crash once this returns. On failure the temporary file is removed and
  /// `path` is untouched. `checkpoint` runs at each `ReplaceStep`; the crash tests use it to kill
  /// the process at a known point of this very code.
  ///
  /// A cache file, which its readers check and which costs only a read of its source when lost,
  /// is not `isDurable`: neither it nor the directory is flushed, which would cost a wait for
  /// the disk in a command that only reads.
  public static func replaceAtomically(
    _ path: String, with bytes: [UInt8], mode: mode_t, isDurable: Bool = true,
    checkpoint: (ReplaceStep) -> Void = { _ in }
  ) throws(FileError) {
    // Something other than a file where the new file goes (a FIFO, a socket, a link) was put
    // there by someone else; replacing it would destroy it silently.
    var existing = stat()
    if lstat(path, &existing) == 0, (existing.st_mode & S_IFMT) != S_IFREG {
      throw FileError(
        path: path, operation: "write",
        cause: .notAFile(isDirectory: (existing.st_mode & S_IFMT) == S_IFDIR))
    }
    let temporary = path + temporarySuffix + String(getpid())
    // The name holds this process's id, so whatever is there is a leftover of a dead process with
    // the same id; O_EXCL then never opens (and blocks on) a FIFO planted under that name.
    unlink(temporary)
    let descriptor = open(
      temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, mode)
    guard descriptor >= 0 else {
      throw FileError(path: path, operation: "write", errorNumber: errno)
    }
    checkpoint(.created)
    var failure: FileError?
    var written = 0
    while written < bytes.count, failure == nil {
      let count = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + written, $0.count - written)
      }
      if count < 0 {
        if errno != EINTR {
          failure = FileError(path: path, operation: "write", errorNumber: errno)
        }
      } else {
        written += count
      }
    }
    if failure == nil {
      checkpoint(.written)
      if fchmod(descriptor, mode) != 0 {
        failure = FileError(path: path, operation: "set the mode of", errorNumber: errno)
      }
    }
    if failure == nil, isDurable, fsync(descriptor) != 0 {
      failure = FileError(path: path, operation: "write", errorNumber: errno)
    }
    if close(descriptor) != 0, failure == nil {
      failure = FileError(path: path, operation: "write", errorNumber: errno)
    }
    if failure == nil {
      checkpoint(.flushed)
      if rename(temporary, path) != 0 {
        failure = FileError(path: path, operation: "replace", errorNumber: errno)
      }
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
    checkpoint(.renamed)
    if isDurable { syncDirectory(of: path) }
  }

  /// Removes temporary files that an interrupted `replaceAtomically` left behind, of `path` or of
  /// a sibling whose name starts with its name (such as its backups).
  ///
  /// Only safe while holding the lock that serialises writers of `path` and those siblings.
  public static func removeLeftoverTemporaries(of path: String) {
    let folder = directory(of: path)
    let prefix = baseName(of: path)
    for name in entryNames(in: folder) where name.hasPrefix(prefix) && writer(of: name) != nil {
      unlink(folder + "/" + name)
    }
  }

  /// How old a temporary file must be to count as abandoned even when a process with its
  /// writer's id runs (ids are reused); no write of a cache file takes that long.
  static let abandonedTemporaryAge = 600

  /// Removes the temporary files in `folder` whose writer is gone: its process no longer
  /// exists, or the file is older than `abandonedTemporaryAge` seconds at `now` (seconds since
  /// the Unix epoch). A live writer's file is young and its process exists, so it is never
  /// removed under it; no lock is needed, which suits caches, whose writers take none.
  static func removeAbandonedTemporaries(in folder: String, now: Int) {
    for entry in entryNames(in: folder) {
      guard let writer = writer(of: entry) else { continue }
      let path = folder + "/" + entry
      var status = stat()
      guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
      let writerIsGone = kill(writer, 0) != 0 && errno == ESRCH
      #if canImport(Darwin)
        let modified = Int(status.st_mtimespec.tv_sec)
      #else
        let modified = Int(status.st_mtim.tv_sec)
      #endif
      if writerIsGone || now - modified > abandonedTemporaryAge {
        unlink(path)
      }
    }
  }

  /// The names in `folder` (without `.` and `..`); empty when it cannot be read.
  static func entryNames(in folder: String) -> [String] {
    ((try? entryNamesIfPresent(in: folder)) ?? nil) ?? []
  }

  /// The names in `folder` (without `.` and `..`); nil when there is no such folder.
  static func entryNamesIfPresent(in folder: String) throws(FileError) -> [String]? {
    guard let stream = opendir(folder) else {
      if errno == ENOENT { return nil }
      throw FileError(path: folder, operation: "list", errorNumber: errno)
    }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The process that wrote `name`, when it is a name that `replaceAtomically` gives its
  /// temporary files (`NAME.tmp-PID`); nil for any other name.
  static func writer(of name: String) -> pid_t? {
    var stem = Substring(name)
    while let last = stem.last, last.isASCII, last.isNumber { stem.removeLast() }
    guard stem.count < name.count, stem.hasSuffix(temporarySuffix) else { return nil }
    return pid_t(name.dropFirst(stem.count))
  }

  /// The directory part of `path` (`/` for a top-level entry, `.` for a bare name).
  public static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component of `path`.
  public static func baseName(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
  }

  private static let temporarySuffix = ".tmp-"

  /// Makes a rename in the directory durable; failure here cannot be reported usefully, because
  /// the new file is already in place.
  static func syncDirectory(of path: String) {
    let descriptor = open(directory(of: path), O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}
