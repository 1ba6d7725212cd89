/// The members that make up a coin in an object of the state file: `symbol`, `name` and
/// `coingecko_id`, in that order among its keys. Tracked coins, alerts and trades hold them alike.
///
/// Each member is kept with whether it keeps its rule, so that a missing member is reported
/// before a broken one, in the order of the keys, whatever order they were read in.
struct CoinMembers {
  /// The position of `symbol` among the object's keys; `name` and `coingecko_id` follow it.
  let firstKey: Int
  private var symbol: (text: String, isValid: Bool)?
  private var name: (text: String, isValid: Bool)?
  /// A null id is nil, and valid.
  private var coingeckoID: (text: String?, isValid: Bool)?

  /// The coin of `known` whose symbol was read, when there is one.
  private var knownSlot: Int?
  /// One bit for each member read as that of the coin at `knownSlot` (by its offset from
  /// `symbol`), whose text is then not kept here but taken from that coin.
  private var knownMembers: UInt8 = 0

  init(firstKey: Int) {
    self.firstKey = firstKey
  }

  /// Whether every member read is that of a coin of `known`, whose texts the coin then shares.
  var isKnown: Bool { knownSlot != nil && knownMembers == 0b111 }

  /// The slot in `known` of the coin read, when every member read is that coin's.
  var knownCoinSlot: Int? { isKnown ? knownSlot : nil }

  /// Reads the value of the member at `key` among the object's keys, one of the coin's, as
  /// `read(_:from:at:)` does; but a member spelled as that of a coin of `known` read before is
  /// taken from it, neither made nor checked again.
  mutating func read(
    _ key: Int, from reader: inout JSONReader, at path: @autoclosure () -> SchemaPath,
    known: CoinsReadBefore
  ) throws(StateDocumentError) {
    if readKnown(key, from: &reader, known: known) { return }
    try read(key, from: &reader, at: path())
  }

  /// Reads the value of the member at `key` among the object's keys, one of the coin's.
  mutating func read(
    _ key: Int, from reader: inout JSONReader, at path: @autoclosure () -> SchemaPath
  ) throws(StateDocumentError) {
    switch key - firstKey {
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
    }
  }

  /// Reads the member at `key` when it is that of a coin of `known`: a plain symbol (looked up,
  /// or else taken as `read` takes it), or the name or id of the coin whose symbol was read,
  /// spelled as it is. False, having read nothing but whitespace, otherwise.
  private mutating func readKnown(_ key: Int, from reader: inout JSONReader, known: CoinsReadBefore)
    -> Bool
  {
    switch key - firstKey {
    case 0:
      // The coin that came after the last one read the last time is tried first, by comparing
      // its symbol where it lies, before a symbol is looked up.
      if let guess = known.likelyNext,
        known[guess].symbol.withUnsafeBufferPointer({ reader.readString(spelled: $0) })
      {
        knownSlot = guess
        knownMembers |= 1
        return true
      }
      guard let bytes = reader.readPlainASCIIString() else { return false }
      if let slot = known.slot(ofSymbol: bytes) {
        knownSlot = slot
        knownMembers |= 1
      } else {
        symbol = (String(validUTF8: bytes), UntrustedText.isSymbol(utf8: bytes))
      }
      return true
    case 1:
      guard let slot = knownSlot,
        known[slot].name.withUnsafeBufferPointer({ reader.readString(spelled: $0) })
      else { return false }
      knownMembers |= 1 << 1
      return true
    default:
      guard let slot = knownSlot else { return false }
      let isSpelled =
        known[slot].coingeckoID.map { id in
          id.withUnsafeBufferPointer { reader.readString(spelled: $0) }
        } ?? reader.readNullIfPresent()
      guard isSpelled else { return false }
      knownMembers |= 1 << 2
      return true
    }
  }

  /// The coin of the object at `path` whose keys are `keys`, as `coin(at:keys:)` makes it; the
  /// coin of `known` whose members were all read, when they were.
  func coin(at path: SchemaPath, keys: JSONKeys, known: CoinsReadBefore) throws(StateDocumentError)
    -> Coin
  {
    guard let knownSlot else { return try coin(at: path, keys: keys) }
    let knownCoin = known[knownSlot].coin
    if isKnown { return knownCoin }
    // The members read as the known coin's take its texts; the others are as they were read.
    var members = self
    if knownMembers & 1 != 0 { members.symbol = (knownCoin.symbol, true) }
    if knownMembers & 1 << 1 != 0 { members.name = (knownCoin.name, true) }
    if knownMembers & 1 << 2 != 0 { members.coingeckoID = (knownCoin.coingeckoID, true) }
    return try members.coin(at: path, keys: keys)
  }

  /// The coin of the object at `path` whose keys are `keys`: each member must be present, then
  /// keep its rule, in the order of the keys.
  func coin(at path: SchemaPath, keys: JSONKeys) throws(StateDocumentError) -> Coin {
    /// The key of the member at `offset` from `symbol`.
    func member(_ offset: Int) -> String { keys[firstKey + offset] }
    let symbol = try required(symbol, member(0), in: path)
    let name = try required(name, member(1), in: path)
    let coingeckoID = try required(coingeckoID, member(2), in: path)
    /// The error for the member at `offset` from `symbol`.
    func broken(_ offset: Int) -> StateDocumentError {
      .schema(
        StateSchemaError(
          keyPath: path.member(member(offset)).text,
          problem: .invalid(TrackerState.coinRule(offset))))
    }
    guard symbol.isValid else { throw broken(0) }
    guard name.isValid else { throw broken(1) }
    guard coingeckoID.isValid else { throw broken(2) }
    return Coin(symbol: symbol.text, name: name.text, coingeckoID: coingeckoID.text)
  }
}

/// The coins read before from one file's objects (its trades), each kept once with the UTF-8 of
/// its texts: a member spelled as one of them is recognised where it lies, and the coins of a
/// million trades in fifty coins share fifty sets of texts rather than holding a million.
struct CoinsReadBefore {
  /// A coin and the UTF-8 of its texts, as a file spells them: a class, so that looking one up
  /// copies a reference rather than its seven texts.
  final class Entry {
    let coin: Coin
    let symbol: [UInt8]
    let name: [UInt8]
    let coingeckoID: [UInt8]?
    /// The slot of the coin read just after this one the last time; nil before then.
    var follower: Int?

    init(coin: Coin) {
      self.coin = coin
      symbol = Array(coin.symbol.utf8)
      name = Array(coin.name.utf8)
      coingeckoID = coin.coingeckoID.map { Array($0.utf8) }
    }
  }

  /// Room for many more coins than anyone trades: when it is half full, no more are kept (and
  /// those beyond are read as they would be without it).
  private static let slotCount = 1024
  /// Open addressing by the symbol's hash, probing the next slot on a collision.
  private var slots = [Entry?](repeating: nil, count: CoinsReadBefore.slotCount)
  private var count = 0
  /// The slot of the coin read last; nil before the first and after a coin not kept.
  private var last: Int?

  /// The slot of the coin read after the last one the last time: trades repeat a pattern of
  /// coins (one coin many times, or a few in turn), so it is most likely the next one's.
  var likelyNext: Int? { last.flatMap { slots[$0]?.follower } }

  /// Notes that the coin in `slot` (nil for one not kept) was read after the last one.
  mutating func noteRead(slot: Int?) {
    if let last, let slot { slots[last]?.follower = slot }
    last = slot
  }

  /// The entry in `slot`, one `slot(ofSymbol:)` found.
  subscript(slot: Int) -> Entry { slots[slot]! }

  /// The slot of the coin whose symbol's UTF-8 is `bytes`; nil when there is none.
  func slot(ofSymbol bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var slot = CoinsReadBefore.firstSlot(ofSymbol: bytes)
    while let entry = slots[slot] {
      if entry.symbol.withUnsafeBufferPointer({ $0.hasSameBytes(as: bytes) }) { return slot }
      slot = (slot + 1) & (CoinsReadBefore.slotCount - 1)
    }
    return nil
  }

  /// Keeps `coin`, read and checked, in place of a coin of its symbol kept before, and notes it
  /// read (`noteRead(slot:)`). A coin with a text that `JSONReader.readString(spelled:)` cannot
  /// recognise (one holding a quote, a backslash or a control character, written escaped) is
  /// not kept.
  mutating func remember(_ coin: Coin) {
    /// Whether `text` is written without escapes: no quote, backslash or control character.
    func isPlain(_ text: String) -> Bool {
      text.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }
    // Checked in this order so that a full table costs a trade nothing more.
    guard count < CoinsReadBefore.slotCount / 2, isPlain(coin.symbol), isPlain(coin.name),
      coin.coingeckoID.map(isPlain) ?? true
    else {
      noteRead(slot: nil)
      return
    }
    let symbol = Array(coin.symbol.utf8)
    let slot =
      symbol.withUnsafeBufferPointer { self.slot(ofSymbol: $0) }
      ?? symbol.withUnsafeBufferPointer { bytes in
        var slot = CoinsReadBefore.firstSlot(ofSymbol: bytes)
        while slots[slot] != nil { slot = (slot + 1) & (CoinsReadBefore.slotCount - 1) }
        count += 1
        return slot
      }
    slots[slot] = Entry(coin: coin)
    noteRead(slot: slot)
  }

  /// Where the probe for the symbol whose UTF-8 is `bytes` starts (an FNV-1a hash).
  private static func firstSlot(ofSymbol bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    return Int(truncatingIfNeeded: hash >> 32) & (slotCount - 1)
  }
}
