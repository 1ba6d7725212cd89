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
  /// How long a run waits for the lock, from the environment.
  public static let lockTimeoutVariable = EnvironmentVariable(
    "COINTRACK_LOCK_TIMEOUT", .seconds(allowed: 0...86_400, default: 5, whole: false),
    meaning: "How long to wait for another cointrack's lock on the state; 0 tries once.")
  private let initialState: @Sendable () -> TrackerState
  private let saveCheckpoint: @Sendable (FileSystem.ReplaceStep) -> Void

  /// A store of the file at `path`; `saveCheckpoint` runs at each step of replacing the state
  /// file, and exists for the crash tests.
  public init(
    path: String, lockTimeoutSeconds: Double,
    initialState: @escaping @Sendable () -> TrackerState,
    saveCheckpoint: @escaping @Sendable (FileSystem.ReplaceStep) -> Void = { _ in }
  ) {
    self.path = path
    self.lockTimeoutSeconds = lockTimeoutSeconds
    self.initialState = initialState
    self.saveCheckpoint = saveCheckpoint
  }

  /// The variable naming the directory the state's folder lives in.
  public static let dataHomeVariable = "XDG_DATA_HOME"
  /// Where in HOME the data directory is when the variable does not say (the XDG default).
  public static let dataHomeInHome = ".local/share"
  /// The state file's path inside the data directory.
  public static let pathInDataHome = "cointrack/state.json"
  /// What the lock file's path adds to the state file's.
  public static let lockSuffix = ".lock"

  /// The lock file beside the state file.
  public var lockPath: String { path + StateStore.lockSuffix }

  /// `$XDG_DATA_HOME/cointrack/state.json`, or `~/.local/share/cointrack/state.json` when
  /// XDG_DATA_HOME is unset, empty or relative (as the XDG spec requires).
  public static func defaultPath(environment: Environment) throws(StateError) -> String {
    try dataHome(environment: environment) + "/" + pathInDataHome
  }

  /// `$XDG_DATA_HOME`, or `~/.local/share` when XDG_DATA_HOME is unset, empty or relative: the
  /// directory under which cointrack keeps its data (the state and the price history).
  public static func dataHome(environment: Environment) throws(StateError) -> String {
    let base: String?
    do {
      base = try environment.directory(dataHomeVariable, underHome: dataHomeInHome)
    } catch {
      throw StateError.unusableEnvironment(error)
    }
    guard let base else { throw StateError.noHomeDirectory }
    return base
  }

  /// Where the file of an older schema version is kept when a save migrates it.
  public static func backupPath(of path: String, version: Int) -> String {
    path + ".bak-v\(version)"
  }

  /// The current state; the initial state when no file exists yet. Never creates anything.
  public func load() throws(StateError) -> TrackerState {
    try read(path).state
  }

  /// Runs `change` on the current state under the lock and saves the result, one revision on,
  /// if it differs.
  ///
  /// When `change` throws, nothing is written. Saving a file of an older schema version first
  /// keeps its bytes as `state.json.bak-v<N>`.
  public func update<Result>(_ change: (inout TrackerState) throws -> Result) throws -> Result {
    try update(readingTrades: false) { state, _ in try change(&state) }
  }

  /// The stored trades, in id order: those of the journal beside the state file, or of a state
  /// file of version 5. Read under the lock, shared with other readers, so that no write is seen
  /// half done.
  public func loadTrades() throws -> [Trade] {
    try inspect(readingTrades: true) { _, trades in trades! }
  }

  /// Runs `look` on the current state and the stored trades in id order, read together under
  /// the lock shared with other readers, so that no write is seen half done; as for
  /// `update(readingTrades:_:)`, the trades are nil when not read. Never creates anything but
  /// the lock file: without the data directory the state is the initial one and there are no
  /// trades.
  public func inspect<Result>(
    readingTrades: Bool, _ look: (TrackerState, [Trade]?) throws -> Result
  ) throws -> Result {
    let target = try resolvedTarget()
    let journal = TradesFile(besideStateFile: target)
    func read() throws -> Result {
      let original = try self.read(target)
      let stored =
        original.version < 6
        ? original.trades
        : readingTrades ? try journal.readTrades(nextTradeID: original.state.nextTradeID) : nil
      return try look(original.state, stored)
    }
    var directory = stat()
    guard stat(FileSystem.directory(of: target), &directory) == 0 else {
      return try look(initialState(), readingTrades ? [] : nil)
    }
    do {
      return try FileLock.withLock(
        path: lockPath, timeoutSeconds: lockTimeoutSeconds, shared: true, read)
    } catch StateError.unwritable {
      // No lock file can be made here (a read-only place): then no writer can make one either.
      return try read()
    }
  }

  /// What a change does to the stored trades; see `update(readingTrades:_:)`.
  public struct TradeChanges {
    /// The stored trades in id order, when the change asked for them.
    public let stored: [Trade]?
    /// Trades to store after the stored ones, with ids from the state's `nextTradeID`.
    public var appended: [Trade] = []
    /// The trades to keep instead of the stored ones, when set (a removal).
    public var replacement: [Trade]?
  }

  /// Runs `change` on the current state and the trades under the lock, and saves what changed:
  /// the state one revision on, and the trades. A change that only appends trades rewrites
  /// nothing that grows with them: the state file is saved first, keeping the new
  /// `nextTradeID`, then the lines are appended to the journal and flushed. `readingTrades`
  /// reads the stored trades for `change`; without it they are read only from a version 5 file.
  ///
  /// When `change` throws, or a bound would be passed, nothing is written. Saving a file of an
  /// older schema version keeps its bytes as `state.json.bak-v<N>`, and writes the journal whole.
  public func update<Result>(
    readingTrades: Bool, _ change: (inout TrackerState, inout TradeChanges) throws -> Result
  ) throws -> Result {
    let target = try resolvedTarget()
    let journal = TradesFile(besideStateFile: target)
    do {
      try FileSystem.makePrivateDirectory(FileSystem.directory(of: target))
    } catch {
      throw StateError.unwritable(path: error.path, reason: error.reason)
    }
    return try FileLock.withLock(path: lockPath, timeoutSeconds: lockTimeoutSeconds) {
      FileSystem.removeLeftoverTemporaries(of: target)
      FileSystem.removeLeftoverTemporaries(of: journal.path)
      let original = try read(target)
      let isMigrating = original.bytes != nil && original.version < TrackerState.schemaVersion
      var changes = TradeChanges(
        stored: original.version < 6
          ? original.trades
          : readingTrades ? try journal.readTrades(nextTradeID: original.state.nextTradeID) : nil)
      var state = original.state
      let result = try change(&state, &changes)
      let changesTrades = !changes.appended.isEmpty || changes.replacement != nil
      guard state != original.state || changesTrades else { return result }
      state.revision = min(original.state.revision, TrackerState.maximumRevision - 1) + 1
      let bytes = Array((JSONWriter.indented(state.json) + "\n").utf8)
      // A file this large would be refused by every later read: refuse the change instead.
      guard bytes.count <= StateStore.maximumFileSize else {
        throw StateError.wouldBeTooLarge(
          path: target, size: bytes.count, limit: StateStore.maximumFileSize)
      }
      // The journal written whole when migrating or removing; else where the appended go.
      var wholeJournal: [UInt8]?
      var appendEnd: Int?
      if isMigrating || changes.replacement != nil {
        let lines = try journal.lines(
          of: (changes.replacement ?? changes.stored ?? []) + changes.appended)
        try journal.checkSize(lines.count)
        wholeJournal = lines
        // A migration without trades leaves no journal, and none left by an older save.
        if lines.isEmpty, changes.replacement == nil {
          wholeJournal = nil
          unlink(journal.path)
        }
      } else if !changes.appended.isEmpty {
        appendEnd = try journal.prepareAppend(count: try journal.size(of: changes.appended))
      }
      do throws(FileError) {
        if let old = original.bytes, isMigrating {
          // The backup is complete before the migrated file replaces the old one, so a crash
          // in between leaves the old file in place and the next save writes the backup again.
          try FileSystem.replaceAtomically(
            StateStore.backupPath(of: target, version: original.version), with: old,
            mode: 0o600)
        }
        // Before the state file: a crash in between leaves the old state, which a version 5
        // file reads without the journal and a removal's only differs from by its revision.
        if let wholeJournal {
          try FileSystem.replaceAtomically(journal.path, with: wholeJournal, mode: 0o600)
        }
        try FileSystem.replaceAtomically(
          target, with: bytes, mode: 0o600, checkpoint: saveCheckpoint)
        try FileSystem.setMode(0o700, of: FileSystem.directory(of: target))
      } catch {
        throw StateError.unwritable(path: error.path, reason: error.reason)
      }
      // After the state file, which gives the new ids out for good: a crash in between loses
      // trades never reported recorded, and never lets their ids be given again.
      if let appendEnd { try journal.append(changes.appended, at: appendEnd) }
      return result
    }
  }

  /// The file a save replaces: the state file, or what it links to, so that a state file kept
  /// elsewhere through a symbolic link stays there.
  private func resolvedTarget() throws(StateError) -> String {
    var status = stat()
    guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return path }
    guard let resolved = realpath(path, nil) else {
      throw StateError.unreadable(
        path: path, reason: FileError(path: path, operation: "read", cause: .danglingLink).reason)
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// A state as read from its file, with what a migration needs to keep the original.
  private struct LoadedState {
    var state: TrackerState
    /// The file's schema version; the current one when there is no file.
    var version: Int
    /// The file's bytes; nil when there is no file.
    var bytes: [UInt8]?
    /// The trades of a version 5 file; none for other versions, whose trades are in the journal.
    var trades: [Trade] = []
  }

  private func read(_ file: String) throws(StateError) -> LoadedState {
    let bytes: [UInt8]?
    do {
      bytes = try FileSystem.readFileIfPresent(file, limit: StateStore.maximumFileSize)
    } catch {
      if case .tooLarge = error.cause {
        throw StateError.unusable(path: path, reason: error.reason)
      }
      throw StateError.unreadable(path: path, reason: error.reason)
    }
    guard let bytes else {
      return LoadedState(state: initialState(), version: TrackerState.schemaVersion, bytes: nil)
    }
    do {
      let (state, version, trades) = try TrackerState.decode(bytes)
      return LoadedState(state: state, version: version, bytes: bytes, trades: trades)
    } catch {
      switch error {
      case .syntax(let syntaxError):
        throw StateError.unusable(
          path: path, reason: "invalid JSON at byte \(syntaxError.offset): \(syntaxError.reason)")
      case .schema(let schemaError):
        if case .newerVersion(let version) = schemaError.problem {
          throw StateError.newerSchema(
            path: path, version: version, supported: TrackerState.schemaVersion)
        }
        throw StateError.unusable(path: path, reason: schemaError.description)
      }
    }
  }
}
