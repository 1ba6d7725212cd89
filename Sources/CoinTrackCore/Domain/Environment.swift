#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Environment variables, looked up one by one when a run asks for them, as the bytes the process
/// was given.
///
/// A run asks for a handful of variables; making a dictionary of every variable of the process
/// first cost a short command about 2% of its time. Values are kept as bytes because a value that
/// is not UTF-8 must be refused, not repaired: a repaired HOME names another directory.
public struct Environment: Sendable, ExpressibleByDictionaryLiteral {
  private let lookup: @Sendable (String) -> [UInt8]?

  /// The variables `lookup` finds, as raw bytes.
  public init(bytes lookup: @escaping @Sendable (_ name: String) -> [UInt8]?) {
    self.lookup = lookup
  }

  /// Exactly `variables`.
  public init(_ variables: [String: String]) {
    self.init { variables[$0].map { Array($0.utf8) } }
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(Dictionary(uniqueKeysWithValues: elements))
  }

  /// The environment of this process, read with getenv.
  public static let process = Environment { name in
    // withCString: passing a String to getenv directly copies it into a fresh array.
    name.withCString(getenv).map { value in
      Array(UnsafeRawBufferPointer(start: value, count: strlen(value)))
    }
  }

  /// The variable naming the user's home, where XDG directories default to.
  public static let homeVariable = "HOME"

  /// The bytes of the variable `name`; nil when it is not set.
  public func bytes(_ name: String) -> [UInt8]? {
    lookup(name)
  }

  /// The value of `name` with any bytes that are not UTF-8 replaced, for variables that only
  /// steer presentation (COLUMNS, NO_COLOR, TERM); nil when it is not set.
  public subscript(name: String) -> String? {
    lookup(name).map { String(decoding: $0, as: UTF8.self) }
  }

  /// The value of `name` as text; nil when it is not set; an error when it is not UTF-8.
  public func text(_ name: String) throws(EnvironmentError) -> String? {
    guard let bytes = lookup(name) else { return nil }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw EnvironmentError.notUTF8(variable: name, bytes: bytes)
    }
    return text
  }

  /// A number of seconds from `name`, strictly: decimal digits with an optional fraction of at
  /// most three digits (`5`, `0.5`, `0.125`), within `allowed`; nil when unset or empty.
  ///
  /// No sign, space, exponent, hexadecimal, `inf` or `nan`: `Double("0x10")` is 16, which no
  /// one setting a timeout means. `wholeSeconds` refuses a fraction where the value counts whole
  /// seconds, rather than silently dropping it.
  public func seconds(
    _ name: String, allowed: ClosedRange<Double>, wholeSeconds: Bool = false
  ) throws(EnvironmentError) -> Double? {
    guard let input = try text(name), !input.isEmpty else { return nil }
    guard
      let milliseconds = Environment.scaledDecimal(input, fractionDigits: wholeSeconds ? 0 : 3)
        .map({ wholeSeconds ? $0 * 1000 : $0 }),
      allowed.contains(Double(milliseconds) / 1000)
    else {
      throw EnvironmentError.invalidSeconds(
        variable: name, input: input, allowed: allowed, wholeSeconds: wholeSeconds)
    }
    return Double(milliseconds) / 1000
  }

  /// A whole number from `name`, strictly (decimal digits only), within `allowed`; nil when
  /// unset or empty.
  public func count(_ name: String, allowed: ClosedRange<Int>) throws(EnvironmentError) -> Int? {
    guard let input = try text(name), !input.isEmpty else { return nil }
    guard let value = Environment.scaledDecimal(input, fractionDigits: 0), allowed.contains(value)
    else { throw EnvironmentError.invalidCount(variable: name, input: input, allowed: allowed) }
    return value
  }

  /// `input` read as a plain decimal number (digits, at most one '.' followed by one to
  /// `fractionDigits` digits) and scaled by 10^`fractionDigits`, so that seconds with
  /// `fractionDigits` 3 come back as milliseconds; nil for anything else, or past `Int.max`.
  static func scaledDecimal(_ input: String, fractionDigits: Int) -> Int? {
    let parts = input.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
    guard parts.count <= 2, !parts[0].isEmpty else { return nil }
    let fraction = parts.count == 2 ? Array(parts[1]) : []
    guard parts.count == 1 || (!fraction.isEmpty && fraction.count <= fractionDigits) else {
      return nil
    }
    let padding = [UInt8](repeating: UInt8(ascii: "0"), count: fractionDigits - fraction.count)
    var value = 0
    for byte in Array(parts[0]) + fraction + padding {
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
      let (times, overflow) = value.multipliedReportingOverflow(by: 10)
      let (sum, carry) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      guard !overflow, !carry else { return nil }
      value = sum
    }
    return value
  }

  /// The directory an XDG variable such as `XDG_DATA_HOME` names, else `underHome` inside HOME;
  /// nil when neither is an absolute path.
  ///
  /// An unset, empty or relative variable is ignored as the XDG spec says; one that is not
  /// UTF-8 is an error, since ignoring it would put files somewhere other than where it says.
  public func directory(_ variable: String, underHome: String) throws(EnvironmentError)
    -> String?
  {
    if let base = try text(variable), base.hasPrefix("/") { return base }
    if let home = try text(Environment.homeVariable), home.hasPrefix("/") {
      return home + "/" + underHome
    }
    return nil
  }
}

/// A variable of the environment holding a value cointrack cannot use.
public enum EnvironmentError: Error, Hashable, Sendable {
  /// Bytes that are not UTF-8.
  case notUTF8(variable: String, bytes: [UInt8])
  /// Not a plain decimal number of seconds within `allowed`.
  case invalidSeconds(
    variable: String, input: String, allowed: ClosedRange<Double>, wholeSeconds: Bool)
  /// Not a plain whole number within `allowed`.
  case invalidCount(variable: String, input: String, allowed: ClosedRange<Int>)
  /// Not a date: YYYY-MM-DD, `today` or `yesterday`, of a year from 1 to 9999.
  case invalidDate(variable: String, input: String)
  /// Not an http:// or https:// URL.
  case invalidURL(variable: String, input: String)
  /// Not one of the words of an on/off switch: 1 or true, 0 or false, or empty.
  case invalidSwitch(variable: String, input: String)
}

extension EnvironmentError: KindedFailure {
  /// A variable that cannot be used is a setting to fix, not a command line to retype.
  public var failureKind: FailureKind { .configuration }
}
