import CoinTrackTestSupport
import Foundation
import Testing

/// What cointrack writes, cointrack reads back: random inputs to every command that writes the
/// state (numbers with and without leading zeros, decimals of every length, the profile's
/// method), each followed by a read of what it stored, which must be the input in its canonical
/// form, unchanged, with the state file and each line of the trades file still valid JSON that
/// the same binary reads.
@Suite struct WrittenReadsBackTests {
  /// `text` without the zeros before the first digit of its whole part: the canonical form.
  static func canonical(_ text: String) -> String {
    var whole = text.prefix { $0 != "." }
    let rest = text.dropFirst(whole.count)
    while whole.count > 1, whole.first == "0" { whole.removeFirst() }
    return String(whole) + rest
  }

  /// A plain decimal of up to 6 digits each side, sometimes with leading zeros.
  static func decimal(_ generator: inout SeededGenerator, wholeAtLeastOne: Bool = false) -> String {
    var whole = String(generator.next(below: 999_999) + (wholeAtLeastOne ? 1 : 0))
    whole = String(repeating: "0", count: Int(generator.next(below: 3))) + whole
    let decimals = Int(generator.next(below: 7))
    guard decimals > 0 else { return whole }
    let fraction = (0..<decimals).map { _ in String(generator.next(below: 10)) }.joined()
    return whole + "." + fraction
  }

  static func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  }

  @Test func randomWritesReadBackUnchanged() throws {
    var generator = SeededGenerator(seed: 2026)
    let sandbox = try Sandbox()
    let coins = ["btc", "eth", "sol", "xrp", "ada"]
    var boughtUnits: [String: Decimal] = [:]
    for step in 0..<40 {
      let coin = coins[Int(generator.next(below: UInt64(coins.count)))]
      switch generator.next(below: 4) {
      case 0, 1:
        let quantity = Self.decimal(&generator, wholeAtLeastOne: true)
        let price = Self.decimal(&generator)
        let fee = Self.decimal(&generator)
        let sells = boughtUnits[coin, default: 0] > 1 && generator.next(below: 3) == 0
        // Days in order, so that a sale comes after the buys it counts on.
        let date = "2026-05-\(10 + step / 4)"
        var arguments = [
          "portfolio", sells ? "sell" : "buy", coin, sells ? "0.5" : quantity, "--price", price,
          "--fee", fee, "--date", date,
        ]
        // Income and transfers too, each kept with its side: income at the price given and no
        // fee, a transfer at price 0 and fee 0 (its fee's sale is checked by its own tests).
        let side = ["buy", "income", "transfer"][Int(generator.next(below: 3))]
        if !sells && side == "income" {
          let kind = ["staking", "airdrop", "interest"][Int(generator.next(below: 3))]
          arguments = [
            "portfolio", "income", coin, quantity, "--kind", kind, "--price", price, "--date", date,
          ]
        } else if !sells && side == "transfer" {
          arguments = ["portfolio", "transfer", coin, quantity, "--date", date]
        }
        let (storedSide, storedPrice, storedFee) =
          sells
          ? ("sell", price, fee)
          : side == "income"
            ? (arguments[5], price, "0")
            : side == "transfer" ? ("transfer", "0", "0") : ("buy", price, fee)
        let run = try sandbox.run(arguments + ["--format", "jsonl"])
        #expect(run.status == 0, "\(arguments): \(run.standardError)")
        if storedSide != "transfer" {
          boughtUnits[coin, default: 0] +=
            sells ? -0.5 : Decimal(string: Self.canonical(quantity))!
        }
        let recorded = try #require(try Self.json(run.standardOutput) as? [String: Any])
        let id = try #require(recorded["id"] as? Int)
        let trades = try sandbox.run(["portfolio", "trades", "--format", "jsonl"])
        #expect(trades.status == 0, "\(trades.standardError)")
        let last = try #require(
          trades.standardOutput.split(separator: "\n").first { $0.hasPrefix(#"{"id":\#(id),"#) })
        #expect(
          last.contains(#""quantity":\#(sells ? "0.5" : Self.canonical(quantity)),"#),
          "\(arguments) → \(last)")
        #expect(last.contains(#""side":"\#(storedSide)","#), "\(arguments) → \(last)")
        #expect(
          last.contains(#""price":\#(Self.canonical(storedPrice)),"#), "\(arguments) → \(last)")
        #expect(
          last.contains(#""fee":\#(Self.canonical(storedFee)),"#), "\(arguments) → \(last)")
      case 2:
        let condition = ["--above", "--below"][Int(generator.next(below: 2))]
        let threshold = Self.decimal(&generator, wholeAtLeastOne: true)
        let run = try sandbox.run([
          "alerts", "add", coin, condition, threshold, "--format", "jsonl",
        ])
        // The same alert twice is refused (65); anything else is stored.
        guard run.status == 0 else {
          #expect(run.status == 65, "\(run.standardError)")
          continue
        }
        let listed = try sandbox.run(["alerts", "list", "--format", "jsonl"])
        let last = try #require(listed.standardOutput.split(separator: "\n").last)
        #expect(last.contains(#""threshold":\#(Self.canonical(threshold)),"#), "\(last)")
      default:
        let name = "user\(generator.next(below: 1000))"
        let method = ["fifo", "lifo", "hifo", "average"][Int(generator.next(below: 4))]
        #expect(try sandbox.run(["profile", "set", name, "--method", method]).status == 0)
        let shown = try sandbox.run(["profile", "show", "--format", "json"])
        #expect(shown.standardOutput.contains(#""username":"\#(name)""#))
        #expect(shown.standardOutput.contains(#""method":"\#(method)""#))
      }
      // The files are JSON (the trades one object a line), and the same binary reads all of it.
      let state = try #require(sandbox.stateData())
      #expect((try? JSONSerialization.jsonObject(with: state)) != nil, "step \(step)")
      let journal = (try? String(contentsOf: sandbox.tradesFile, encoding: .utf8)) ?? ""
      for line in journal.split(separator: "\n") {
        #expect((try? Self.json(String(line))) != nil, "step \(step): \(line)")
      }
      for reader in [
        ["portfolio", "show", "--format", "json"], ["alerts", "list", "--format", "json"],
      ] {
        let read = try sandbox.run(reader)
        #expect(read.status == 0, "\(reader): \(read.standardError)")
        #expect((try? Self.json(read.standardOutput)) != nil, "\(reader)")
      }
    }
  }
}
