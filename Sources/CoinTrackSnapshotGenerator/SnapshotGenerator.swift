import CoinTrackCore
import Foundation

/// Turns `data/coins.csv` and `data/prices/*.csv` into the C file of the snapshot target.
///
/// One implementation for the `cointrack-snapshot-generator` tool, which writes the file, and for
/// the test that fails while the committed file is stale.
public enum SnapshotGenerator {
  /// The command that rewrites `snapshot.c`, for messages that say how to regenerate it.
  public static let regenerateCommand = "swift run cointrack-snapshot-generator"

  /// `Sources/CoinTrackSnapshot` of the checkout this file was built from.
  public static let targetDirectory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("CoinTrackSnapshot")

  public static var dataDirectory: URL { targetDirectory.appendingPathComponent("data") }
  public static var sourceFile: URL { targetDirectory.appendingPathComponent("snapshot.c") }

  /// One coin of the data: its listing line and its closes by day, as the data's decimal text.
  public struct CoinData: Sendable {
    public var symbol: String
    public var name: String
    public var coingeckoID: String
    public var closes: [Day: String]
    public var first: Day
    public var last: Day
  }

  /// The data break a rule of PROVENANCE.md; the description names the file and line.
  public struct FormatError: Error, CustomStringConvertible {
    public let description: String
  }

  /// The coins of `coins.csv` in strcmp order of their symbols, each checked against its prices.
  public static func readCoins(dataDirectory: URL = dataDirectory) throws -> [CoinData] {
    let listing = try String(
      contentsOf: dataDirectory.appendingPathComponent("coins.csv"), encoding: .utf8)
    let lines = listing.split(whereSeparator: \.isNewline)
    guard lines.first == "symbol,name,coingecko_id,first_date,last_date,rows,gaps" else {
      throw FormatError(description: "coins.csv has an unexpected header")
    }
    return try lines.dropFirst().map { line in
      let columns = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
      guard columns.count == 7, let first = Day(iso: columns[3]), let last = Day(iso: columns[4]),
        let rowCount = Int(columns[5]), let gaps = Int(columns[6])
      else { throw FormatError(description: "bad coins.csv line: \(line)") }
      let closes = try readCloses(
        dataDirectory.appendingPathComponent("prices/\(columns[0]).csv"))
      guard closes.count == rowCount, closes.keys.min() == first, closes.keys.max() == last,
        last.daysSince1970 - first.daysSince1970 + 1 - rowCount == gaps
      else { throw FormatError(description: "prices/\(columns[0]).csv disagrees with coins.csv") }
      return CoinData(
        symbol: columns[0], name: columns[1], coingeckoID: columns[2], closes: closes,
        first: first, last: last)
    }.sorted { $0.symbol < $1.symbol }
  }

  /// The closes of one `prices/<SYMBOL>.csv`, its days strictly ascending, its closes decimals.
  private static func readCloses(_ file: URL) throws -> [Day: String] {
    let text = try String(contentsOf: file, encoding: .utf8)
    let lines = text.split(whereSeparator: \.isNewline)
    guard lines.first == "date,open,high,low,close,volume" else {
      throw FormatError(description: "\(file.lastPathComponent) has an unexpected header")
    }
    var closes: [Day: String] = [:]
    var previous: Day?
    for line in lines.dropFirst() {
      let columns = line.split(separator: ",").map(String.init)
      guard columns.count == 6, let day = Day(iso: columns[0]),
        Price(decimalText: columns[4]) != nil, previous.map({ $0 < day }) ?? true
      else { throw FormatError(description: "bad line in \(file.lastPathComponent): \(line)") }
      closes[day] = columns[4]
      previous = day
    }
    return closes
  }

  /// The C source of the snapshot target, byte for byte what `snapshot.c` must hold.
  public static func cSource(dataDirectory: URL = dataDirectory) throws -> String {
    let coins = try readCoins(dataDirectory: dataDirectory)
    var output = """
      // Generated from data/ by Sources/CoinTrackSnapshotGenerator; do not edit.
      // Regenerate with: \(regenerateCommand)
      #include "CoinTrackSnapshot.h"


      """
    for coin in coins {
      var closes = ""
      var offsets: [Int] = [0]
      for index in 0...(coin.last.daysSince1970 - coin.first.daysSince1970) {
        closes += coin.closes[coin.first.adding(days: index)] ?? ""
        offsets.append(closes.utf8.count)
      }
      output += "static const char closes_\(coin.symbol)[] =\n"
      output += chunks(of: Array(closes), size: 96).map { "  \"\(String($0))\"\n" }.joined()
      output += "  ;\n"
      output += "static const uint32_t offsets_\(coin.symbol)[] = {\n"
      output += chunks(of: offsets, size: 12)
        .map { "  " + $0.map(String.init).joined(separator: ", ") + ",\n" }.joined()
      output += "};\n\n"
    }
    output += "static const ct_snapshot_coin coins[] = {\n"
    for coin in coins {
      let dayCount = coin.last.daysSince1970 - coin.first.daysSince1970 + 1
      output += "  {\"\(coin.symbol)\", \"\(coin.name)\", \"\(coin.coingeckoID)\", "
      output += "\(coin.first.daysSince1970), \(dayCount), offsets_\(coin.symbol), "
      output += "closes_\(coin.symbol)},\n"
    }
    output += """
      };

      int32_t ct_snapshot_coin_count(void) { return (int32_t)(sizeof coins / sizeof coins[0]); }

      const ct_snapshot_coin *ct_snapshot_coin_at(int32_t index) {
        if (index < 0 || index >= ct_snapshot_coin_count()) return 0;
        return &coins[index];
      }

      """
    return output
  }

  /// `elements` cut into runs of `size`, the last one shorter, for lines of a bounded width.
  private static func chunks<Element>(of elements: [Element], size: Int) -> [ArraySlice<Element>] {
    stride(from: 0, to: elements.count, by: size).map {
      elements[$0..<min($0 + size, elements.count)]
    }
  }
}
