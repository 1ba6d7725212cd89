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

  init(firstKey: Int) {
    self.firstKey = firstKey
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
