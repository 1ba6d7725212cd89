import CoinTrackTestSupport
import Testing

@testable import CoinTrackCore

/// A `decimal` cell is written without a string of its own, and must read as the `number` cell
/// of its text would in every format: the same bytes, the same table alignment, the same
/// equality.
@Suite struct DecimalCellTests {
  /// Seeded decimal texts: 1 to 45 digits (past what 128 bits hold), 0 to 12 decimals, some
  /// negative, some with trailing zeros, and zero with decimals.
  static let texts: [String] = {
    var generator = SeededGenerator(seed: 35)
    var texts = ["0", "0.00", "0.5", "-0.05", "24012.00000000", "7"]
    for _ in 0..<300 {
      let length = 1 + Int(generator.next(below: 45))
      var digits = ""
      while digits.count < length { digits += String(generator.next(below: 1_000_000_000)) }
      var integer = String(digits.prefix(length))
      if integer.first == "0" { integer = "7" + integer.dropFirst() }
      let scale = Int(generator.next(below: 13))
      let padding = generator.next(below: 4) == 0 ? String(repeating: "0", count: scale) : ""
      let whole = String(integer.dropLast(min(scale, integer.count - 1)))
      let fraction = String(integer.suffix(min(scale, integer.count - 1))) + padding
      let sign = generator.next(below: 3) == 0 ? "-" : ""
      texts.append(sign + whole + (fraction.isEmpty ? "" : "." + fraction))
    }
    return texts
  }()

  /// The texts as records of an amount in a numeric column and one in a column of text, each
  /// cell made by `cell`, with a missing amount between them.
  static func records(_ cell: (Price) -> RecordSet.Value) -> RecordSet {
    let prices = texts.map { Price(decimalText: $0)! }
    return RecordSet(
      fields: [.init("amount", isNumeric: true), .init("note"), .init("row", isNumeric: true)],
      records: prices.indices.map { index in
        [index % 7 == 3 ? .null : cell(prices[index]), cell(prices[index]), .integer(index)]
      })
  }

  @Test func decimalCellsAreWrittenAsTheNumbersOfTheirText() {
    let decimals = Self.records { .decimal(ExactDecimal($0)) }
    let numbers = Self.records { .number($0.text) }
    for format in RecordFormat.allCases {
      for header in [true, false] {
        #expect(
          format.render(decimals, header: header) == format.render(numbers, header: header),
          "\(format) header: \(header)")
      }
    }
    // Each column of the table alone, as its numbers set its decimals.
    for field in ["amount", "note"] {
      #expect(
        RecordFormat.table.render(decimals.selecting([field]))
          == RecordFormat.table.render(numbers.selecting([field])))
    }
    #expect(decimals == numbers)
  }

  @Test func cellsAreEqualWhenTheyAreWrittenTheSame() {
    let oneFifty = RecordSet.Value.decimal(ExactDecimal(Price(decimalText: "1.50")!))
    let onePointFive = RecordSet.Value.decimal(ExactDecimal(Price(decimalText: "1.5")!))
    #expect(oneFifty == .number("1.50"))
    #expect(RecordSet.Value.number("1.50") == oneFifty)
    #expect(oneFifty.hashValue == RecordSet.Value.number("1.50").hashValue)
    #expect(oneFifty != onePointFive)
    #expect(oneFifty != .number("1.5"))
    #expect(oneFifty != .text("1.50"))
    #expect(RecordSet.Value.text("1.50") != oneFifty)
    #expect(oneFifty != .null)
    #expect(RecordSet.Value.decimal(.zero) != .integer(0))
    let general = ExactDecimal(general: ExactDecimal(Price(decimalText: "1.50")!))
    #expect(RecordSet.Value.decimal(general) == oneFifty)
  }
}
