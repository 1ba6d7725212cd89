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
    // CommandLine.arguments would repair bytes that are not UTF-8; read them as given.
    var arguments: [String] = []
    var undecodable: [Int: [UInt8]] = [:]
    for index in 1..<Int(CommandLine.argc) {
      guard let pointer = CommandLine.unsafeArgv[index] else { break }
      let bytes = Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
      if let text = String(validating: bytes, as: UTF8.self) {
        arguments.append(text)
      } else {
        undecodable[arguments.count] = bytes
        arguments.append(String(decoding: bytes, as: UTF8.self))
      }
    }
    let context = RunContext(
      arguments: arguments, undecodableArguments: undecodable, environment: .process,
      standardOutput: FileDescriptorOutput(descriptor: STDOUT_FILENO, name: "standard output"),
      standardError: FileDescriptorOutput(descriptor: STDERR_FILENO, name: "standard error"),
      standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1,
      standardErrorIsTerminal: isatty(STDERR_FILENO) == 1,
      standardOutputTerminalWidth: terminalWidth(of: STDOUT_FILENO))
    exit(run(context))
  }

  /// The columns the terminal `descriptor` is open on reports; nil for no terminal or none.
  private static func terminalWidth(of descriptor: Int32) -> Int? {
    var size = winsize()
    guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
    return Int(size.ws_col)
  }
}
