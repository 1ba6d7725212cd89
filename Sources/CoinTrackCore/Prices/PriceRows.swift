/// A coin's daily rows over a range of days, one per day in order: the rows a live source
/// answered, held in an array, or rows made each time one is read, so that a range of any length
/// takes the same memory.
///
/// Made rows can be read as often as needed, which is what lets a table measure its columns in
/// one pass and write them in another without holding the rows. Renderers read a row a field at
/// a time, so each field can be read on its own: only `price(at:)` and `close(at:)` look a price
/// up, the first as text to print, the second as a number to compute with.
public struct PriceRows: RandomAccessCollection, Sendable {
  /// A class, so that reading a field copies no array, closure or row.
  private let storage: any Storage
  public let startIndex = 0
  public let endIndex: Int
  /// How many of the rows have no price.
  public let daysWithoutPrice: Int

  /// The rows of an array.
  public init(_ rows: [PriceRow]) {
    storage = HeldRows(rows: rows)
    endIndex = rows.count
    daysWithoutPrice = rows.count { $0.price == nil }
  }

  /// `count` rows from the day `first` on, each `template` with its own day and the price whose
  /// plain decimal text `priceTexts` lends: `priceTexts(positions, body)` calls `body` with the
  /// position and text of each row of `positions` that has a price, in order. `daysWithoutPrice`
  /// of the rows have none. `source(position)`, when given, names each row's source instead of
  /// the template's.
  init(
    first: Day, count: Int, daysWithoutPrice: Int, template: PriceRow,
    source: (@Sendable (_ position: Int) -> String)? = nil,
    priceTexts: @escaping PriceTexts
  ) {
    storage = MadeRows(
      first: first, count: count, template: template, source: source, priceTexts: priceTexts)
    endIndex = count
    self.daysWithoutPrice = daysWithoutPrice
  }

  /// How made rows lend the texts of their prices: `body` of the position, the text where it
  /// lies and the value when the source already holds it in a word (`none` when not), of each
  /// row of `positions` that has a price, in order.
  typealias PriceTexts = @Sendable (_ positions: Range<Int>, _ body: CloseBody) -> Void
  /// What `forEachClose` calls with each run of the rows' closes, as made rows' `priceTexts`
  /// does.
  typealias CloseBody = (_ closes: LentCloses) -> Void

  public subscript(position: Int) -> PriceRow {
    PriceRow(
      day: day(at: position), symbol: symbol(at: position), price: price(at: position),
      currency: currency(at: position), source: source(at: position),
      isClosed: isClosed(at: position))
  }

  func day(at position: Int) -> Day { storage.day(at: position) }
  func symbol(at position: Int) -> String { storage.symbol(at: position) }
  func price(at position: Int) -> Price? { storage.price(at: position) }
  /// `body` of each run of the closes of the rows that have a price, in order: read in one
  /// pass, as a walk over years of days computes with every close, and handed on in runs as
  /// the source lends them (a history's closes in one), so that a close held in a word is
  /// copied, not read again, and a year of closes takes no call each.
  func forEachClose(_ body: CloseBody) {
    storage.forEachClose(body)
  }
  func currency(at position: Int) -> String { storage.currency(at: position) }
  func source(at position: Int) -> String { storage.source(at: position) }
  func isClosed(at position: Int) -> Bool { storage.isClosed(at: position) }
}

/// Where the fields of `PriceRows` come from.
private protocol Storage: AnyObject, Sendable {
  func day(at position: Int) -> Day
  func symbol(at position: Int) -> String
  func price(at position: Int) -> Price?
  func forEachClose(_ body: PriceRows.CloseBody)
  func currency(at position: Int) -> String
  func source(at position: Int) -> String
  func isClosed(at position: Int) -> Bool
}

/// Rows held in an array.
private final class HeldRows: Storage {
  let rows: [PriceRow]

  init(rows: [PriceRow]) {
    self.rows = rows
  }

  func day(at position: Int) -> Day { rows[position].day }
  func symbol(at position: Int) -> String { rows[position].symbol }
  func price(at position: Int) -> Price? { rows[position].price }
  func forEachClose(_ body: PriceRows.CloseBody) {
    for (position, row) in rows.enumerated() {
      guard let price = row.price else { continue }
      // Lent in a word when it fits one, as the local history lends its closes.
      let value = ExactDecimal.Word(ExactDecimal(price))
      price.text.withUTF8Bytes {
        LentCloses.lend(value, text: $0, position: position, day: row.day, to: body)
      }
    }
  }
  func currency(at position: Int) -> String { rows[position].currency }
  func source(at position: Int) -> String { rows[position].source }
  func isClosed(at position: Int) -> Bool { rows[position].isClosed }
}

/// Row `n` is `template` on the day `n` days after `first`, with the price whose text
/// `priceTexts` lends for `n` and, when `source` is given, the source `source(n)`.
private final class MadeRows: Storage {
  let first: Day
  let count: Int
  let template: PriceRow
  let source: (@Sendable (_ position: Int) -> String)?
  let priceTexts: PriceRows.PriceTexts

  init(
    first: Day, count: Int, template: PriceRow, source: (@Sendable (_ position: Int) -> String)?,
    priceTexts: @escaping PriceRows.PriceTexts
  ) {
    self.first = first
    self.count = count
    self.template = template
    self.source = source
    self.priceTexts = priceTexts
  }

  func day(at position: Int) -> Day { first.adding(days: position) }
  func symbol(at position: Int) -> String { template.symbol }
  func price(at position: Int) -> Price? {
    var price: Price?
    priceTexts(position..<(position + 1)) { closes in
      for index in 0..<closes.count { price = Price(plainDecimalUTF8: closes.text(at: index)) }
    }
    return price
  }
  // All in one call, handed on as lent.
  func forEachClose(_ body: PriceRows.CloseBody) {
    priceTexts(0..<count, body)
  }
  func currency(at position: Int) -> String { template.currency }
  func source(at position: Int) -> String { source?(position) ?? template.source }
  func isClosed(at position: Int) -> Bool { template.isClosed }
}

/// Closes lent at once, in the order of their rows: each one's row position, its value when the
/// source holds it in a word (`none` when not) and the text of its price where it lies. Held as
/// a history holds its rows, so that its closes are lent in place.
struct LentCloses {
  private let entries: UnsafeBufferPointer<CoinHistory.Entry>
  /// The bytes the entries' prices lie in.
  private let bytes: UnsafePointer<UInt8>
  /// The day of position 0, as days since 1970 (a supported day fits 32 bits).
  private let origin: Int32
  /// The length of the text at `bytes` of a close lent alone (`lend`), whatever it is: an
  /// entry's bounds hold the short text of a history's line, not every close a live source can
  /// answer (whose answers are far below 4 GiB). 0 for closes lent as a history holds them.
  // Beside `origin` in one word, so that the closes are handed on in registers.
  private let lentTextLength: UInt32

  /// The closes of `entries`, their prices in `bytes` and their positions counted from `origin`.
  init(entries: UnsafeBufferPointer<CoinHistory.Entry>, bytes: UnsafePointer<UInt8>, origin: Day) {
    self.init(entries: entries, bytes: bytes, origin: origin, lentTextLength: 0)
  }

  private init(
    entries: UnsafeBufferPointer<CoinHistory.Entry>, bytes: UnsafePointer<UInt8>, origin: Day,
    lentTextLength: UInt32
  ) {
    self.entries = entries
    self.bytes = bytes
    self.origin = Int32(origin.daysSince1970)
    self.lentTextLength = lentTextLength
  }

  /// Lends `body` the one close of the row at `position`, on `day`: its value `value` and its
  /// text `text`.
  static func lend(
    _ value: ExactDecimal.Word, text: UnsafeBufferPointer<UInt8>, position: Int, day: Day,
    to body: PriceRows.CloseBody
  ) {
    // A price's text holds at least a digit, so it has an address.
    guard let base = text.baseAddress else { return }
    let entry = CoinHistory.Entry(day: day, close: value, priceStart: 0, priceLength: 0, source: 0)
    withUnsafePointer(to: entry) { entry in
      body(
        LentCloses(
          entries: UnsafeBufferPointer(start: entry, count: 1), bytes: base,
          origin: day.adding(days: -position), lentTextLength: UInt32(text.count)))
    }
  }

  /// How many closes are lent.
  var count: Int { entries.count }

  /// The row position of the close at `index`.
  // Inlined where a walk's table is filled with years of closes.
  @inline(__always)
  func position(at index: Int) -> Int {
    // Days of the supported years, far from overflowing.
    entries[index].day.daysSince1970 &- Int(origin)
  }

  /// The value of the close at `index` when the source holds it in a word; `none` when not.
  @inline(__always)
  func value(at index: Int) -> ExactDecimal.Word { entries[index].close }

  /// The text of the close at `index`, where it lies.
  @inline(__always)
  func text(at index: Int) -> UnsafeBufferPointer<UInt8> {
    // One of the two lengths is 0: a close lent alone has an entry of no length at `bytes`.
    UnsafeBufferPointer(
      start: bytes + Int(entries[index].priceStart),
      count: Int(entries[index].priceLength) | Int(lentTextLength))
  }
}
