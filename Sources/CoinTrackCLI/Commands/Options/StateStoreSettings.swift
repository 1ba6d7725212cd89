import CoinTrackCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The state store a run opens, as the environment configures it.
enum StateStoreSettings {
  /// The store at the XDG location, waiting `StateStore.lockTimeoutVariable` seconds for the
  /// lock.
  static func store(context: RunContext) throws(StateError) -> StateStore {
    let (lockTimeout, hook) = try writeSettings(context: context)
    return StateStore(
      path: try StateStore.defaultPath(environment: context.environment),
      lockTimeoutSeconds: lockTimeout,
      initialState: CommandRunner.initialState, saveCheckpoint: { hook?.pause(at: $0) })
  }

  /// The local price history at the XDG location, written under the same lock wait and test
  /// hook as the state. Its rows after the system's date are left out and said to `notices`,
  /// unless the run is asked to be a later day (`askedToday`, from --today or
  /// COINTRACK_TODAY), as a replay of that day holds closes up to it.
  static func history(context: RunContext, notices: SourceNotices?, askedToday: Day?)
    throws(StateError) -> HistoryStore
  {
    let (lockTimeout, hook) = try writeSettings(context: context)
    return HistoryStore(
      directory: try HistoryStore.defaultDirectory(environment: context.environment),
      lockTimeoutSeconds: lockTimeout,
      today: max(context.systemToday(), askedToday ?? context.systemToday()), notices: notices,
      checkpoint: { hook?.pause(at: $0) })
  }

  /// How long a writer waits for a lock, and the test hook that pauses its writes, if set.
  private static func writeSettings(context: RunContext) throws(StateError)
    -> (lockTimeout: Double, hook: SavePauseHook?)
  {
    do {
      let lockTimeout = try context.environment.seconds(StateStore.lockTimeoutVariable)
      let pause = try context.environment.seconds(SavePauseHook.variable, allowed: 0...86_400)
      return (
        lockTimeout, pause.map { SavePauseHook(standardError: context.standardError, seconds: $0) }
      )
    } catch {
      throw StateError.unusableEnvironment(error)
    }
  }
}

/// A test hook, not a user feature: with COINTRACK_TEST_SAVE_PAUSE=<seconds> set, every save says
/// on stderr which step of replacing the state file it has reached and pauses there, so that the
/// crash tests can SIGKILL the real save code at a known step. Unset, saves never pause.
private struct SavePauseHook: @unchecked Sendable {
  static let variable = "COINTRACK_TEST_SAVE_PAUSE"

  // Unchecked because the store calls the hook synchronously on the thread that runs the
  // command, which is the only thread writing to this output.
  let standardError: any TextOutput
  let seconds: Double

  func pause(at step: FileSystem.ReplaceStep) {
    try? standardError.write("\(CommandTable.programName): test hook: paused at \(step.rawValue)\n")
    var interval = timespec(
      tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    nanosleep(&interval, nil)
  }
}
