import Foundation

@testable import CoinTrackCore

/// A state file in a fresh temporary directory, removed on deinit.
final class StateFixture {
  let root: URL
  let path: String

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("cointrack-state-\(UUID().uuidString)")
    path = root.path + "/cointrack/state.json"
    try FileManager.default.createDirectory(
      atPath: FileSystem.directory(of: path), withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(at: root)
  }

  /// A store of this fixture's file that starts from the catalogue's defaults.
  func store() -> StateStore {
    StateStore(
      path: path, lockTimeoutSeconds: 10,
      initialState: { TrackerState.initial(catalogue: SnapshotPriceSource().catalogue()) })
  }

  func write(_ bytes: [UInt8], to file: String? = nil) throws {
    try Data(bytes).write(to: URL(fileURLWithPath: file ?? path))
  }

  /// The bytes of `file` (the state file by default), or nil when it does not exist.
  func bytes(of file: String? = nil) -> [UInt8]? {
    (try? Data(contentsOf: URL(fileURLWithPath: file ?? path))).map { [UInt8]($0) }
  }

  /// The names in the state file's directory, sorted.
  func listing() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: FileSystem.directory(of: path)).sorted()
  }
}
