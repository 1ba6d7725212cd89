/// Environment variables, looked up one by one when a run asks for them.
///
/// A run asks for a handful of variables; making a dictionary of every variable of the process
/// first cost a short command about 2% of its time.
public struct Environment: Sendable, ExpressibleByDictionaryLiteral {
  private let lookup: @Sendable (String) -> String?

  /// The variables `lookup` finds, such as the process's own.
  public init(lookup: @escaping @Sendable (_ name: String) -> String?) {
    self.lookup = lookup
  }

  /// Exactly `variables`.
  public init(_ variables: [String: String]) {
    self.init { variables[$0] }
  }

  public init(dictionaryLiteral elements: (String, String)...) {
    self.init(Dictionary(uniqueKeysWithValues: elements))
  }

  /// The value of the variable `name`; nil when it is not set.
  public subscript(name: String) -> String? {
    lookup(name)
  }
}
