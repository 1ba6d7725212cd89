#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The members that make up a coin in an object of the state file: `symbol`, `name` and
/// `coingecko_id`, in that order among its keys. Tracked coins, alerts and trades hold them alike.
///
/// A member of plain ASCII, as nearly every one is, is kept as its bytes where they lie in the
/// document until the coin is made: its rule is checked and its text made then, and for a trade
/// only when its coin was not met before (see `KnownCoins`). Valid only while the document is.
struct CoinMembers {
  /// The position of `symbol` among the object's keys; `name` and `coingecko_id` follow it.
  let firstKey: Int
  /// Each member read in place: its bytes.
  private var symbolBytes: UnsafeBufferPointer<UInt8>?
  private var nameBytes: UnsafeBufferPointer<UInt8>?
  private var coingeckoIDBytes: UnsafeBufferPointer<UInt8>?
  /// Each member read otherwise (with escapes, or beyond ASCII): its text, and whether it keeps
  /// its rule. A null id is nil, and valid.
  private var symbol: (text: String, isValid: Bool)?
  private var name: (text: String, isValid: Bool)?
  private var coingeckoID: (text: String?, isValid: Bool)?
  /// Whether `coingecko_id` was read and is null; kept apart from `coingeckoID`, so that a coin
  /// read in place is found without touching texts.
  private var isNullID = false

  init(firstKey: Int) {
    self.firstKey = firstKey
  }

  /// Reads the value of the member at `key` among the object's keys, one of the coin's.
  mutating func read(
    _ key: Int, from reader: inout JSONReader, at path: @autoclosure () -> SchemaPath
  ) throws(StateDocumentError) {
    let bytes = reader.readPlainASCIIString()
    switch key - firstKey {
    case 0 where bytes != nil: symbolBytes = bytes
    case 1 where bytes != nil: nameBytes = bytes
    case 2 where bytes != nil: coingeckoIDBytes = bytes
    case 0:
      symbol = try reader.readUTF8(of: .string, at: path()) { bytes in
        (String(validUTF8: bytes), UntrustedText.isSymbol(utf8: bytes))
      }
    case 1:
      name = try reader.readUTF8(of: .string, at: path()) { bytes in
        (String(validUTF8: bytes), UntrustedText.isCleanName(utf8: bytes))
      }
    default:
      let id = try reader.readOptionalString(at: path()) { bytes in
        (String(validUTF8: bytes), UntrustedText.isCoinGeckoID(utf8: bytes))
      }
      coingeckoID = (id?.0, id?.1 ?? true)
      isNullID = id == nil
    }
  }

  /// The coin of the object at `path` whose keys are `keys`: each member must be present, then
  /// keep its rule, in the order of the keys.
  func coin(at path: SchemaPath, keys: JSONKeyTable) throws(StateDocumentError) -> Coin {
    /// The key path of the member at `offset` from `symbol`.
    func member(_ offset: Int) -> String { keys.names[firstKey + offset] }
    let symbol = try required(symbolBytes.map(Self.inPlace) ?? symbol, member(0), in: path)
    let name = try required(nameBytes.map(Self.inPlace) ?? name, member(1), in: path)
    let coingeckoID = try required(
      coingeckoIDBytes.map(Self.inPlace) ?? coingeckoID, member(2), in: path)
    /// The error for the member at `offset` from `symbol`.
    func broken(_ offset: Int) -> StateDocumentError {
      .schema(
        StateSchemaError(
          keyPath: path.member(member(offset)).text,
          problem: .invalid(TrackerState.coinRule(offset))))
    }
    guard symbolBytes.map(UntrustedText.isSymbol(utf8:)) ?? symbol.isValid else {
      throw broken(0)
    }
    guard nameBytes.map(UntrustedText.isCleanName(utf8:)) ?? name.isValid else {
      throw broken(1)
    }
    guard coingeckoIDBytes.map(UntrustedText.isCoinGeckoID(utf8:)) ?? coingeckoID.isValid else {
      throw broken(2)
    }
    return Coin(symbol: symbol.text, name: name.text, coingeckoID: coingeckoID.text)
  }

  /// The text of a member read in place, its rule not yet checked.
  private static func inPlace(_ bytes: UnsafeBufferPointer<UInt8>) -> (text: String, isValid: Bool)
  {
    (String(validUTF8: bytes), false)
  }

  /// The coin as `coin(at:keys:)` makes it, or the one of `known` written with the same bytes,
  /// checked when it was first met; a new coin read in place is added to `known`.
  func coin(at path: SchemaPath, keys: JSONKeyTable, reusing known: inout KnownCoins)
    throws(StateDocumentError) -> Coin
  {
    // A missing id is not a null one.
    guard let symbolBytes, let nameBytes, coingeckoIDBytes != nil || isNullID else {
      return try coin(at: path, keys: keys)
    }
    if let coin = known.coin(symbol: symbolBytes, name: nameBytes, coingeckoID: coingeckoIDBytes) {
      return coin
    }
    // A member breaks its rule: refused as when no coin is reused.
    return try coin(at: path, keys: keys)
  }
}

/// The coins of the trades read so far, found by the bytes their members are written with: a
/// portfolio trades a few coins many times, and each trade's coin is then the one made for the
/// first trade of it, its members checked and its texts made once, and shared.
///
/// Valid only while the reader's document is: it keeps where each coin's members lie in it.
struct KnownCoins {
  private var coins: [Coin] = []
  /// `spanCount` numbers for each coin: its hash; where its symbol, name and id bytes lie, the
  /// address and count of each, a count of -1 for a null id; and its writing (see
  /// `coin(writtenAt:in:)`), its first eight bytes as a word, its address and its count, 0 for
  /// none yet. Plain integers, as an array of a type of its own costs the instantiation of that
  /// type's metadata at every start.
  private var spans: [Int] = []
  private static let spanCount = 10
  /// Open addressing over a power-of-two number of slots, at most half of them used: -1 for a
  /// free slot, else a position in `coins`. `slots` are found from a coin's hash,
  /// `writingSlots` from the first word of its writing.
  private var slots = [Int32](repeating: -1, count: 64)
  private var writingSlots = [Int32](repeating: -1, count: 64)

  /// The coin whose members a trade read in one pass wrote exactly as `text` does from `start`
  /// (its symbol's value), and how many bytes they take, up to the end of the id's value; nil
  /// when no coin was written so. Finding a coin so takes no look at each member.
  ///
  /// The same bytes hold the same members: each string's quotes fall in the same places, and
  /// an id of `null` followed by more is refused after it.
  @inline(__always)
  func coin(writtenAt start: Int, in text: UnsafeBufferPointer<UInt8>) -> (Coin, count: Int)? {
    guard text.count - start >= 8, let base = text.baseAddress else { return nil }
    let word = UnsafeRawPointer(base + start).loadUnaligned(as: Int.self)
    let slotMask = writingSlots.count - 1
    var slot = Self.hash(writingWord: word) & slotMask
    while writingSlots[slot] >= 0 {
      let index = Int(writingSlots[slot])
      let span = index * Self.spanCount
      let count = spans[span + 9]
      if spans[span + 7] == word, text.count - start >= count,
        let known = UnsafeRawPointer(bitPattern: spans[span + 8]),
        memcmp(known, base + start, count) == 0
      {
        return (coins[index], count)
      }
      slot = (slot + 1) & slotMask
    }
    return nil
  }

  /// The coin written with these bytes (a nil id for null): the known one, else a new one when
  /// each member keeps its rule, known from then on; nil when a member breaks its rule. With
  /// `writing`, the bytes from the symbol's value to the end of the id's as a trade read in one
  /// pass holds them, the coin is found by them from then on (see `coin(writtenAt:in:)`).
  mutating func coin(
    symbol: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>,
    coingeckoID: UnsafeBufferPointer<UInt8>?, writtenAs writing: UnsafeBufferPointer<UInt8>? = nil
  ) -> Coin? {
    let hash = Self.hash(symbol: symbol, coingeckoID: coingeckoID)
    let index: Int
    if let known = position(symbol, name, coingeckoID, hash: hash) {
      index = known
    } else {
      guard UntrustedText.isSymbol(utf8: symbol), UntrustedText.isCleanName(utf8: name),
        coingeckoID.map(UntrustedText.isCoinGeckoID(utf8:)) ?? true
      else { return nil }
      let coin = Coin(
        symbol: String(validUTF8: symbol), name: String(validUTF8: name),
        coingeckoID: coingeckoID.map(String.init(validUTF8:)))
      add(coin, symbol, name, coingeckoID, hash: hash)
      index = coins.count - 1
    }
    // One writing for each coin: a file writes all of its trades alike.
    if let writing, let base = writing.baseAddress, writing.count >= 8,
      spans[index * Self.spanCount + 9] == 0
    {
      let span = index * Self.spanCount
      spans[span + 7] = UnsafeRawPointer(base).loadUnaligned(as: Int.self)
      spans[span + 8] = Int(bitPattern: base)
      spans[span + 9] = writing.count
      Self.place(index, hash: Self.hash(writingWord: spans[span + 7]), in: &writingSlots)
    }
    return coins[index]
  }

  /// The hash of a coin by its symbol and id bytes.
  static func hash(symbol: UnsafeBufferPointer<UInt8>, coingeckoID: UnsafeBufferPointer<UInt8>?)
    -> Int
  {
    let symbolHash = TrackerState.fnv1aHash(utf8: symbol)
    return coingeckoID.map { TrackerState.fnv1aHash(utf8: $0, continuing: symbolHash) }
      ?? symbolHash
  }

  /// The hash of a writing whose first eight bytes are `word`: the high half of a Fibonacci
  /// hash, which every byte of the word reaches.
  private static func hash(writingWord word: Int) -> Int {
    Int(truncatingIfNeeded: (UInt64(truncatingIfNeeded: word) &* 0x9E37_79B9_7F4A_7C15) >> 32)
  }

  /// The position of the known coin written with these bytes, whose `hash` is given; nil when
  /// there is none.
  private func position(
    _ symbol: UnsafeBufferPointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>,
    _ coingeckoID: UnsafeBufferPointer<UInt8>?, hash: Int
  ) -> Int? {
    let slotMask = slots.count - 1
    var slot = hash & slotMask
    while slots[slot] >= 0 {
      let index = Int(slots[slot])
      let span = index * Self.spanCount
      if spans[span] == hash, Self.bytes(spans[span + 1], spans[span + 2], areSameAs: symbol),
        Self.bytes(spans[span + 3], spans[span + 4], areSameAs: name),
        Self.bytes(spans[span + 5], spans[span + 6], areSameAs: coingeckoID)
      {
        return index
      }
      slot = (slot + 1) & slotMask
    }
    return nil
  }

  /// Adds `coin`, written with these bytes, whose `hash` is given, with no writing yet.
  private mutating func add(
    _ coin: Coin, _ symbol: UnsafeBufferPointer<UInt8>, _ name: UnsafeBufferPointer<UInt8>,
    _ coingeckoID: UnsafeBufferPointer<UInt8>?, hash: Int
  ) {
    coins.append(coin)
    spans.append(hash)
    spans.append(Int(bitPattern: symbol.baseAddress))
    spans.append(symbol.count)
    spans.append(Int(bitPattern: name.baseAddress))
    spans.append(name.count)
    spans.append(Int(bitPattern: coingeckoID?.baseAddress))
    spans.append(coingeckoID?.count ?? -1)
    // No writing: its word, address and count.
    for _ in 0..<3 { spans.append(0) }
    if coins.count * 2 > slots.count {
      // Twice the slots, every coin placed again, and every writing.
      slots = [Int32](repeating: -1, count: slots.count * 2)
      writingSlots = slots
      for index in coins.indices {
        let span = index * Self.spanCount
        Self.place(index, hash: spans[span], in: &slots)
        if spans[span + 9] > 0 {
          Self.place(index, hash: Self.hash(writingWord: spans[span + 7]), in: &writingSlots)
        }
      }
    } else {
      Self.place(coins.count - 1, hash: hash, in: &slots)
    }
  }

  /// Puts the coin at `index` into the first free slot of `slots` from `hash`.
  private static func place(_ index: Int, hash: Int, in slots: inout [Int32]) {
    let slotMask = slots.count - 1
    var slot = hash & slotMask
    while slots[slot] >= 0 { slot = (slot + 1) & slotMask }
    slots[slot] = Int32(index)
  }

  /// Whether the `count` bytes at `address` (a count of -1 for null) are `bytes` (nil for
  /// null): an empty id is not null.
  private static func bytes(
    _ address: Int, _ count: Int, areSameAs bytes: UnsafeBufferPointer<UInt8>?
  ) -> Bool {
    guard let bytes else { return count < 0 }
    guard count == bytes.count else { return false }
    guard let known = UnsafeRawPointer(bitPattern: address), let base = bytes.baseAddress else {
      return true
    }
    return memcmp(known, base, count) == 0
  }
}
