/// A coin's daily rows over a range of days, one per day in order: the rows a live source
/// answered, held in an array, or rows made each time one is read, so that a range of any length
/// takes the same memory.
///
/// Made rows can be read as often as needed, which is what lets a table measure its columns in
/// one pass and write them in another without holding the rows. Renderers read a row a field at
/// a time, so each field can be read on its own: only `price(at:)` looks a price up.
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

  /// `count` rows from the day `first` on, each `template` with its own day and the price that
  /// `price(position)` looks up when the row is read; `daysWithoutPrice` of them have none.
  /// `source(position)`, when given, names each row's source instead of the template's.
  init(
    first: Day, count: Int, daysWithoutPrice: Int, template: PriceRow,
    source: (@Sendable (_ position: Int) -> String)? = nil,
    price: @escaping @Sendable (_ position: Int) -> Price?
  ) {
    storage = MadeRows(first: first, template: template, source: source, price: price)
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
  func currency(at position: Int) -> String { storage.currency(at: position) }
  func source(at position: Int) -> String { storage.source(at: position) }
  func isClosed(at position: Int) -> Bool { storage.isClosed(at: position) }
}

/// Where the fields of `PriceRows` come from.
private protocol Storage: AnyObject, Sendable {
  func day(at position: Int) -> Day
  func symbol(at position: Int) -> String
  func price(at position: Int) -> Price?
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
  func currency(at position: Int) -> String { rows[position].currency }
  func source(at position: Int) -> String { rows[position].source }
  func isClosed(at position: Int) -> Bool { rows[position].isClosed }
}

/// Row `n` is `template` on the day `n` days after `first`, with the price `price(n)` and, when
/// `source` is given, the source `source(n)`.
private final class MadeRows: Storage {
  let first: Day
  let template: PriceRow
  let source: (@Sendable (_ position: Int) -> String)?
  let price: @Sendable (_ position: Int) -> Price?

  init(
    first: Day, template: PriceRow, source: (@Sendable (_ position: Int) -> String)?,
    price: @escaping @Sendable (_ position: Int) -> Price?
  ) {
    self.first = first
    self.template = template
    self.source = source
    self.price = price
  }

  func day(at position: Int) -> Day { first.adding(days: position) }
  func symbol(at position: Int) -> String { template.symbol }
  func price(at position: Int) -> Price? { price(position) }
  func currency(at position: Int) -> String { template.currency }
  func source(at position: Int) -> String { source?(position) ?? template.source }
  func isClosed(at position: Int) -> Bool { template.isClosed }
}
