#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Loads and saves the state file, serialising every load-change-save behind a file lock.
public struct StateStore: Sendable {
  /// A state file larger than this is not one cointrack wrote; refusing it keeps memory bounded.
  public static let maximumFileSize = 16 * 1024 * 1024

  /// The state file.
  public let path: String
  /// How long a writer waits for another writer's lock.
  public let lockTimeoutSeconds: Double
  private let initialState: @Sendable () -> TrackerState

  public init(
    path: String, lockTimeoutSeconds: Double,
    initialState: @escaping @Sendable () -> TrackerState
  ) {
    self.path = path
    self.lockTimeoutSeconds = lockTimeoutSeconds
    self.initialState = initialState
  }

  /// The lock file beside the state file.
  public var lockPath: String { path + ".lock" }

  /// `$XDG_DATA_HOME/cointrack/state.json`, or `~/.local/share/cointrack/state.json` when
  /// XDG_DATA_HOME is unset, empty or relative (as the XDG spec requires).
  public static func defaultPath(environment: [String: String]) throws(StateError) -> String {
    let base: String
    if let dataHome = environment["XDG_DATA_HOME"], dataHome.hasPrefix("/") {
      base = dataHome
    } else if let home = environment["HOME"], home.hasPrefix("/") {
      base = home + "/.local/share"
    } else {
      throw StateError.noHomeDirectory
    }
    return base + "/cointrack/state.json"
  }

  /// The current state; the initial state when no file exists yet. Never creates anything.
  public func load() throws(StateError) -> TrackerState {
    try read(path)
  }

  /// Runs `change` on the current state under the lock and saves the result if it differs.
  ///
  /// When `change` throws, nothing is written.
  public func update<Result>(_ change: (inout TrackerState) throws -> Result) throws -> Result {
    let target = try resolvedTarget()
    do {
      try FileSystem.makePrivateDirectory(FileSystem.directory(of: target))
    } catch {
      throw StateError.unwritable(path: error.path, reason: error.reason)
    }
    return try FileLock.withLock(path: lockPath, timeoutSeconds: lockTimeoutSeconds) {
      FileSystem.removeLeftoverTemporaries(of: target)
      let original = try read(target)
      var state = original
      let result = try change(&state)
      if state != original {
        let bytes = Array((JSONWriter.indented(state.json) + "\n").utf8)
        do throws(FileError) {
          try FileSystem.replaceAtomically(target, with: bytes, mode: 0o600)
          try FileSystem.setMode(0o700, of: FileSystem.directory(of: target))
        } catch {
          throw StateError.unwritable(path: error.path, reason: error.reason)
        }
      }
      return result
    }
  }

  /// The file a save replaces: the state file, or what it links to, so that a state file kept
  /// elsewhere through a symbolic link stays there.
  private func resolvedTarget() throws(StateError) -> String {
    var status = stat()
    guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return path }
    guard let resolved = realpath(path, nil) else {
      throw StateError.unreadable(path: path, reason: "it is a symbolic link to a missing file")
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  private func read(_ file: String) throws(StateError) -> TrackerState {
    let bytes: [UInt8]?
    do {
      bytes = try FileSystem.readFileIfPresent(file, limit: StateStore.maximumFileSize)
    } catch {
      throw StateError.unreadable(path: path, reason: error.reason)
    }
    guard let bytes else { return initialState() }
    let document: JSONValue
    do {
      document = try JSONParser.parse(bytes)
    } catch {
      throw StateError.unusable(
        path: path, reason: "invalid JSON at byte \(error.offset): \(error.reason)")
    }
    do {
      return try TrackerState(json: document)
    } catch {
      if case .newerVersion(let version) = error.problem {
        throw StateError.newerSchema(
          path: path, version: version, supported: TrackerState.schemaVersion)
      }
      throw StateError.unusable(path: path, reason: error.description)
    }
  }
}
