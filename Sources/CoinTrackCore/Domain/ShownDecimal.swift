/// An exact decimal as it is shown, with its digits after the point: a number a command prints
/// without making its text first, as renderers write its digits where they go. Two are equal
/// when they are written alike, as their `price`s would be: 1.50 is not 1.5.
public struct ShownDecimal: Hashable, Sendable, CustomStringConvertible {
  /// The value, already rounded to the digits it is shown with.
  let value: ExactDecimal

  init(_ value: ExactDecimal) {
    self.value = value
  }

  /// The value as decimal text, made on demand.
  public var price: Price { value.price }

  public var description: String { price.text }

  public static func == (lhs: ShownDecimal, rhs: ShownDecimal) -> Bool {
    lhs.value.scale == rhs.value.scale && lhs.value == rhs.value
  }

  /// Hashes the text, the one form equal values share whether their units are held fixed or
  /// not.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(price.text)
  }
}
