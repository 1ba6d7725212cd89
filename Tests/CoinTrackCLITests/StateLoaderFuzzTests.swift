import CoinTrackTestSupport
import Foundation
import Testing

@testable import CoinTrackCLI
@testable import CoinTrackCore

/// Mutated valid state files: loading never crashes and never changes the file; a file that
/// cannot be used is reported as unusable, and a save over it changes nothing.
extension FuzzTests {
  static let mutationCount = 4_000

  @Test func mutatedStateFilesAreLoadedOrReportedAndNeverChanged() throws {
    let home = try ScratchHome()
    let store = StateStore(
      path: home.statePath, lockTimeoutSeconds: 10,
      initialState: { TrackerState.initial(catalogue: SnapshotPriceSource().catalogue()) })
    let version5 = HostileStateFileTests.valid
    let version1 = Array(
      String(decoding: version5, as: UTF8.self)
        .replacingOccurrences(of: #""schema_version": 5"#, with: #""schema_version": 1"#)
        .replacingOccurrences(of: HostileStateFileTests.alertMembers, with: "")
        .replacingOccurrences(of: HostileStateFileTests.tradeMembers, with: "")
        .replacingOccurrences(of: ",\n  \"revision\": 7", with: "").utf8)
    #expect(try TrackerState.decode(version1).state.revision == 0)
    var generator = SeededGenerator(seed: Self.seed)
    CrashReporter.install()
    defer { CrashReporter.clear() }
    var failures = 0
    for index in 0..<Self.mutationCount {
      CrashReporter.record("seed \(Self.seed), mutation \(index)")
      var bytes = Bool.random(using: &generator) ? version5 : version1
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        bytes = StateMutation.random(using: &generator).applied(to: bytes, using: &generator)
      }
      let replay = "seed \(Self.seed), mutation \(index): \(bytes.debugDescription)"
      CrashReporter.record(replay)
      try home.writeState(bytes)
      if let problem = Self.problem(loading: bytes, with: store, home: home) {
        failures += 1
        Issue.record("\(problem) (\(replay))")
        if failures == 10 { break }
      }
    }
  }

  /// What goes wrong when `store` loads and then saves over the file holding `bytes`, or nil.
  static func problem(loading bytes: [UInt8], with store: StateStore, home: ScratchHome)
    -> String?
  {
    do {
      _ = try store.load()
    } catch {
      switch error {
      case .unusable, .newerSchema: break
      default: return "an unexpected error: \(error)"
      }
      guard home.stateBytes() == bytes else { return "a failed load changed the file" }
      do {
        try store.update { $0.profile.username = "fuzz" }
        return "a save over an unusable file succeeded"
      } catch {
        return home.stateBytes() == bytes ? nil : "a failed save changed the file"
      }
    }
    guard home.stateBytes() == bytes else { return "a load changed the file" }
    do {
      try store.update { $0.profile.username = "fuzz" }
      return try store.load().profile.username == "fuzz" ? nil : "the save was lost"
    } catch {
      return "a save over a loadable file failed: \(error)"
    }
  }
}

/// One way to damage a file.
enum StateMutation: CaseIterable {
  case flipBit, replaceByte, deleteRange, duplicateRange, insertToken, swapRanges

  static func random(using generator: inout SeededGenerator) -> StateMutation {
    allCases.randomElement(using: &generator)!
  }

  /// Tokens that are valid JSON somewhere or nearly so.
  static let tokens = [
    "null", "true", "false", "-0", "1e999", "0.5", "99999999999999999999", "-1", "\"\"", "[]", "{}",
    "\"\\ud800\"", "\"\\u0000\"", ",", ":", "\u{FEFF}", "\"schema_version\": 3,", "\"x\": 1,",
    "\"revision\": 2147483647", "\"next_id\": 0",
  ].map { Array($0.utf8) }

  func applied(to bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
    guard !bytes.isEmpty else { return Self.tokens.randomElement(using: &generator)! }
    var bytes = bytes
    let range = randomRange(in: bytes, using: &generator)
    switch self {
    case .flipBit:
      bytes[range.lowerBound] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
    case .replaceByte:
      let choices = Array(#"{}[]":,0123456789 -.e\n"#.utf8) + [0, 0x80, 0xC3, 0xFF]
      bytes[range.lowerBound] = choices.randomElement(using: &generator)!
    case .deleteRange:
      bytes.removeSubrange(range)
    case .duplicateRange:
      bytes.insert(contentsOf: bytes[range], at: Int.random(in: 0...bytes.count, using: &generator))
    case .insertToken:
      bytes.insert(
        contentsOf: Self.tokens.randomElement(using: &generator)!,
        at: Int.random(in: 0...bytes.count, using: &generator))
    case .swapRanges:
      let other = randomRange(in: bytes, using: &generator)
      guard range.upperBound <= other.lowerBound else { return bytes }
      bytes =
        Array(bytes[..<range.lowerBound]) + bytes[other]
        + bytes[range.upperBound..<other.lowerBound]
        + bytes[range] + bytes[other.upperBound...]
    }
    return bytes
  }

  /// A short range, mostly of a few bytes, within `bytes`.
  private func randomRange(in bytes: [UInt8], using generator: inout SeededGenerator) -> Range<Int>
  {
    let start = Int.random(in: 0..<bytes.count, using: &generator)
    let length = Int.random(in: 1...min(bytes.count - start, 24), using: &generator)
    return start..<(start + length)
  }
}
