/// Each coin's closes kept in the cache, one file per history file with the identity of the file
/// they were read from: `portfolio history` over years of closes then reads a few bytes a day
/// instead of reading and checking every line of every coin's file again.
///
/// The layout, in the machine's byte order (the first number tells it): the header line, the
/// number 0x01020304, the history file's stamp (device, inode, size, modification and change
/// times, 64 bits each), the row count (32 bits), the currency's length (8 bits) and bytes, then
/// each row's day (32 bits), each row's units (64 bits) and each row's decimals (8 bits). Only a
/// file whose closes all fit is kept. A file of any other length, header, order or stamp is not
/// used, and what it holds is checked again as any input is.
enum ClosesCache {
  /// The folder of the files, in the cache's.
  static let folderName = "history-closes"
  /// What a file's name adds to the history file's coin id, encoded as its file name encodes it.
  static let fileExtension = ".closes"
  /// The first line of every file; a file that starts otherwise is ignored.
  static let header = "cointrack history closes 1\n"
  /// The number after the header, which reads otherwise in another byte order.
  private static let byteOrderMark: UInt32 = 0x0102_0304

  /// The path of the closes of the coin with id `coinID`.
  static func path(ofCoinID coinID: String, in cache: HistoryCache) -> String {
    cache.closesDirectory + "/" + PriceCache.fileName(coinID) + fileExtension
  }

  /// How many bytes come before the rows for a currency of `currencyLength` bytes.
  private static func prefixLength(currencyLength: Int) -> Int {
    header.utf8.count + 4 + 5 * 8 + 4 + 1 + currencyLength
  }

  /// The closes kept for the coin with id `coinID` when they were read from the history file
  /// of `stamp`; nil when none are kept, they were read from another file, or the file is not
  /// one this version wrote.
  static func closes(ofCoinID coinID: String, in cache: HistoryCache, stamp: FileStamp)
    -> HistoryCloses?
  {
    // A century of closes is under 500 kB.
    guard
      let bytes = try? FileSystem.readFileIfPresent(
        path(ofCoinID: coinID, in: cache), limit: 4 * 1024 * 1024)
    else { return nil }
    return bytes.withUnsafeBytes { bytes in closes(in: bytes, stamp: stamp) }
  }

  /// The closes `bytes` hold for the file of `stamp`, as `closes(ofCoinID:in:stamp:)` takes them.
  static func closes(in bytes: UnsafeRawBufferPointer, stamp: FileStamp) -> HistoryCloses? {
    var reader = Reader(bytes: bytes)
    guard reader.skip(header), reader.read(UInt32.self) == byteOrderMark,
      reader.read(UInt64.self) == stamp.device, reader.read(UInt64.self) == stamp.inode,
      reader.read(Int64.self) == stamp.size, reader.read(Int64.self) == stamp.modified,
      reader.read(Int64.self) == stamp.changed,
      let count = reader.read(UInt32.self).map(Int.init),
      let currencyLength = reader.read(UInt8.self).map(Int.init),
      let currency = reader.text(count: currencyLength),
      bytes.count == prefixLength(currencyLength: currencyLength) + count * (4 + 8 + 1),
      let days = reader.array(of: Int32.self, count: count),
      let units = reader.array(of: Int64.self, count: count),
      let scales = reader.array(of: UInt8.self, count: count)
    else { return nil }
    return HistoryCloses(currency: currency, days: days, units: units, scales: scales)
  }

  /// The bytes of a file holding `closes`, read from the history file of `stamp`; nil when a
  /// close does not fit, as such a file would not be read back.
  static func bytes(of closes: HistoryCloses, stamp: FileStamp) -> [UInt8]? {
    guard closes.wide.isEmpty, let currencyLength = UInt8(exactly: closes.currency.utf8.count)
    else { return nil }
    var bytes = Array(header.utf8)
    bytes.reserveCapacity(
      prefixLength(currencyLength: Int(currencyLength)) + closes.days.count * (4 + 8 + 1))
    func append<Number: FixedWidthInteger>(_ number: Number) {
      withUnsafeBytes(of: number) { bytes.append(contentsOf: $0) }
    }
    append(byteOrderMark)
    for number in [stamp.device, stamp.inode] { append(number) }
    for number in [stamp.size, stamp.modified, stamp.changed] { append(number) }
    append(UInt32(closes.days.count))
    append(currencyLength)
    bytes.append(contentsOf: closes.currency.utf8)
    closes.days.withUnsafeBytes { bytes.append(contentsOf: $0) }
    closes.units.withUnsafeBytes { bytes.append(contentsOf: $0) }
    closes.scales.withUnsafeBytes { bytes.append(contentsOf: $0) }
    return bytes
  }

  /// Keeps `closes` for the coin with id `coinID`, read from the history file of `stamp`, when
  /// that file changed long enough before `now` and every close fits. A failure is ignored, as
  /// with any cache: the next run reads the file again.
  static func keep(
    _ closes: HistoryCloses, ofCoinID coinID: String, in cache: HistoryCache, stamp: FileStamp,
    now: Int64
  ) {
    guard cache.isSettled(stamp, now: now), let bytes = bytes(of: closes, stamp: stamp) else {
      return
    }
    let folder = cache.closesDirectory
    do {
      try FileSystem.makePrivateDirectory(folder)
      FileSystem.removeAbandonedTemporaries(in: folder, now: Int(now / 1_000_000_000))
      try FileSystem.replaceAtomically(
        path(ofCoinID: coinID, in: cache), with: bytes, mode: 0o600, isDurable: false)
    } catch {
      // Not kept: the next run reads the history file again and tries once more.
    }
  }

  /// Reads numbers, text and arrays from the bytes of a file in turn; nil once they run out.
  private struct Reader {
    let bytes: UnsafeRawBufferPointer
    var position = 0

    /// Whether the bytes go on with `text`, moving past it.
    mutating func skip(_ text: String) -> Bool {
      let count = text.utf8.count
      guard bytes.count - position >= count,
        bytes[position..<(position + count)].elementsEqual(text.utf8)
      else { return false }
      position += count
      return true
    }

    mutating func read<Number: FixedWidthInteger>(_: Number.Type) -> Number? {
      guard bytes.count - position >= MemoryLayout<Number>.size else { return nil }
      defer { position += MemoryLayout<Number>.size }
      return bytes.loadUnaligned(fromByteOffset: position, as: Number.self)
    }

    mutating func text(count: Int) -> String? {
      guard bytes.count - position >= count else { return nil }
      defer { position += count }
      return String(
        validating: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + count)]),
        as: UTF8.self)
    }

    mutating func array<Number: FixedWidthInteger>(of _: Number.Type, count: Int) -> [Number]? {
      let length = count * MemoryLayout<Number>.size
      guard bytes.count - position >= length else { return nil }
      defer { position += length }
      return [Number](unsafeUninitializedCapacity: count) { buffer, initialized in
        UnsafeMutableRawBufferPointer(buffer).copyMemory(
          from: UnsafeRawBufferPointer(rebasing: bytes[position..<(position + length)]))
        initialized = count
      }
    }
  }
}
