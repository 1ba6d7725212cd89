import Foundation

@testable import CoinTrackCore

/// A fresh directory for one test, removed when the test drops it.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("cointrack-core-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: url)
  }

  /// A state store whose file lies in this directory (in a not yet existing subdirectory).
  func store(lockTimeoutSeconds: Double = 2) -> StateStore {
    StateStore(
      path: url.appendingPathComponent("cointrack/state.json").path,
      lockTimeoutSeconds: lockTimeoutSeconds,
      initialState: { TrackerState.initial(catalogue: SnapshotPriceSource().catalogue()) })
  }

  /// A tracker on this directory's store and the snapshot, with the given today.
  func tracker(today: String = "2026-05-20") -> Tracker {
    let store = store()
    return Tracker(openStore: { store }, source: SnapshotPriceSource(), today: Day(iso: today)!)
  }
}
