/// Positions given to coin ids in the order they are first seen, found by the ids' bytes in a
/// table of positions: hashing each trade's coin id into a `Dictionary` was a quarter of the
/// oversell check every load of a portfolio makes.
struct CoinIDTable {
  private var ids: [String] = []
  /// Open addressing over a power-of-two number of slots, at most half of them used: -1 for a
  /// free slot, else a position in `ids`.
  private var slots: [Int32]
  private let slotMask: Int

  /// A table for up to `capacity` different ids.
  init(capacity: Int) {
    slotMask = (1 << (Int.bitWidth - (2 * max(capacity, 1) - 1).leadingZeroBitCount)) - 1
    slots = [Int32](repeating: -1, count: slotMask + 1)
  }

  /// The position of `id`: the next one, `count` before the call, when it is new.
  mutating func position(of id: String) -> Int {
    var slot = TrackerState.fnv1aHash(id) & slotMask
    while slots[slot] >= 0 {
      let position = Int(slots[slot])
      if ids[position] == id { return position }
      slot = (slot + 1) & slotMask
    }
    slots[slot] = Int32(ids.count)
    ids.append(id)
    return ids.count - 1
  }
}
