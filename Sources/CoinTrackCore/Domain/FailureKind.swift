/// What kind of failure an error is: the sysexits.h category a command-line front end reports
/// it with.
///
/// The core knows nothing of processes or exit codes, but each of its errors knows what kind of
/// failure it is; the CLI maps each kind to one exit code.
public enum FailureKind: Hashable, Sendable, CaseIterable {
  /// The command line is wrong and must be retyped (EX_USAGE).
  case usage
  /// A value is well-formed but not acceptable (EX_DATAERR).
  case invalidValue
  /// What was asked for does not exist (EX_NOINPUT).
  case notFound
  /// A price source cannot be reached or answered badly (EX_UNAVAILABLE).
  case unavailable
  /// A file or stream cannot be read or written (EX_IOERR).
  case ioError
  /// Trying again later may work (EX_TEMPFAIL).
  case temporaryFailure
  /// A setting is unusable: the state file, an API key, an environment variable (EX_CONFIG).
  case configuration
}

/// An error whose every case declares its kind of failure, next to the cases themselves.
public protocol KindedFailure: Error {
  var failureKind: FailureKind { get }
}
