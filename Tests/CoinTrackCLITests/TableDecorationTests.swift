import Testing

/// Tables are decorated on a terminal only, and never with NO_COLOR or TERM=dumb; they fit a
/// terminal's width only, and say what they left out.
@Suite struct TableDecorationTests {
  @Test func aTerminalGetsABoldHeader() {
    let run = InProcessRun(["coins", "available"], terminal: true)
    #expect(run.status == 0)
    #expect(run.standardOutput.hasPrefix("\u{1B}[1mSYMBOL  NAME"))
    #expect(run.standardOutput.filter { $0 == "\u{1B}" }.count == 2)
  }

  @Test(arguments: [
    (["NO_COLOR": "1"], true, false), (["TERM": "dumb"], true, false), ([:], false, false),
    // no-color.org: an empty NO_COLOR does not count.
    (["NO_COLOR": ""], true, true),
  ])
  func decoratedOnlyOnATerminalUnlessAskedNotTo(
    environment: [String: String], terminal: Bool, decorated: Bool
  ) {
    let run = InProcessRun(["coins", "available"], environment: environment, terminal: terminal)
    #expect(run.standardOutput.contains("\u{1B}") == decorated)
    #expect(run.standardOutput.hasPrefix(decorated ? "\u{1B}[1mSYMBOL" : "SYMBOL  NAME"))
  }

  @Test func csvAndJSONAreNeverDecorated() {
    for format in ["csv", "json"] {
      let run = InProcessRun(["coins", "available", "--format", format], terminal: true)
      #expect(!run.standardOutput.contains("\u{1B}"))
    }
  }

  /// Without COLUMNS a table fits the width the terminal reports; the fields --fields names are
  /// shown in full.
  @Test func aTableFitsTheTerminalsOwnWidthButNotTheFieldsNamed() {
    let run = InProcessRun(
      ["coins", "list"], environment: ["NO_COLOR": "1"], terminal: true, terminalWidth: 60)
    #expect(run.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 60 })
    #expect(run.standardError.contains("to fit 60 columns"))
    let full = InProcessRun(
      ["coins", "list", "--fields", "id,symbol,name,price,date,currency,source,coin_id"],
      environment: ["NO_COLOR": "1"], terminal: true, terminalWidth: 60)
    #expect(full.standardOutput.split(separator: "\n").first?.hasSuffix("COIN ID") == true)
    #expect(full.standardError == "")
  }

  @Test func aTableFitsCOLUMNSOnATerminalAndSaysWhatItLeftOut() {
    let run = InProcessRun(
      ["coins", "list"], environment: ["COLUMNS": "60", "NO_COLOR": "1"], terminal: true)
    #expect(run.status == 0)
    #expect(
      run.standardOutput.hasPrefix("ID  SYMBOL  NAME           PRICE  DATE        CURRENCY\n"))
    #expect(run.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 60 })
    #expect(
      run.standardError.contains(
        "cointrack: note: columns source and coin_id left out to fit 60 columns; --format csv "
          + "or a wider terminal shows them.\n"))
    let quiet = InProcessRun(
      ["coins", "list", "--quiet"], environment: ["COLUMNS": "60", "NO_COLOR": "1"],
      terminal: true)
    #expect(quiet.standardOutput == run.standardOutput)
    #expect(!quiet.standardError.contains("left out"))
  }

  /// Without a sensible COLUMNS a terminal is taken to be 80 wide, as help does.
  @Test func aTerminalIs80WideUnlessCOLUMNSSaysOtherwise() throws {
    let home = try TemporaryHome()
    let buy = ["portfolio", "buy", "btc", "0.5", "--price", "30000", "--date", "2026-01-02"]
    #expect(home.run(buy).status == 0)
    let whole = home.run(["portfolio", "show"]).standardOutput
    #expect(whole.split(separator: "\n").contains { $0.count > 100 })
    for columns in ["", "wide", "12", "39", "80"] {
      let run = home.run(
        ["portfolio", "show"], environment: ["COLUMNS": columns, "NO_COLOR": "1"], terminal: true)
      #expect(run.standardOutput.split(separator: "\n").allSatisfy { $0.count <= 80 })
      #expect(run.standardError.contains("left out to fit 80 columns"))
    }
    let wide = home.run(
      ["portfolio", "show"], environment: ["COLUMNS": "250", "NO_COLOR": "1"], terminal: true)
    #expect(wide.standardOutput == whole)
  }

  @Test func pipesAndOtherFormatsAreNeverShortened() {
    let whole = InProcessRun(["coins", "list"])
    for (arguments, terminal) in [
      (["coins", "list"], false), (["coins", "list", "--format", "tsv"], true),
    ] {
      let run = InProcessRun(arguments, environment: ["COLUMNS": "40"], terminal: terminal)
      #expect(
        run.standardOutput
          == (terminal ? InProcessRun(arguments).standardOutput : whole.standardOutput))
      #expect(!run.standardError.contains("left out"))
    }
  }
}
