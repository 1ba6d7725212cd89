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
  /// plain decimal text `priceText(position, body)` lends to `body` when the row is read (and
  /// does not call it on a day without one); `daysWithoutPrice` of them have none.
  /// `source(position)`, when given, names each row's source instead of the template's.
  init(
    first: Day, count: Int, daysWithoutPrice: Int, template: PriceRow,
    source: (@Sendable (_ position: Int) -> String)? = nil,
    priceText:
      @escaping @Sendable (_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void)
      -> Void
  ) {
    storage = MadeRows(first: first, template: template, source: source, priceText: priceText)
    endIndex = count
    self.daysWithoutPrice = daysWithoutPrice
  }

  public subscript(position: Int) -> PriceRow {
    PriceRow(
      day: day(at: position), symbol: symbol(at: position), price: price(at: position),
      currency: currency(at: position), source: source(at: position),
      isClosed: isClosed(at: position))
  }

  func day(at position: Int) -> Day { storage.day(at: position) }
  func symbol(at position: Int) -> String { storage.symbol(at: position) }
  func price(at position: Int) -> Price? { storage.price(at: position) }
  /// The price of the row at `position` as a number.
  func close(at position: Int) -> ExactDecimal? { storage.close(at: position) }
  func currency(at position: Int) -> String { storage.currency(at: position) }
  func source(at position: Int) -> String { storage.source(at: position) }
  func isClosed(at position: Int) -> Bool { storage.isClosed(at: position) }
}

/// Where the fields of `PriceRows` come from.
private protocol Storage: AnyObject, Sendable {
  func day(at position: Int) -> Day
  func symbol(at position: Int) -> String
  func price(at position: Int) -> Price?
  func close(at position: Int) -> ExactDecimal?
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
  func close(at position: Int) -> ExactDecimal? { rows[position].price.map(ExactDecimal.init) }
  func currency(at position: Int) -> String { rows[position].currency }
  func source(at position: Int) -> String { rows[position].source }
  func isClosed(at position: Int) -> Bool { rows[position].isClosed }
}

/// Row `n` is `template` on the day `n` days after `first`, with the price whose text
/// `priceText(n, body)` lends and, when `source` is given, the source `source(n)`.
private final class MadeRows: Storage {
  typealias PriceText =
    @Sendable (_ position: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void)
    -> Void
  let first: Day
  let template: PriceRow
  let source: (@Sendable (_ position: Int) -> String)?
  let priceText: PriceText

  init(
    first: Day, template: PriceRow, source: (@Sendable (_ position: Int) -> String)?,
    priceText: @escaping PriceText
  ) {
    self.first = first
    self.template = template
    self.source = source
    self.priceText = priceText
  }

  func day(at position: Int) -> Day { first.adding(days: position) }
  func symbol(at position: Int) -> String { template.symbol }
  func price(at position: Int) -> Price? {
    var price: Price?
    priceText(position) { price = Price(plainDecimalUTF8: $0) }
    return price
  }
  // Read from the text where it lies: a walk over years of days computes with every close.
  func close(at position: Int) -> ExactDecimal? {
    var close: ExactDecimal?
    priceText(position) { close = ExactDecimal(plainDecimalBytes: $0) }
    return close
  }
  func currency(at position: Int) -> String { template.currency }
  func source(at position: Int) -> String { source?(position) ?? template.source }
  func isClosed(at position: Int) -> Bool { template.isClosed }
}
