/// Who uses cointrack here, and how they like their prices.
public struct Profile: Hashable, Sendable {
  /// The name shown by `profile show` on first use.
  public static let defaultUsername = "anonymous"
  /// The longest username accepted, in characters.
  public static let maximumUsernameLength = 32

  public var username: String
  /// The price source to use when none is given; nil means the embedded snapshot.
  public var preferredSource: String?
  /// The quote currency to use when none is given; nil means the source's own.
  public var preferredCurrency: String?
  /// The cost method the portfolio commands use when none is given; nil means FIFO.
  public var preferredMethod: CostMethod?

  public init(
    username: String, preferredSource: String? = nil, preferredCurrency: String? = nil,
    preferredMethod: CostMethod? = nil
  ) {
    self.username = username
    self.preferredSource = preferredSource
    self.preferredCurrency = preferredCurrency
    self.preferredMethod = preferredMethod
  }

  /// Checks a proposed username and returns it without surrounding spaces.
  public static func validUsername(_ input: String) throws(TrackerError) -> String {
    let trimmed = input.trimmingSpaces()
    func reject(_ problem: UsernameProblem) -> TrackerError {
      .invalidUsername(input: input, problem: problem)
    }
    if trimmed.isEmpty { throw reject(.empty) }
    if trimmed.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" || $0 == "\u{2028}" }) {
      throw reject(.lineBreak)
    }
    if let (position, scalar) = UntrustedText.firstInvisible(in: input) {
      throw reject(.invisibleCharacter(scalar, position: position))
    }
    if trimmed.count > maximumUsernameLength { throw reject(.tooLong(trimmed.count)) }
    if trimmed.hasPrefix("-") { throw reject(.leadingDash) }
    return trimmed
  }
}

/// What is wrong with a proposed username.
public enum UsernameProblem: Hashable, Sendable {
  case empty
  case tooLong(Int)
  case lineBreak
  /// A control, format or other invisible character (U+202E, U+200B, a tag character...) at
  /// `position`, counting Unicode scalars from 1.
  case invisibleCharacter(Unicode.Scalar, position: Int)
  case leadingDash
}
