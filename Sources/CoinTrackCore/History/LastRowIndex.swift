/// The last line of each history file as a reader last found it, with the file's identity at
/// that moment, kept in the cache: `coins list` checks an unchanged file with one `stat` instead
/// of opening it and reading its header and tail (five system calls a coin).
///
/// Only a cache. Each entry is used only while the file's identity is the one recorded, its
/// line is checked again as any row read from a file is, and an index that cannot be read or
/// parsed counts as empty; losing it costs one read of each file. An entry is recorded only for
/// a file whose last change lies the cache's `settledAge` in the past when it is read, so that a change
/// within the file system's clock tick after the read still shows as another change time.
struct LastRowIndex {
  /// A file's last line (empty for a file of a header alone) and the file it was read from.
  struct Entry: Equatable {
    var name: String
    var stamp: FileStamp
    var lastLine: String
  }

  /// The first line of the index; an index that starts otherwise is ignored.
  static let header = "cointrack history last rows 1"
  /// An index larger than this is not one cointrack wrote (an entry is under 700 bytes).
  static let maximumSize = 8 * 1024 * 1024
  /// The name of the index in the cache's folder.
  static let fileName = "history-last-rows"

  /// Where the index lives; nil for no index: nothing is read or written.
  let cache: HistoryCache?
  /// The entries the index holds, in the order the last run that wrote it looked them up.
  private let held: [Entry]
  /// Whether each of `held` was looked up in this run.
  private var heldWasLookedUp: [Bool]
  /// Where the next lookup starts: a run looks files up in the order the last one did.
  private var nextHeld = 0
  /// By name, the place of each of `held`; made at the first lookup out of order.
  private var heldPlaces: [String: Int]?
  /// The entries of this run, in the order it looked them up.
  private var current: [Entry] = []
  /// The place in `held` of the entry last looked up, until its file's entry is recorded.
  private var lastLookedUp: Int?
  /// How many of `held` this run looked up, and how many of those it recorded as they were.
  private var lookedUpCount = 0
  private var unchangedCount = 0
  /// Whether this run recorded an entry the index did not hold.
  private var hasNewEntry = false
  /// When this index was read, in nanoseconds since the Unix epoch.
  private let now: Int64

  /// The index in `cache`; empty when there is none or it cannot be used.
  init(cache: HistoryCache?) {
    self.cache = cache
    now = HistoryCache.now()
    let bytes = cache.flatMap {
      try? FileSystem.readFileIfPresent($0.lastRowIndexPath, limit: LastRowIndex.maximumSize)
    }
    held = bytes.map(LastRowIndex.entries(in:)) ?? []
    heldWasLookedUp = Array(repeating: false, count: held.count)
  }

  /// Whether the index holds no entry.
  var isEmpty: Bool { held.isEmpty }

  /// The entry of the file `name`; nil when there is none. Each file is looked up once a run.
  mutating func entry(ofFileNamed name: String) -> Entry? {
    lastLookedUp = place(of: name)
    guard let place = lastLookedUp else { return nil }
    heldWasLookedUp[place] = true
    lookedUpCount += 1
    return held[place]
  }

  /// Where the entry of `name` is in `held`.
  private mutating func place(of name: String) -> Int? {
    if nextHeld < held.count, held[nextHeld].name == name {
      nextHeld += 1
      return nextHeld - 1
    }
    if heldPlaces == nil {
      heldPlaces = Dictionary(
        held.indices.map { (held[$0].name, $0) }, uniquingKeysWith: { first, _ in first })
    }
    return heldPlaces?[name]
  }

  /// Keeps the last line read or looked up for the file `name` of identity `stamp`, unless the
  /// file changed too recently to be told from a change that may follow within the same clock
  /// tick.
  mutating func record(_ lastLine: String, ofFileNamed name: String, stamp: FileStamp) {
    defer { lastLookedUp = nil }
    guard let cache, cache.isSettled(stamp, now: now) else { return }
    let entry = Entry(name: name, stamp: stamp, lastLine: lastLine)
    if let lastLookedUp, held[lastLookedUp] == entry {
      unchangedCount += 1
    } else {
      hasNewEntry = true
    }
    current.append(entry)
  }

  /// Writes the index when an entry changed, was added or was dropped (not when only the order
  /// of lookups differs, which would have runs over other coins rewrite it in turn): this run's
  /// entries in the order it looked them up, then those it did not look up whose files are
  /// still there, as `isPresent` tells by name. The file is replaced in one step; a failure is
  /// ignored, as with any cache: the next run reads the files again.
  func save(keepingFilesWhere isPresent: (String) -> Bool) {
    guard let cache, hasNewEntry || unchangedCount != lookedUpCount else { return }
    var entries = current
    for place in held.indices where !heldWasLookedUp[place] && isPresent(held[place].name) {
      entries.append(held[place])
    }
    var text = LastRowIndex.header + "\n"
    for entry in entries {
      let stamp = entry.stamp
      text += "\(entry.name)\t\(stamp.device)\t\(stamp.inode)\t\(stamp.size)\t\(stamp.modified)\t"
      text += "\(stamp.changed)\t\(entry.lastLine)\n"
    }
    let path = cache.lastRowIndexPath
    let folder = FileSystem.directory(of: path)
    do {
      try FileSystem.makePrivateDirectory(folder)
      FileSystem.removeAbandonedTemporaries(in: folder, now: Int(now / 1_000_000_000))
      try FileSystem.replaceAtomically(path, with: Array(text.utf8), mode: 0o600, isDurable: false)
    } catch {
      // Not written: the next `coins list` reads each file again and tries once more.
    }
  }

  /// The entries of an index's bytes; none when it is not an index this version wrote. A line
  /// that is not an entry is skipped: the rest still save reading their files.
  static func entries(in bytes: [UInt8]) -> [Entry] {
    bytes.withUnsafeBufferPointer { bytes in
      var reader = EntryReader(bytes: bytes)
      guard reader.skipHeader() else { return [] }
      var entries: [Entry] = []
      while !reader.isAtEnd {
        if let entry = reader.entry() { entries.append(entry) }
      }
      return entries
    }
  }
}

/// Reads an index's entries from its bytes, one line at a time: each line's fields are found
/// and its numbers read in one pass, with no array or text made for a line that is skipped.
private struct EntryReader {
  let bytes: UnsafeBufferPointer<UInt8>
  var position = 0

  var isAtEnd: Bool { position >= bytes.count }

  /// Reads the first line; false when it is not the header, or the index does not end with a
  /// line break (a write cut short).
  mutating func skipHeader() -> Bool {
    let header = LastRowIndex.header.utf8
    guard bytes.count > header.count, bytes.last == UInt8(ascii: "\n"),
      bytes[header.count] == UInt8(ascii: "\n"), bytes.prefix(header.count).elementsEqual(header)
    else { return false }
    position = header.count + 1
    return true
  }

  /// The entry of the line at `position`, moving past the line; nil when it is not one.
  mutating func entry() -> LastRowIndex.Entry? {
    let lineEnd = bytes[position...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
    defer { position = lineEnd + 1 }
    guard let name = field(before: lineEnd), !name.isEmpty,
      let device = number(before: lineEnd), let inode = number(before: lineEnd),
      let size = number(before: lineEnd), let modified = number(before: lineEnd),
      let changed = number(before: lineEnd),
      !bytes[position..<lineEnd].contains(UInt8(ascii: "\t"))
    else { return nil }
    guard let size = Int64(exactly: size), let modified = Int64(exactly: modified),
      let changed = Int64(exactly: changed)
    else { return nil }
    let stamp = FileStamp(
      device: device, inode: inode, size: size, modified: modified, changed: changed)
    return LastRowIndex.Entry(
      name: String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self),
      stamp: stamp,
      lastLine: String(
        decoding: UnsafeBufferPointer(rebasing: bytes[position..<lineEnd]), as: UTF8.self))
  }

  /// The field from `position` to the next tab before `end`, moving past the tab.
  private mutating func field(before end: Int) -> Range<Int>? {
    guard let tab = bytes[position..<end].firstIndex(of: UInt8(ascii: "\t")) else { return nil }
    defer { position = tab + 1 }
    return position..<tab
  }

  /// The field from `position` read as a number in decimal digits; nil for anything else or
  /// a number beyond 64 bits.
  private mutating func number(before end: Int) -> UInt64? {
    guard let field = field(before: end), !field.isEmpty else { return nil }
    var value: UInt64 = 0
    for position in field {
      let digit = bytes[position] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      // Nineteen digits never overflow; only a longer number is checked.
      if position - field.lowerBound < 19 {
        value = value &* 10 &+ UInt64(digit)
      } else {
        let (tens, overflow) = value.multipliedReportingOverflow(by: 10)
        let (sum, carry) = tens.addingReportingOverflow(UInt64(digit))
        guard !overflow, !carry else { return nil }
        value = sum
      }
    }
    return value
  }
}
