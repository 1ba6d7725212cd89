import Testing

/// Tables are decorated on a terminal only, and never with NO_COLOR or TERM=dumb.
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
}
