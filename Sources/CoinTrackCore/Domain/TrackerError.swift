/// Why a tracker operation was refused. Each case carries the input it is about.
public enum TrackerError: Error, Hashable, Sendable {
  /// No coin in the catalogue has this symbol or name.
  case unknownCoin(input: String, suggestions: [Coin])
  /// The coin is on the tracked list already.
  case coinAlreadyTracked(input: String, coin: TrackedCoin)
  /// Every id has been given out once; ids are never reused.
  case noIDsLeft(input: String)
  /// No tracked coin has this id, symbol or name.
  case coinNotTracked(input: String)
  /// The symbol or name fits several coins (of a source, or tracked); the user must pick one
  /// by its id.
  case ambiguousCoin(input: String, candidates: [Coin], among: CoinPool)
  /// The range starts after it ends.
  case rangeStartsAfterEnd(from: Day, to: Day)
  /// A date given by the user lies after today.
  case dateAfterToday(input: String, day: Day, today: Day)
  /// The source holds no price for any day of the range.
  case noPricesInRange(symbol: String, requested: DayRange, held: DayRange?, source: String)
  /// The proposed username breaks a rule.
  case invalidUsername(input: String, problem: UsernameProblem)
}

extension TrackerError: KindedFailure {
  public var failureKind: FailureKind {
    switch self {
    case .unknownCoin, .coinNotTracked, .noPricesInRange: return .notFound
    case .coinAlreadyTracked, .noIDsLeft, .ambiguousCoin, .rangeStartsAfterEnd, .dateAfterToday,
      .invalidUsername:
      return .invalidValue
    }
  }
}

/// Where an ambiguous coin's candidates come from.
public enum CoinPool: Hashable, Sendable {
  /// The coins a price source knows, by the source's name.
  case source(String)
  /// The tracked coins.
  case tracked
}

/// Why the state file could not be used. Each case names the path.
public enum StateError: Error, Hashable, Sendable {
  /// The file exists but is not a state file we can read: invalid JSON or not our schema.
  case unusable(path: String, reason: String)
  /// The file was written by a newer cointrack.
  case newerSchema(path: String, version: Int, supported: Int)
  /// The file or its directory cannot be read.
  case unreadable(path: String, reason: String)
  /// The file or its directory cannot be written; nothing was changed.
  case unwritable(path: String, reason: String)
  /// Another cointrack held the lock for longer than the wait allows.
  case lockTimeout(lockPath: String, seconds: Double)
  /// The change would make the file larger than a read allows; nothing was written.
  case wouldBeTooLarge(path: String, size: Int, limit: Int)
  /// Neither XDG_DATA_HOME nor HOME says where the state lives.
  case noHomeDirectory
  /// XDG_DATA_HOME or HOME holds a value that cannot name the state's place.
  case unusableEnvironment(EnvironmentError)
}

extension StateError: KindedFailure {
  public var failureKind: FailureKind {
    switch self {
    case .unusable, .newerSchema, .noHomeDirectory: return .configuration
    case .wouldBeTooLarge: return .invalidValue
    case .unreadable, .unwritable: return .ioError
    case .lockTimeout: return .temporaryFailure
    case .unusableEnvironment(let error): return error.failureKind
    }
  }
}
