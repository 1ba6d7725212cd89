import Testing

@testable import CoinTrackCore

/// The one reader of exports (`ExportTable`) and the one reader of their numbers
/// (`ExportNumber`): what they read, and what they refuse by line.
@Suite struct ExportReadingTests {
  @Test func quotesCommasLineBreaksBOMAndCRLFAreReadAsRFC4180Says() throws {
    let text = "\u{FEFF}a,b,c\r\n\"1,5\",\"x\"\"y\",\"l1\nl2\"\r\n\r\nplain,,last\r\n"
    let table = try ExportTable(Array(text.utf8))
    #expect(table.columns == ["a", "b", "c"])
    #expect(table.rows.map(\.fields) == [["1,5", "x\"y", "l1\nl2"], ["plain", "", "last"]])
    // The second row starts on line 5: the quoted break is line 3, line 4 is empty.
    #expect(table.rows.map(\.line) == [2, 5])
  }

  @Test func theSeparatorIsASemicolonWhenTheHeaderHoldsOne() throws {
    let table = try ExportTable(Array("a;b\n1,5;2\n".utf8))
    #expect(table.columns == ["a", "b"])
    #expect(table.rows[0].fields == ["1,5", "2"])
    let quoted = try ExportTable(Array("\"a;x\",b\n1,2\n".utf8))
    #expect(quoted.columns == ["a;x", "b"])
  }

  @Test func aFileCutShortIsRefusedByItsLastLine() {
    #expect(throws: ImportError.truncatedLine(line: 3)) {
      try ExportTable(Array("a,b,c\n1,2,3\n4,5".utf8))
    }
    #expect(throws: ImportError.truncatedLine(line: 3)) {
      try ExportTable(Array("a,b\n1,2\n3,\"open\n".utf8))
    }
    // A whole last line without its break is read.
    #expect((try? ExportTable(Array("a,b\n1,2".utf8)))?.rows.count == 1)
    #expect(throws: ImportError.emptyFile) { try ExportTable(Array("\u{FEFF}\r\n".utf8)) }
    #expect(throws: ImportError.notUTF8(line: 2)) { try ExportTable([0x61, 0x0A, 0xFF, 0x0A]) }
  }

  /// (text, value, unit), or nil value for a refusal.
  static let numbers: [(String, String?, String?)] = [
    ("43.7000000000VET", "43.7000000000", "VET"),
    ("0.00001143BNB", "0.00001143", "BNB"),
    ("€3343.11", "3343.11", nil),
    ("-€597.49846", "-597.49846", nil),
    ("€ 300.00", "300.00", nil),
    ("$39999.33", "39999.33", nil),
    ("£1.5", "1.5", nil),
    ("1,234,567.89", "1234567.89", nil),
    ("11,426.2000000000", "11426.2000000000", nil),
    ("-3.605E-05", "-0.00003605", nil),
    ("4.615E-06", "0.000004615", nil),
    ("5.1E-7", "0.00000051", nil),
    ("1E6", "1000000", nil),
    ("007.50", "7.50", nil),
    ("+2", "2", nil),
    ("12,5", nil, nil),
    ("1,234", nil, nil),
    ("1,23,456.7", nil, nil),
    ("1.234,56", nil, nil),
    ("", nil, nil),
    ("-", nil, nil),
    ("abc", nil, nil),
    ("1.2.3", nil, nil),
    ("Kč5,149.00", nil, nil),
    ("0x10", nil, nil),
  ]

  @Test(arguments: 0..<numbers.count)
  func aNumberIsReadWithItsUnitOrRefused(_ index: Int) {
    let (text, value, unit) = Self.numbers[index]
    let number = ExportNumber(text)
    #expect(number?.value.text == value, "\(text)")
    #expect(number?.unit == unit, "\(text)")
  }

  @Test func aDecimalCommaIsRefusedNamingLineAndColumn() {
    let file =
      "Date(UTC);Market;Type;Price;Amount;Total;Fee;Fee Coin\n"
      + "2020-02-04 16:19:07;LTCBTC;BUY;0,007393;1,61;0,01190273;0,00161;LTC\n"
    #expect(
      throws: ImportError.invalidField(line: 2, column: "Amount", value: "1,61", .number)
    ) {
      try ExportReader.events(Array(file.utf8), format: nil, today: ExportSamples.today)
    }
  }

  @Test func thousandsSeparatorsInAQuotedFieldAreRead() throws {
    let file =
      "Date(UTC),Market,Type,Price,Amount,Total,Fee,Fee Coin\n"
      + "2021-05-01 10:00:00,BTCUSDT,BUY,\"11,426.20\",0.5,\"5,713.10\",0.001,BNB\n"
    let events = try ExportReader.events(Array(file.utf8), format: nil, today: ExportSamples.today)
    #expect(
      events.map(\.kind) == [
        .trade(.buy, coin: "BTC", quantity: price("0.5"), total: price("5713.10"), currency: "USDT")
      ])
    #expect(events[0].fees == [ExportAmount(asset: "BNB", quantity: price("0.001"))])
  }

  @Test func aRenamedColumnIsAnUnknownHeaderNamingWhatWasFound() {
    let file =
      "User_ID,UTC_Time,Account,Operation,Coin,Amount,Remark\n1,2021-01-01 00:00:00,Spot,Buy,BTC,1,\n"
    #expect(
      throws: ImportError.unknownHeader(columns: [
        "User_ID", "UTC_Time", "Account", "Operation", "Coin", "Amount", "Remark",
      ])
    ) {
      try ExportReader.events(Array(file.utf8), format: nil, today: ExportSamples.today)
    }
  }

  @Test func aColumnRenamedBesideThoseThatTellTheFormatIsRefusedByName() {
    let file =
      "Timestamp,Transaction Type,Asset,Quantity Transacted,Price Currency,Sub total,Fees\n"
      + "2022-03-25 06:45:27 UTC,Buy,BTC,0.00166779,EUR,€67.01,€2.99\n"
    #expect(
      throws: ImportError.missingColumn(
        "Subtotal",
        columns: [
          "Timestamp", "Transaction Type", "Asset", "Quantity Transacted", "Price Currency",
          "Sub total", "Fees",
        ])
    ) { try ExportReader.events(Array(file.utf8), format: nil, today: ExportSamples.today) }
  }

  @Test func fromAFormatWhoseHeaderIsNotTheFilesIsRefused() throws {
    let bytes = try ExportSamples.bytes("kraken/trades.csv")
    #expect {
      try ExportReader.events(bytes, format: .binance, today: ExportSamples.today)
    } throws: { error in
      guard case ImportError.headerNotOfFormat(.binance, let columns) = error else { return false }
      return columns.first == "txid"
    }
  }

  @Test func aDayAfterTodayIsRefusedByLine() throws {
    let bytes = try ExportSamples.bytes("kraken/trades.csv")
    let today = Day(iso: "2017-09-11")!
    #expect(
      throws: ImportError.invalidField(
        line: 3, column: "time", value: "2017-09-12 18:18:58.4825", .afterToday(today))
    ) { try ExportReader.events(bytes, format: nil, today: today) }
  }
}
