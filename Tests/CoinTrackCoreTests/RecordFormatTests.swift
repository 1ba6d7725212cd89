import Testing

@testable import CoinTrackCore

/// The record formats on records holding the awkward characters.
@Suite struct RecordFormatTests {
  static let records = RecordSet(
    fields: [.init("name"), .init("price", isNumeric: true)],
    records: [
      [.text("tab\there, line\nbreak, back\\slash\r"), .number("1.50")], [.text("plain"), .null],
    ])

  @Test func tsvEscapesWhatAFieldCannotHold() {
    #expect(
      RecordFormat.tsv.render(Self.records)
        == "name\tprice\ntab\\there, line\\nbreak, back\\\\slash\\r\t1.50\nplain\t\n")
    #expect(RecordFormat.tsv.render(Self.records, header: false).hasPrefix("tab\\there"))
  }

  @Test func jsonLinesIsOneCompactObjectPerLine() {
    #expect(
      RecordFormat.jsonl.render(Self.records)
        == "{\"name\":\"tab\\there, line\\nbreak, back\\\\slash\\r\",\"price\":1.50}\n"
        + "{\"name\":\"plain\",\"price\":null}\n")
  }

  @Test func headerCanBeLeftOutOfTableAndCSV() {
    #expect(RecordFormat.csv.render(Self.records, header: false).hasPrefix("\"tab\there,"))
    #expect(
      RecordFormat.table.render(Self.records.selecting(["price"]), header: false)
        == "1.50\n   -\n")
  }

  @Test func selectingReordersFieldsAndValues() {
    let selected = Self.records.selecting(["price", "name"])
    #expect(selected.fields.map(\.key) == ["price", "name"])
    #expect(Array(selected.records[1]) == [.null, .text("plain")])
  }

  @Test func aSelectionOfASelectionEqualsTheRecordsBuiltWithItsFields() {
    let twice = Self.records.selecting(["price", "name"]).selecting(["name"])
    let built = RecordSet(
      fields: [Self.records.fields[0]], records: Self.records.records.map { [$0[0]] })
    #expect(twice == built)
    #expect(twice.hashValue == built.hashValue)
    #expect(twice != Self.records.selecting(["price"]))
  }

  @Test func everyKindBuildsRecordsWithItsOwnFields() {
    let statistics = PriceStatistics(
      symbol: "BTC", currency: "USDT", source: "t", rows: PriceRows([]))
    #expect(RecordSet.priceStatistics(statistics).fields == RecordKind.priceStatistics.fields)
    #expect(
      RecordSet.priceStatistics(statistics).records[0].count
        == RecordKind.priceStatistics.fields.count)
    #expect(RecordSet.priceRows(PriceRows([])).fields == RecordKind.priceRow.fields)
    #expect(
      OutputFormat.all.map(\.name)
        == ["table", "csv", "tsv", "json", "jsonl", "ledger", "hledger", "beancount"])
    #expect(OutputFormat.all.allSatisfy { OutputFormat(name: $0.name) == $0 })
  }
}
