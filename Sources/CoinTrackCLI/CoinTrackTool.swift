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
    let context = RunContext(
      arguments: Array(CommandLine.arguments.dropFirst()),
      environment: processEnvironment(),
      standardOutput: FileDescriptorOutput(descriptor: STDOUT_FILENO),
      standardError: FileDescriptorOutput(descriptor: STDERR_FILENO),
      standardOutputIsTerminal: isatty(STDOUT_FILENO) == 1)
    exit(run(context))
  }

  private static func processEnvironment() -> [String: String] {
    var variables: [String: String] = [:]
    var entry = environ
    while let pointer = entry.pointee {
      // Split at the first "=" as bytes: searching a String for a Character walks graphemes,
      // and every run pays for every variable.
      if let equals = strchr(pointer, Int32(UInt8(ascii: "="))) {
        let name = UnsafeRawBufferPointer(start: pointer, count: equals - pointer)
        variables[String(decoding: name, as: UTF8.self)] = String(cString: equals + 1)
      }
      entry += 1
    }
    return variables
  }
}
