import Foundation

/// The project's README, for tests that check it against the code.
enum Readme {
  /// The lines of the README's tables, `| ... | ... |`.
  static let tableRows: [Substring] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return text.split(separator: "\n").filter { $0.hasPrefix("| ") }
  }()
}
