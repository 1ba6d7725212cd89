import CoinTrackCore

/// The portfolio's messages.
extension ErrorFunnel {
  static func message(for error: TradeError) -> String {
    switch error {
    case .malformedNumber(let input, let kind):
      return "invalid \(kind.rawValue) \(quote(input)): use a plain decimal such as 0.5 or "
        + "60000, without sign, exponent or separators."
    case .quantityNotPositive(let input):
      return "the quantity \(quote(input)) is not above 0; a trade moves some coins."
    case .negativeAmount(let input, let kind):
      return "the \(kind.rawValue) \(quote(input)) is below 0; use 0 or more."
    case .tooManyDecimals(let input, let allowed):
      return "the quantity \(quote(input)) has more than \(allowed) decimals, the smallest unit "
        + "of any coin."
    case .malformedCurrency(let input):
      return
        "invalid currency \(quote(input)): use a code of \(Trade.currencyCodeLengths.lowerBound) "
        + "to \(Trade.currencyCodeLengths.upperBound) letters and digits such as USD or USDT."
    case .oversold(let oversell, let isNew):
      let sale = isNew ? "this sale" : "trade \(oversell.trade.id)"
      return "\(sale) of \(oversell.trade.quantity) \(shown(oversell.trade.coin.symbol)) on "
        + "\(oversell.trade.day) would sell more than the \(oversell.held) held then; nothing "
        + "was stored."
    case .removalOversells(let removing, let oversell):
      let trades = removing.count == 1 ? "trade \(removing[0])" : "these trades"
      return "removing \(trades) would leave trade \(oversell.trade.id), the sale of "
        + "\(oversell.trade.quantity) \(shown(oversell.trade.coin.symbol)) on "
        + "\(oversell.trade.day), selling more than the \(oversell.held) held then; nothing was "
        + "removed."
    case .unknownTrade(let input):
      return "no trade has the id \(quote(input)); see 'cointrack portfolio trades'."
    case .currencyMismatch(let trade, let coinCurrency, let source, let isNew):
      let symbol = shown(trade.coin.symbol)
      return "\(isNew ? "this trade" : "trade \(trade.id)") (\(trade.side.rawValue) "
        + "\(trade.quantity) \(symbol) on \(trade.day)) is in \(trade.currency), but the "
        + "\(source) source values \(symbol) in \(coinCurrency); a coin's trades must be in the "
        + "currency it is valued in, and \(isNew ? "nothing was stored" : "nothing was done")."
    case .malformedLots(let input):
      return "invalid --lot \(quote(input)): use the trade ids of buys separated by commas, "
        + "each once, such as 12,4."
    case .unknownLot(let sale, let lot):
      return "trade \(lot) is no buy of \(shown(sale.coin.symbol)) before the sale \(sale.id) "
        + "on \(sale.day), so that sale cannot take its units from it; name buys of "
        + "\(shown(sale.coin.symbol)) from 'cointrack portfolio trades'."
    case .namedLotsShort(let sale, let method):
      return "the \(sale.lots.count == 1 ? "lot" : "lots") "
        + "\(sale.lots.map(String.init).joined(separator: ",")) that sale "
        + "\(sale.id) of \(sale.quantity) \(shown(sale.coin.symbol)) on \(sale.day) names hold "
        + "less than it sells by the \(method.rawValue) method: other sales took from them "
        + "first."
    case .sideRuleBroken(let rule, let side, let input):
      switch rule {
      case .lotsOnlyOnSell:
        return "a \(side.rawValue) names no lots, but \(quote(input)) was given; only a sell "
          + "takes its units from lots."
      case .incomeWithoutFee:
        return "the fee \(quote(input)) of a \(side.rawValue) income is not 0; income costs "
          + "its value on the day it came, and has no fee."
      case .transferWithoutPrice:
        return "the price \(quote(input)) of a transfer is not 0; a transfer moves coins "
          + "between your own accounts and is valued nowhere."
      case .transferWithoutFee:
        return "the fee \(quote(input)) of a transfer is not 0; a fee paid in coin is a sell "
          + "of its own ('portfolio transfer --fee')."
      }
    case .noTradeIDsLeft:
      return "cannot record the trade: every trade id up to \(TrackerState.largestID) has been "
        + "given out, and ids are never reused."
    }
  }
}
