import CoinTrackCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The entry points of the command-line tool.
public enum CoinTrackTool {
  /// Runs one command line in the given context and returns the exit status.
  public static func run(_ context: RunContext) -> Int32 {
    CommandRunner(context: context).run().rawValue
  }

  /// Runs the process's own command line and exits with its status.
  public static func main() -> Never {
    // A closed pipe must end the run quietly, through EPIPE, rather than by signal.
    signal(SIGPIPE, SIG_IGN)
    FileDescriptorOutput.holdClosedStandardDescriptors()
    let context = RunContext(
      arguments: Array(CommandLine.arguments.dropFirst()),
      // withCString: passing a String to getenv directly copies it into a fresh array.
      environment: Environment { name in name.withCString(getenv).map { String(cString: $0) } },
      standardOutput: FileDescriptorOutput(descriptor: STDOUT_FILENO, name: "standard output"),
      standardError: FileDescriptorOutput(descriptor: STDERR_FILENO, name: "standard error"),
      standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1)
    exit(run(context))
  }
}
