@testable import CoinTrackCLI

/// Short names for the declarations that the parser tests check, which live in the leaf
/// commands' own files.
extension CommandTable {
  static let prices = PricesCommand.spec
  static let coinsAdd = CoinsAddCommand.spec
  static let profileSet = ProfileSetCommand.spec
  static let formatOption = OutputSettings.formatOption
  static let fromOption = PricesCommand.fromOption
  static let toOption = PricesCommand.toOption
}
