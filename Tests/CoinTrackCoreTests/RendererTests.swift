import CoinTrackTestSupport
import Testing

@testable import CoinTrackCore

@Suite struct RendererTests {
  private let records = RecordSet(
    fields: [.init("id", isNumeric: true), .init("name"), .init("price", isNumeric: true)],
    records: [
      [.number("7"), .text("Bitcoin, \"the\" first"), .number("0.00001234")],
      [.number("12"), .text("line\nbreak"), .null],
    ])

  @Test func tableAlignsTextLeftAndNumbersRight() {
    let simple = RecordSet(
      fields: [.init("id", isNumeric: true), .init("symbol"), .init("price", isNumeric: true)],
      records: [
        [.number("1"), .text("BTC"), .number("42280.23")], [.number("12"), .text("SOL"), .null],
      ])
    #expect(
      RecordFormat.table.render(simple) == """
        ID  SYMBOL     PRICE
         1  BTC     42280.23
        12  SOL            -

        """)
  }

  /// Whole numbers and days are written in place, not from text: every format must still
  /// show them exactly, whatever their size or sign.
  @Test func integersAndDaysAreWrittenExactlyInEveryFormat() {
    let days = [Day(year: 1, month: 1, day: 1)!, Day(year: 2024, month: 2, day: 29)!]
    let set = RecordSet(
      fields: [.init("n", isNumeric: true), .init("day")],
      records: [
        [.integer(0), .date(days[0])], [.integer(-42), .date(days[1])],
        [.integer(Int.max), .null], [.integer(Int.min), .null],
      ])
    #expect(
      RecordFormat.table.render(set) == """
                           N  DAY
                           0  0001-01-01
                         -42  2024-02-29
         9223372036854775807  -
        -9223372036854775808  -

        """)
    #expect(
      RecordFormat.csv.render(set)
        == "n,day\r\n0,0001-01-01\r\n-42,2024-02-29\r\n9223372036854775807,\r\n"
        + "-9223372036854775808,\r\n")
    #expect(
      RecordFormat.json.render(set) == """
        [
          {"n":0,"day":"0001-01-01"},
          {"n":-42,"day":"2024-02-29"},
          {"n":9223372036854775807,"day":null},
          {"n":-9223372036854775808,"day":null}
        ]

        """)
  }

  /// A numeric column shows its decimals alike from top to bottom: as many as the number that
  /// needs the most, at least as many as the fewest any states; other formats keep each text.
  @Test func aNumericColumnShowsOneNumberOfDecimals() {
    let fields: [RecordSet.Field] = [.init("price", isNumeric: true), .init("id", isNumeric: true)]
    let closes = RecordSet(
      fields: fields,
      records: [
        [.number("2129.44"), .integer(1)], [.number("24012.00000000"), .integer(22)],
        [.number("2131.0"), .integer(3)], [.null, .integer(4)], [.number("-0.5"), .integer(5)],
      ])
    #expect(
      RecordFormat.table.render(closes) == """
           PRICE  ID
         2129.44   1
        24012.00  22
         2131.00   3
               -   4
           -0.50   5

        """)
    #expect(RecordFormat.csv.render(closes).contains("24012.00000000,22\r\n"))
    // Money rounded to cents keeps them; a whole number gains the point when others need it.
    let money = RecordSet(
      fields: [.init("cost", isNumeric: true)],
      records: [[.number("18009.00")], [.number("7501.50")], [.number("0.00")]])
    #expect(
      RecordFormat.table.render(money, header: false) == """
        18009.00
         7501.50
            0.00

        """)
    let quantities = RecordSet(
      fields: [.init("quantity", isNumeric: true)], records: [[.number("3")], [.number("0.15")]])
    #expect(RecordFormat.table.render(quantities, header: false) == "3.00\n0.15\n")
    // Zeros alone after the point are dropped when a whole number states none.
    let whole = RecordSet(
      fields: [.init("price", isNumeric: true)],
      records: [[.number("24012.00000000")], [.number("7")]])
    #expect(RecordFormat.table.render(whole, header: false) == "24012\n    7\n")
    let wide = RecordSet(
      fields: [.init("quantity", isNumeric: true)],
      records: [[.number("0.000000000000000001")], [.number("100")]])
    #expect(
      RecordFormat.table.render(wide, header: false) == """
          0.000000000000000001
        100.000000000000000000

        """)
  }

  @Test func decoratedTablesBoldTheHeaderOnly() {
    let output = RecordFormat.table.render(records, tableStyle: .decorated)
    #expect(output.hasPrefix("\u{1B}[1mID"))
    #expect(output.split(separator: "\n").dropFirst().allSatisfy { !$0.contains("\u{1B}") })
  }

  @Test func csvFollowsRFC4180() {
    #expect(
      RecordFormat.csv.render(records)
        == "id,name,price\r\n7,\"Bitcoin, \"\"the\"\" first\",0.00001234\r\n12,\"line\nbreak\",\r\n"
    )
  }

  /// Each special character alone in a field, so that dropping any one of them from the rule
  /// that quotes or escapes fails here (a field holding several hid a missing one).
  @Test(arguments: [
    ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("a\rb", "\"a\rb\""),
    ("a\nb", "\"a\nb\""), ("a\tb", "a\tb"), ("a\\b", "a\\b"), ("plain", "plain"),
    // First and last bytes, of a string held inline and of a longer one.
    (",", "\",\""), ("a\n", "\"a\n\""),
    ("a field longer than fifteen bytes\"", "\"a field longer than fifteen bytes\"\"\""),
  ])
  func csvQuotesAFieldForEachSpecialCharacterAlone(_ text: String, _ field: String) {
    let set = RecordSet(fields: [.init("name")], records: [[.text(text)]])
    #expect(RecordFormat.csv.render(set, header: false) == field + "\r\n")
  }

  @Test(arguments: [
    ("a\\b", "a\\\\b"), ("a\tb", "a\\tb"), ("a\nb", "a\\nb"), ("a\rb", "a\\rb"),
    ("a,b", "a,b"), ("say \"hi\"", "say \"hi\""), ("plain", "plain"),
    // First and last bytes, of a string held inline and of a longer one.
    ("\\", "\\\\"), ("a\t", "a\\t"),
    ("a field longer than fifteen bytes\r", "a field longer than fifteen bytes\\r"),
  ])
  func tsvEscapesEachSpecialCharacterAlone(_ text: String, _ field: String) {
    let set = RecordSet(fields: [.init("name")], records: [[.text(text)]])
    #expect(RecordFormat.tsv.render(set, header: false) == field + "\n")
  }

  @Test func jsonPrintsNumbersFromTheirTextAndNullForNone() {
    #expect(
      RecordFormat.json.render(records) == """
        [
          {"id":7,"name":"Bitcoin, \\"the\\" first","price":0.00001234},
          {"id":12,"name":"line\\nbreak","price":null}
        ]

        """)
    #expect(RecordFormat.json.render(RecordSet(fields: records.fields, records: [])) == "[]\n")
  }

  @Test func aSingleRecordIsOneJSONObject() {
    let profile = RecordSet.profile(Profile(username: "alice"))
    #expect(
      RecordFormat.json.render(profile)
        == #"{"username":"alice","source":"offline","currency":null,"method":"fifo"}"# + "\n")
  }

  @Test func everyFormatRendersTheSameRows() throws {
    let rows = try TemporaryDirectory().tracker().prices(
      coin: "BTC", from: DatedInput(day: Day(iso: "2026-01-07")!, input: "2026-01-07"),
      to: DatedInput(day: Day(iso: "2026-01-08")!, input: "2026-01-08")
    ).rows
    let set = RecordSet.priceRows(rows)
    #expect(
      RecordFormat.csv.render(set)
        == "date,symbol,price,currency,source,closed\r\n2026-01-07,BTC,91364.16,USDT,offline,true\r\n"
        + "2026-01-08,BTC,,USDT,offline,true\r\n")
    #expect(
      RecordFormat.table.render(set).contains("2026-01-08  BTC            -  USDT      offline"))
    #expect(
      RecordFormat.json.render(set).contains(
        #"{"date":"2026-01-08","symbol":"BTC","price":null,"currency":"USDT","source":"offline","closed":true}"#
      ))
  }

  /// A large table, with escaped text, long cells and one of 1.5 MB, is the table made the
  /// plain way, each cell padded to the widest of its column.
  @Test func aLargeTableIsTheTableOfItsModel() {
    var generator = SeededGenerator(seed: 27)
    var rows: [(id: Int, name: String, price: String, day: Day)] = []
    for row in 0..<20_000 {
      let length = Int(generator.next(below: 300))
      var name = String(repeating: "n", count: length)
      if generator.next(below: 50) == 0 { name += "é\u{1b}[2J" }
      if row == 7_000 {
        name = String(repeating: "x", count: 1_500_000)
      }
      let price = "\(Int(generator.next(below: 1_000_000)) - 500_000).\(10 + row % 90)"
      let day = Day(daysSince1970: Int(generator.next(below: 40_000)))!
      let id = Int(bitPattern: UInt(generator.next())) >> Int(generator.next(below: 64))
      rows.append((id, name, price, day))
    }
    // The names last: a left-aligned last column is not padded, so the longest name widens
    // no line but its own.
    let set = RecordSet(
      fields: [
        .init("id", isNumeric: true), .init("price", isNumeric: true), .init("day"),
        .init("name"),
      ],
      records: rows.map { [.integer($0.id), .number($0.price), .date($0.day), .text($0.name)] })
    let idWidth = max(2, rows.map { String($0.id).count }.max()!)
    let priceWidth = max(5, rows.map(\.price.count).max()!)
    func line(_ id: String, _ price: String, _ day: String, _ name: String) -> String {
      String(repeating: " ", count: idWidth - id.count) + id + "  "
        + String(repeating: " ", count: priceWidth - price.count) + price + "  " + day
        + String(repeating: " ", count: Day.isoLength - day.count) + "  " + name + "\n"
    }
    var model = line("ID", "PRICE", "DAY", "NAME")
    for row in rows {
      model += line(
        String(row.id), row.price, row.day.description, UntrustedText.terminalEscaped(row.name))
    }
    #expect(RecordFormat.table.render(set) == model)
  }
}
