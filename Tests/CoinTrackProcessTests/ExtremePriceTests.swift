import CoinTrackTestSupport
import Foundation
import Testing

/// Prices a live source can give that no fixed width holds, through the real binary: the chart,
/// the sparkline and the statistics are exact, never an overflow trap or null.
@Suite struct ExtremePriceTests {
  /// Binance daily candles of 2024-01-01 to 2024-01-03 closing at 1e37, 1e-30 and 1e8.
  static let candles = [
    ("2024-01-01", 1_704_067_200_000, "10000000000000000000000000000000000000"),
    ("2024-01-02", 1_704_153_600_000, "0.000000000000000000000000000001"),
    ("2024-01-03", 1_704_240_000_000, "100000000"),
  ].map { _, opened, close in
    #"[\#(opened),"1.0","2.0","0.5","\#(close)","100.0",\#(opened + 86_399_999),"1.0",10,"1.0","1.0","0"]"#
  }

  private func run(_ options: [String], terminal: Bool = false) throws -> ProcessResult {
    let api = try FakePriceAPI([
      .init(path: "/api/v3/klines", body: "[" + Self.candles.joined(separator: ",") + "]")
    ])
    let sandbox = try Sandbox()
    return try sandbox.run(
      ["prices", "btc", "--source", "binance", "--from", "2024-01-01", "--to", "2024-01-03"]
        + options,
      environment: ["COINTRACK_TODAY": nil, "COINTRACK_BINANCE_URL": api.baseURL])
  }

  @Test func theChartDrawsPricesSpanningFortySixPlacesOfTen() throws {
    let result = try run(["--chart", "--no-header", "--fields", "date"])
    #expect(result.status == 0, "\(result.standardError)")
    let lines = result.standardOutput.split(separator: "\n").suffix(9)
    #expect(lines.first == "10000000000000000000000000000000000000 ┤█")
    #expect(lines.dropFirst(7).first == "      0.000000000000000000000000000001 ┤█▁▁")
  }

  @Test func statisticsOfPricesOverThirtyEightDigitsAreExact() throws {
    let result = try run([
      "--stats", "--format", "csv", "--fields", "min_price,max_price,mean_price,change_percent",
    ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(
      result.standardOutput
        == "min_price,max_price,mean_price,change_percent\r\n"
        + "0.000000000000000000000000000001,10000000000000000000000000000000000000,"
        + "3333333333333333333333333333366666666.666666666666666666666666666667,-100.00\r\n")
  }
}
