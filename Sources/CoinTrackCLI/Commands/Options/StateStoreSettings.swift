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
    let environment = context.environment
    let lockTimeout: Double
    let pause: Double?
    do {
      lockTimeout = try environment.seconds(StateStore.lockTimeoutVariable)
      pause = try environment.seconds(SavePauseHook.variable, allowed: 0...86_400)
    } catch {
      throw StateError.unusableEnvironment(error)
    }
    let hook = pause.map { SavePauseHook(standardError: context.standardError, seconds: $0) }
    return StateStore(
      path: try StateStore.defaultPath(environment: environment),
      lockTimeoutSeconds: lockTimeout,
      initialState: CommandRunner.initialState, saveCheckpoint: { hook?.pause(at: $0) })
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
