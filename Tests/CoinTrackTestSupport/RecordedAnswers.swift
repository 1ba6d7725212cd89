import Foundation

/// Answers the price APIs really gave, kept under Fixtures/recorded (see PROVENANCE.md there).
public enum RecordedAnswer {
  /// The text of the recording `name`, such as `coingecko-hourly-bitcoin-eur.json`.
  public static func text(_ name: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Fixtures/recorded").appendingPathComponent(name)
    return try String(contentsOf: url, encoding: .utf8)
  }
}
