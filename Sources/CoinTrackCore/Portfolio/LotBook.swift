/// One coin's purchases not yet sold, taken from by a lot method: FIFO from the oldest, LIFO
/// from the newest, HIFO from the highest cost per unit (the older first among equal ones), or
/// the lots a sale names, in its order.
///
/// Lots are kept in the order they were bought (by day, and on one day by trade id); FIFO walks
/// them from a first index, LIFO keeps a stack of their indices and HIFO a binary heap of them,
/// so a sale costs O(log n) at most, never a scan of the lots. A lot a named sale used up stays
/// in the stack or heap and is skipped when it comes up. Used-up lots are dropped once they
/// are half of the lots, so that what is kept grows with the lots held, not with every buy.
struct LotBook: Sendable {
  /// A purchase's units not yet sold and their cost.
  struct Lot: Sendable {
    /// The buy trade's id and day.
    let buyID: Int
    let day: Day
    var quantity: ExactDecimal
    var cost: ExactDecimal
  }

  let method: CostMethod
  private var lots: [Lot] = []
  /// How many of `lots` are used up: sold to the last unit.
  private var usedUp = 0
  /// HIFO: each lot's quantity and cost as bought, by its index in `lots` (empty for the other
  /// methods): their ratio, the cost per unit, orders the lots and never changes by a sale.
  private var bought: [(quantity: ExactDecimal, cost: ExactDecimal)] = []
  /// FIFO: the first lot not known to be used up.
  private var firstLot = 0
  /// LIFO: a stack of lot indices, the newest on top; HIFO: a max-heap of lot indices.
  private var order: [Int] = []
  /// The lots as far as the last take took from them, in the order taken, when it kept them.
  private(set) var parts: [Lot] = []
  /// The indices of the lots that some sale names, by buy id: only those are looked up. Nil
  /// for a named lot used up and dropped.
  private var namedIndex: [Int: Int?] = [:]
  /// The buy ids that some sale names.
  private let named: Set<Int>

  init(method: CostMethod, named: Set<Int>) {
    self.method = method
    self.named = named
  }

  /// Adds the lot of the buy `buyID` on `day`, of `units` that cost `cost` (its price and fee).
  mutating func add(buyID: Int, day: Day, units: ExactDecimal, cost: ExactDecimal) {
    let index = lots.count
    lots.append(Lot(buyID: buyID, day: day, quantity: units, cost: cost))
    if !named.isEmpty, named.contains(buyID) { namedIndex[buyID] = index }
    switch method {
    case .fifo, .average: break
    case .lifo: order.append(index)
    case .hifo:
      bought.append((units, cost))
      pushHeap(index)
    }
  }

  /// Takes `units` from the lots by the method; returns the cost taken. The lots must hold at
  /// least `units`. A part of a lot carries its share of the lot's cost, rounded half to even
  /// to `shareScale` decimals (or the cost's own, when it has more); all of a lot, all its
  /// cost. With `keepingParts`, `parts` is then each lot as far as this take took from it.
  mutating func take(
    _ units: ExactDecimal, shareScale: Int, keepingParts: Bool
  ) -> ExactDecimal {
    if !parts.isEmpty { parts.removeAll(keepingCapacity: true) }
    var remaining = units
    var taken = ExactDecimal.zero
    // `remaining` is never below 0: not zero is above it.
    while !remaining.isZero, let index = nextLot() {
      let cost = takeFrom(
        index, upTo: &remaining, shareScale: shareScale, keepingPart: keepingParts)
      taken = taken + cost
    }
    dropUsedUpLots()
    return taken
  }

  /// Takes `units` from the lots with the buy ids `ids`, in that order, whatever the method,
  /// keeping `parts` as `take(_:shareScale:keepingParts:)` does; returns the cost taken.
  /// Refuses an id that is no lot of this coin bought before the sale, and lots that hold less
  /// than `units` together.
  mutating func take(
    _ units: ExactDecimal, fromNamed ids: [Int], sale: Trade, shareScale: Int,
    keepingParts: Bool
  ) throws(TradeError) -> ExactDecimal {
    if !parts.isEmpty { parts.removeAll(keepingCapacity: true) }
    var remaining = units
    var taken = ExactDecimal.zero
    for id in ids where !remaining.isZero {
      guard let found = namedIndex[id] else { throw TradeError.unknownLot(sale: sale, lot: id) }
      guard let index = found, !lots[index].quantity.isZero else { continue }
      taken =
        taken
        + takeFrom(index, upTo: &remaining, shareScale: shareScale, keepingPart: keepingParts)
    }
    guard remaining.isZero else {
      throw TradeError.namedLotsShort(sale: sale, method: method)
    }
    dropUsedUpLots()
    return taken
  }

  /// Takes what it can of `remaining` from the lot at `index`, all its cost when all of it,
  /// and with `keepingPart` appends the part taken to `parts`.
  private mutating func takeFrom(
    _ index: Int, upTo remaining: inout ExactDecimal, shareScale: Int, keepingPart: Bool
  ) -> ExactDecimal {
    // The lot's numbers read where they lie, rather than the lot copied.
    let (lotQuantity, lotCost) = (lots[index].quantity, lots[index].cost)
    let quantity: ExactDecimal
    let cost: ExactDecimal
    if lotQuantity <= remaining {
      (quantity, cost) = (lotQuantity, lotCost)
      usedUp += 1
    } else {
      // `lotQuantity` is above `remaining`, which is above 0: never a division by zero.
      (quantity, cost) =
        (
          remaining,
          (lotCost * remaining).divided(by: lotQuantity, scale: max(shareScale, lotCost.scale))!
        )
    }
    lots[index].quantity = lotQuantity - quantity
    lots[index].cost = lotCost - cost
    remaining = remaining - quantity
    if keepingPart {
      // The lot as far as this take took from it.
      parts.append(
        Lot(buyID: lots[index].buyID, day: lots[index].day, quantity: quantity, cost: cost))
    }
    return cost
  }

  /// The fewest used-up lots worth dropping: fewer are left where they are.
  static let usedUpLotsDropped = 16

  /// Drops the used-up lots once they are half of the lots (and at least
  /// `usedUpLotsDropped`), each lot's index in the first index, the stack or heap and the named
  /// lots renumbered. The lots kept keep their order, and with it HIFO's order among equal ones.
  private mutating func dropUsedUpLots() {
    guard usedUp >= Self.usedUpLotsDropped, usedUp * 2 >= lots.count else { return }
    // Each lot's new index; nil for one dropped.
    var renumbered = [Int?](repeating: nil, count: lots.count)
    var kept = 0
    for index in lots.indices where !lots[index].quantity.isZero {
      renumbered[index] = kept
      lots.swapAt(kept, index)
      if method == .hifo { bought.swapAt(kept, index) }
      kept += 1
    }
    lots.removeLast(lots.count - kept)
    if method == .hifo { bought.removeLast(bought.count - kept) }
    usedUp = 0
    firstLot = 0
    order = order.compactMap { renumbered[$0] }
    // A sorted array is a heap: the first taken first, each before those after it.
    if method == .hifo { order.sort(by: precedes) }
    namedIndex = namedIndex.mapValues { $0.flatMap { renumbered[$0] } }
  }

  /// The index of the lot the method takes from next, dropping used-up ones; nil when none
  /// is left.
  private mutating func nextLot() -> Int? {
    switch method {
    case .fifo, .average:
      while firstLot < lots.count, lots[firstLot].quantity.isZero { firstLot += 1 }
      return firstLot < lots.count ? firstLot : nil
    case .lifo:
      while let top = order.last, lots[top].quantity.isZero { order.removeLast() }
      return order.last
    case .hifo:
      while let top = order.first, lots[top].quantity.isZero { popHeap() }
      return order.first
    }
  }

  /// Whether HIFO takes from the lot at `left` before the one at `right`: the higher cost per
  /// unit bought (compared exactly, crosswise), and of equal ones the older.
  private func precedes(_ left: Int, _ right: Int) -> Bool {
    let leftCost = bought[left].cost * bought[right].quantity
    let rightCost = bought[right].cost * bought[left].quantity
    return leftCost != rightCost ? rightCost < leftCost : left < right
  }

  private mutating func pushHeap(_ index: Int) {
    order.append(index)
    var child = order.count - 1
    while child > 0 {
      let parent = (child - 1) / 2
      guard precedes(order[child], order[parent]) else { break }
      order.swapAt(child, parent)
      child = parent
    }
  }

  private mutating func popHeap() {
    let last = order.removeLast()
    guard !order.isEmpty else { return }
    order[0] = last
    var parent = 0
    while true {
      let (left, right) = (2 * parent + 1, 2 * parent + 2)
      var first = parent
      if left < order.count, precedes(order[left], order[first]) { first = left }
      if right < order.count, precedes(order[right], order[first]) { first = right }
      guard first != parent else { return }
      order.swapAt(parent, first)
      parent = first
    }
  }
}
