import Synchronization

/// What `cointrack sync` did for one coin.
public struct SyncOutcome: Sendable {
  /// How a coin's sync ended.
  public enum Status: String, Sendable {
    /// New closes were stored.
    case added
    /// The offline data already reached the last closed day; nothing was asked.
    case current
    /// The source was asked and had no close the history lacks.
    case unchanged
    /// The coin could not be synced; `failure` says why, and its file is as it was.
    case failed
  }

  /// The coin's symbol, or the input as given when it named no coin.
  public var symbol: String
  /// The coin's id; nil when the input named no coin.
  public var coinID: String?
  /// The live source asked (or that would have been); nil when none was chosen.
  public var source: String?
  /// The closes stored: their count and first and last days, not the rows, so that a sync of
  /// a thousand coins does not hold every close it wrote until it reports.
  public var added: AddedCloses
  public var status: Status
  public var failure: (any Error)?

  public init(
    symbol: String, coinID: String? = nil, source: String? = nil, added: [HistoryRow] = [],
    status: Status, failure: (any Error)? = nil
  ) {
    self.symbol = symbol
    self.coinID = coinID
    self.source = source
    self.added = AddedCloses(added)
    self.status = status
    self.failure = failure
  }
}

/// The closes a sync stored for one coin, as its record shows them.
public struct AddedCloses: Sendable {
  /// How many closes were stored.
  public let count: Int
  /// The day of the first; nil when none was.
  public let first: Day?
  /// The day of the last; nil when none was.
  public let last: Day?

  /// The summary of `rows`, in order of day.
  public init(_ rows: [HistoryRow]) {
    count = rows.count
    first = rows.first?.day
    last = rows.last?.day
  }
}

/// A coin that `cointrack sync` was asked for: resolved, or the reason it could not be.
public enum SyncTarget: Sendable {
  case coin(Coin)
  case unresolved(input: String, failure: any Error)
}

/// Extends the local history of coins with the closed days a live source holds after their
/// last offline close, in parallel across coins.
///
/// Each coin's source is `--source`, else the one its history was synced from, else Binance
/// for the snapshot's coins (the snapshot is Binance's USDT closes) and for coins known by
/// their symbol alone, else CoinGecko. A coin keeps the currency its offline data is in; a new
/// coin takes its source's default. Requests go through the live sources, with their checks,
/// cache, rate-limit retries and bounds (which apply to each coin).
public struct HistorySync: Sendable {
  /// How many coins are synced at once unless `--jobs` says otherwise.
  public static let defaultJobs = 8
  /// The most `--jobs` allows.
  public static let maximumJobs = 64

  public let offline: OfflinePriceSource
  public let history: HistoryStore
  public let configuration: LiveSourceConfiguration
  /// The source `--source` forces on every coin.
  public let forcedSource: PriceSourceKind?
  /// The first day asked for a coin the offline data does not hold at all.
  public let from: Day?
  /// The last day to store: yesterday, the last closed day.
  public let lastDay: Day
  public let jobs: Int

  public init(
    offline: OfflinePriceSource, history: HistoryStore, configuration: LiveSourceConfiguration,
    forcedSource: PriceSourceKind?, from: Day?, lastDay: Day, jobs: Int
  ) {
    self.offline = offline
    self.history = history
    self.configuration = configuration
    self.forcedSource = forcedSource
    self.from = from
    self.lastDay = lastDay
    self.jobs = jobs
  }

  /// The coins `inputs` name: tracked ones first (by list id, symbol, name or `@` id), then
  /// those known offline, then those the live source knows. Each input is resolved on its own,
  /// so one unknown name fails alone.
  public func targets(named inputs: [String], tracked state: TrackerState) -> [SyncTarget] {
    var targets: [SyncTarget] = []
    for input in inputs {
      do {
        let coin = try resolve(input, tracked: state)
        if !targets.contains(where: {
          if case .coin(let other) = $0 { other.id == coin.id } else { false }
        }) {
          targets.append(.coin(coin))
        }
      } catch {
        targets.append(.unresolved(input: input, failure: error))
      }
    }
    return targets
  }

  private func resolve(_ input: String, tracked state: TrackerState) throws -> Coin {
    do {
      return try state.trackedCoin(named: input).coin
    } catch {
      guard case .coinNotTracked = error else { throw error }
    }
    do {
      return try offline.resolveCoin(input)
    } catch {
      guard case TrackerError.unknownCoin = error else { throw error }
    }
    let kind = forcedSource ?? .coingecko
    return try kind.makeSource(currency: nil, configuration: configuration).resolveCoin(input)
  }

  /// Syncs every target and returns one outcome each, in their order. `progress(done, total)`
  /// is called after each coin, one call at a time.
  public func run(
    _ targets: [SyncTarget], progress: @escaping @Sendable (_ done: Int, _ total: Int) -> Void
  ) -> [SyncOutcome] {
    let plans = targets.map(plan)
    let kinds = PriceSourceKind.allCases
    let outcomes = Outcomes(plans.map(\.outcome))
    ParallelWork.run(
      groups: plans.map { plan in plan.work.flatMap { kinds.firstIndex(of: $0.kind) } ?? 0 },
      limits: kinds.map(parallelRequests), threads: jobs
    ) { task in
      let outcome = plans[task].work.map(fetch) ?? plans[task].outcome
      outcomes.state.withLock { state in
        state.outcomes[task] = outcome
        state.done += 1
        progress(state.done, plans.count)
      }
    }
    return outcomes.state.withLock { $0.outcomes.compactMap { $0 } }
  }

  /// The outcomes as the coins finish, shared by the threads.
  private final class Outcomes: Sendable {
    let state: Mutex<(done: Int, outcomes: [SyncOutcome?])>

    init(_ outcomes: [SyncOutcome?]) {
      state = Mutex((0, outcomes))
    }
  }

  /// How many coins of `kind` are asked at once: every job for Binance and for CoinGecko with
  /// a paid key; one at a time where the plan allows a few requests a minute.
  private func parallelRequests(_ kind: PriceSourceKind) -> Int {
    switch kind {
    case .binance, .offline: return jobs
    case .coingecko: return configuration.coinGeckoProKey?.isEmpty == false ? jobs : 1
    case .twelvedata: return 1
    }
  }

  /// What a coin needs: its source, currency and days; or its outcome already.
  private struct Plan: Sendable {
    var outcome: SyncOutcome?
    var work: Work?
  }

  /// The request one coin needs.
  private struct Work: Sendable {
    let coin: Coin
    let kind: PriceSourceKind
    let currency: String
    let days: DayRange
  }

  /// Decides a target's source, currency and days from its offline data, reading only the end
  /// of its history file.
  private func plan(_ target: SyncTarget) -> Plan {
    let coin: Coin
    switch target {
    case .unresolved(let input, let failure):
      return Plan(outcome: SyncOutcome(symbol: input, status: .failed, failure: failure))
    case .coin(let resolved): coin = resolved
    }
    var outcome = SyncOutcome(symbol: coin.symbol, coinID: coin.id, status: .current)
    do {
      let lastRow = try history.lastRow(of: coin)
      let snapshotSeries = SnapshotSeries.named(coin.symbol).flatMap {
        $0.coin.id == coin.id ? $0 : nil
      }
      let kind =
        forcedSource ?? lastRow.flatMap { PriceSourceKind(rawValue: $0.source) }
        ?? (snapshotSeries != nil || coin.coingeckoID == nil ? .binance : .coingecko)
      outcome.source = kind.rawValue
      let heldCurrency =
        lastRow?.currency ?? (snapshotSeries != nil ? SnapshotPriceSource.currency : nil)
      let currency = heldCurrency ?? kind.defaultCurrency
      guard kind.currencies.contains(currency) else {
        throw HistoryError.currencyMismatch(
          symbol: coin.symbol, held: currency, source: kind.rawValue, quotes: kind.currencies)
      }
      let lastHeld = try offline.offlineLastDay(of: coin)
      let start =
        lastHeld?.adding(days: 1) ?? Swift.max(from ?? firstDay(of: kind), firstDay(of: kind))
      guard let days = DayRange(from: start, to: lastDay) else { return Plan(outcome: outcome) }
      return Plan(work: Work(coin: coin, kind: kind, currency: currency, days: days))
    } catch {
      outcome.status = .failed
      outcome.failure = error
      return Plan(outcome: outcome)
    }
  }

  /// The oldest day `kind` answers: its first day, and for CoinGecko without a paid key the
  /// first day of its plan's window, so that a new coin asks nothing the plan refuses.
  private func firstDay(of kind: PriceSourceKind) -> Day {
    let first = kind.firstDayWithPrices ?? lastDay
    guard configuration.coinGeckoProKey?.isEmpty != false,
      let window = kind.unpaidHistoryWindowDays
    else { return first }
    return Swift.max(first, configuration.currentDay.adding(days: -(window - 1)))
  }

  /// Asks the coin's source for its days and stores the closes the history lacks.
  private func fetch(_ work: Work) -> SyncOutcome {
    var outcome = SyncOutcome(
      symbol: work.coin.symbol, coinID: work.coin.id, source: work.kind.rawValue,
      status: .unchanged)
    do {
      let source = try work.kind.makeSource(currency: work.currency, configuration: configuration)
      let rows: PriceRows
      do {
        rows = try source.dailyPrices(of: work.coin, in: work.days)
      } catch TrackerError.noPricesInRange {
        rows = PriceRows([])
      }
      let closes = rows.compactMap { row in
        row.price.map {
          HistoryRow(
            day: row.day, symbol: work.coin.symbol, price: $0, currency: work.currency,
            source: work.kind.rawValue)
        }
      }
      outcome.added = AddedCloses(try history.add(closes, to: work.coin))
      if outcome.added.count > 0 { outcome.status = .added }
    } catch {
      outcome.status = .failed
      outcome.failure = error
    }
    return outcome
  }

  /// The kinds of failure from the least to the most serious, for the exit code of a sync
  /// where several coins failed: one that trying again tomorrow mends ranks below one that
  /// needs the user.
  public static let failureSeverity: [FailureKind] = [
    .temporaryFailure, .unavailable, .notFound, .invalidValue, .ioError, .configuration, .usage,
  ]

  /// The most serious of `kinds` by `failureSeverity`; nil when there is none.
  public static func mostSerious(_ kinds: [FailureKind]) -> FailureKind? {
    kinds.max {
      (failureSeverity.firstIndex(of: $0) ?? 0) < (failureSeverity.firstIndex(of: $1) ?? 0)
    }
  }
}

/// A sync in which some coins failed; the others' closes are stored.
public struct SyncIncomplete: Error, KindedFailure, Hashable {
  public let failed: Int
  public let total: Int
  /// The most serious kind among the failures, which the exit code reports.
  public let worst: FailureKind

  public init(failed: Int, total: Int, worst: FailureKind) {
    self.failed = failed
    self.total = total
    self.worst = worst
  }

  public var failureKind: FailureKind { worst }
}
