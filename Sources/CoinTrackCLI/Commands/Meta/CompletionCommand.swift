import CoinTrackCore

/// `cointrack completion SHELL`: the completion script for a shell.
struct CompletionCommand: LeafCommand {
  static let shellArgument = ArgumentSpec(
    "SHELL", summary: "The shell to complete for.", allowed: Shell.allCases.map(\.rawValue))

  static let spec = CommandSpec(
    "completion", summary: "Print a shell completion script.",
    discussion: """
      The script completes commands, options, option values and coin symbols, which it asks \
      cointrack for. Install it where your shell looks for completions, or load it for one \
      session; the README's Completions section shows how.
      """,
    arguments: [shellArgument],
    examples: [
      Example(
        command: "cointrack completion bash",
        explanation: "The bash script; 'source <(cointrack completion bash)' loads it for this "
          + "shell."),
      Example(
        command: "cointrack completion zsh",
        explanation: "The zsh script, to save as _cointrack in a directory on $fpath."),
      Example(
        command: "cointrack completion fish",
        explanation: "The fish script, to save as ~/.config/fish/completions/cointrack.fish."),
    ],
    leaf: Self.self)

  let shell: Shell

  init(_ command: ParsedCommand, in session: CommandSession) {
    // The parser refuses a missing shell and checks the value against the shells.
    shell = Shell(rawValue: command.value(of: Self.shellArgument)!)!
  }

  func run(in session: CommandSession) -> CommandOutput {
    .text(CompletionScript.text(for: shell))
  }
}
