/// What one row (or one group of rows) of an export says happened, in the export's own terms:
/// assets by symbol (exchange codes already mapped), amounts as positive exact decimals.
public struct ImportEvent: Hashable, Sendable {
  /// What happened.
  public enum Kind: Hashable, Sendable {
    /// A coin bought or sold for money: `total` is what was paid or received, fees apart.
    case trade(TradeSide, coin: String, quantity: Price, total: Price, currency: String)
    /// Coins given for other coins: one for one (ETH bought with BTC), or several for one (dust
    /// converted to BNB).
    case swap(given: [ExportAmount], received: [ExportAmount])
    /// Coins received as income (staking, interest, airdrops), by the export's name for the row.
    case income(rowType: String, coin: String, quantity: Price)
    /// Coins moved in or out of the exchange, by the export's name for the row.
    case transfer(rowType: String, coin: String, quantity: Price)
    /// Coins paid for a cost outside any trade (a network fee on its own), by the export's name
    /// for the row.
    case cost(rowType: String, coin: String, quantity: Price)
  }

  /// The line of the row that starts the event (the header is line 1).
  public let line: Int
  public let day: Day
  public let kind: Kind
  /// The fees paid, each in an asset: the trade's currency or a coin.
  public let fees: [ExportAmount]
  /// The format's key and the row's id or hash (`kraken-trades:TXID`).
  public let origin: String
}

/// An amount of one asset, by its symbol.
public struct ExportAmount: Hashable, Sendable {
  public let asset: String
  public let quantity: Price

  public init(asset: String, quantity: Price) {
    self.asset = asset
    self.quantity = quantity
  }
}

extension ImportEvent.Kind {
  /// The trade or swap of `given` for `received`: a trade in a currency when exactly one side
  /// is money (`ExportAssets.isCurrency`), or both are and one is fiat (EUR for USDT is a buy
  /// of USDT in EUR); when both are stablecoins, a sell of the one given in the one received;
  /// otherwise a swap. (The booking records no trade of money for money.)
  static func exchange(given: [ExportAmount], received: [ExportAmount]) -> Self {
    guard given.count == 1, received.count == 1 else {
      return .swap(given: given, received: received)
    }
    let (out, into) = (given[0], received[0])
    func rank(_ asset: String) -> Int {
      ExportAssets.fiat.contains(asset) ? 2 : ExportAssets.isCurrency(asset) ? 1 : 0
    }
    if rank(out.asset) > rank(into.asset) {
      return .trade(
        .buy, coin: into.asset, quantity: into.quantity, total: out.quantity, currency: out.asset)
    }
    if rank(into.asset) > 0, rank(into.asset) >= rank(out.asset) {
      return .trade(
        .sell, coin: out.asset, quantity: out.quantity, total: into.quantity, currency: into.asset)
    }
    return .swap(given: given, received: received)
  }
}

/// Exchange asset codes and which of them are money.
public enum ExportAssets {
  /// The fiat currencies exchanges quote in, by ISO code.
  public static let fiat: Set<String> = [
    "USD", "EUR", "GBP", "JPY", "CHF", "CAD", "AUD", "NZD", "CZK", "SEK", "NOK", "DKK", "PLN",
    "HUF", "TRY", "BRL", "KRW", "RUB", "HKD", "SGD", "ZAR", "MXN", "INR", "UAH", "NGN", "ARS",
  ]
  /// The stablecoins exchanges and cointrack's sources quote in.
  public static let stablecoins: Set<String> = ["USDT", "USDC", "BUSD", "FDUSD", "TUSD", "DAI"]

  /// Whether `symbol` is money: a trade against it is a trade in that currency, not a swap.
  public static func isCurrency(_ symbol: String) -> Bool {
    fiat.contains(symbol) || stablecoins.contains(symbol)
  }

  /// Whether `symbol` is Koinly's own number for a coin (`ID:56784085`, from the coin's page on
  /// koinly.io), which says nothing of the coin to anyone else: only `--symbol` can name it.
  public static func isKoinlyNumber(_ symbol: String) -> Bool {
    let digits = symbol.utf8.dropFirst(3)
    return symbol.hasPrefix("ID:") && (1...20).contains(digits.count)
      && digits.allSatisfy { (0x30...0x39).contains($0) }
  }

  /// Kraken's legacy four-letter codes, by what everyone else calls them.
  static let krakenCodes: [String: String] = [
    "XXBT": "BTC", "XBT": "BTC", "XXDG": "DOGE", "XDG": "DOGE", "XETH": "ETH", "XLTC": "LTC",
    "XXRP": "XRP", "XXLM": "XLM", "XETC": "ETC", "XZEC": "ZEC", "XMLN": "MLN", "XREP": "REP",
    "XXMR": "XMR", "XICN": "ICN", "XNMC": "NMC", "XXVN": "XVN", "ZEUR": "EUR", "ZUSD": "USD",
    "ZGBP": "GBP", "ZCAD": "CAD", "ZJPY": "JPY", "ZAUD": "AUD", "ZCHF": "CHF",
  ]

  /// A Kraken asset as a symbol: legacy codes mapped (`XXBT` is BTC, `ZEUR` is EUR), and a
  /// staked or held suffix dropped with the digits before it (`DOT.S`, `SOL03.S` and
  /// `EUR.HOLD` are DOT, SOL and EUR): staked coins are the same coin, held by the user.
  public static func krakenSymbol(_ code: String) -> String {
    var symbol = code.uppercased()
    if let dot = symbol.firstIndex(of: ".") {
      symbol = String(symbol[..<dot])
      while symbol.count > 1, symbol.last?.isASCIIDigit == true { symbol.removeLast() }
    }
    return krakenCodes[symbol] ?? symbol
  }

  /// The quote codes a glued pair (`LTCBTC`, `XXRPZEUR`) may end in, longest first.
  static let quoteCodes: [String] = [
    "ZEUR", "ZUSD", "ZGBP", "ZCAD", "ZJPY", "XXBT", "XETH", "FDUSD", "USDT", "USDC", "BUSD",
    "TUSD", "EUR", "USD", "GBP", "JPY", "CHF", "CAD", "AUD", "TRY", "BRL", "BTC", "XBT", "ETH",
    "BNB", "DAI", "DOT",
  ].sorted { $0.count > $1.count }

  /// A glued pair split into base and quote at the longest quote code it ends in; nil when it
  /// ends in none or would leave no base.
  public static func splitPair(_ pair: String) -> (base: String, quote: String)? {
    let upper = pair.uppercased()
    for quote in quoteCodes where upper.hasSuffix(quote) && upper.count > quote.count {
      return (String(upper.dropLast(quote.count)), quote)
    }
    return nil
  }
}
