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

  /// A number of seconds from `name`, strictly: decimal digits with an optional fraction
  /// (`5`, `0.5`), within `allowed`; nil when unset or empty.
  ///
  /// No sign, space, exponent, hexadecimal, `inf` or `nan`: `Double("0x10")` is 16, which no
  /// one setting a timeout means. `wholeSeconds` refuses a fraction where the value counts whole
  /// seconds, rather than silently dropping it.
  public func seconds(
    _ name: String, allowed: ClosedRange<Double>, wholeSeconds: Bool = false
  ) throws(EnvironmentError) -> Double? {
    guard let input = try text(name), !input.isEmpty else { return nil }
    let parts = input.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
    let isDecimal =
      parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (0x30...0x39).contains($0) } }
      && (parts.count == 1 || !wholeSeconds)
    guard isDecimal, let value = Double(input), allowed.contains(value) else {
      throw EnvironmentError.invalidSeconds(
        variable: name, input: input, allowed: allowed, wholeSeconds: wholeSeconds)
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
    if let home = try text("HOME"), home.hasPrefix("/") { return home + "/" + underHome }
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
  /// Not a date: YYYY-MM-DD, `today` or `yesterday`, of a year from 1 to 9999.
  case invalidDate(variable: String, input: String)
  /// Not an http:// or https:// URL.
  case invalidURL(variable: String, input: String)
}
