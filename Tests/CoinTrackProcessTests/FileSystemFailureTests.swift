import CoinTrackTestSupport
import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Saves that the file system refuses end in 74 naming the path, with nothing changed; a held
/// lock ends in 75 naming the lock file; saves leave private modes.
@Suite struct FileSystemFailureTests {
  @Test func aFullDiskFailsTheSaveAndKeepsTheOldState() throws {
    let sandbox = try Sandbox()
    try FileManager.default.createDirectory(at: sandbox.dataHome, withIntermediateDirectories: true)
    try PrivilegedSetup.mount(["-t", "tmpfs", "-o", "size=64k", "tmpfs", sandbox.dataHome.path])
    defer { PrivilegedSetup.unmount(sandbox.dataHome) }
    #expect(try sandbox.run(["profile", "set", "before"]).status == 0)
    let before = try #require(sandbox.stateData())
    try fill(sandbox.dataHome.appendingPathComponent("filler"))

    for command in [["coins", "add", "ADA"], ["profile", "set", "after"]] {
      let result = try sandbox.run(command)
      #expect(result.status == 74, "\(command)")
      #expect(
        result.standardError
          == "cointrack: cannot write '\(sandbox.stateFile.path)': No space left on device; "
          + "nothing was changed.\n", "\(command)")
      #expect(sandbox.stateData() == before)
      #expect(try sandbox.stateDirectoryListing() == ["state.json", "state.json.lock"])
    }
    #expect(try sandbox.run(["coins", "list"]).status == 0)
  }

  @Test func aReadOnlyFileSystemFailsTheSaveAndKeepsTheOldState() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["profile", "set", "before"]).status == 0)
    let before = try #require(sandbox.stateData())
    let directory = sandbox.stateDirectory.path
    try PrivilegedSetup.mount(["--bind", directory, directory])
    defer { PrivilegedSetup.unmount(sandbox.stateDirectory) }
    try PrivilegedSetup.mount(["-o", "remount,ro,bind", directory])

    let result = try sandbox.run(["coins", "add", "ADA"])
    #expect(result.status == 74)
    #expect(
      result.standardError
        == "cointrack: cannot write '\(sandbox.stateFile.path)': Read-only file system; nothing "
        + "was changed.\n")
    #expect(sandbox.stateData() == before)
    #expect(try sandbox.stateDirectoryListing() == ["state.json", "state.json.lock"])
    #expect(try sandbox.run(["coins", "list"]).status == 0)
  }

  @Test func anUnwritableDirectoryFailsTheSaveAndKeepsTheOldState() throws {
    try PrivilegedSetup.requireUnprivilegedUser()
    let sandbox = try Sandbox()
    try giveToNobody(sandbox)
    #expect(try sandbox.runUnprivileged(["profile", "set", "before"]).status == 0)
    let before = try #require(sandbox.stateData())
    try setMode(0o500, sandbox.stateDirectory)

    let result = try sandbox.runUnprivileged(["coins", "add", "ADA"])
    #expect(result.status == 74)
    #expect(
      result.standardError
        == "cointrack: cannot write '\(sandbox.stateFile.path)': Permission denied; nothing was "
        + "changed.\n")
    #expect(sandbox.stateData() == before)
    #expect(try sandbox.stateDirectoryListing() == ["state.json", "state.json.lock"])
    #expect(try sandbox.runUnprivileged(["coins", "list"]).status == 0)
  }

  @Test func anUnreadableFileIsReportedAndLeftAlone() throws {
    try PrivilegedSetup.requireUnprivilegedUser()
    let sandbox = try Sandbox()
    try giveToNobody(sandbox)
    #expect(try sandbox.runUnprivileged(["profile", "set", "before"]).status == 0)
    let before = try #require(sandbox.stateData())
    try setMode(0, sandbox.stateFile)

    for command in [["coins", "list"], ["coins", "add", "ADA"]] {
      let result = try sandbox.runUnprivileged(command)
      #expect(result.status == 74, "\(command)")
      #expect(
        result.standardError
          == "cointrack: cannot read '\(sandbox.stateFile.path)': Permission denied.\n",
        "\(command)")
    }
    #expect(sandbox.stateData() == before)
    #expect(
      try FileManager.default.attributesOfItem(atPath: sandbox.stateFile.path)[
        .posixPermissions] as? Int == 0)
  }

  @Test func aHeldLockMakesAWriterGiveUpNamingTheLockFile() throws {
    let sandbox = try Sandbox()
    #expect(try sandbox.run(["profile", "set", "before"]).status == 0)
    let before = try #require(sandbox.stateData())
    let lockPath = sandbox.stateFile.path + ".lock"
    let descriptor = open(lockPath, O_RDONLY)
    try #require(descriptor >= 0 && flock(descriptor, LOCK_EX) == 0)
    defer { close(descriptor) }

    let result = try sandbox.run(
      ["profile", "set", "after"], environment: ["COINTRACK_LOCK_TIMEOUT": "0.3"])
    #expect(result.status == 75)
    #expect(
      result.standardError
        == "cointrack: another cointrack held the lock '\(lockPath)' for over 0.3 seconds; "
        + "nothing was changed, try again.\n")
    #expect(sandbox.stateData() == before)
    // Readers do not wait for the lock.
    #expect(try sandbox.run(["profile", "show"]).status == 0)
  }

  @Test func savesLeaveTheFileAt0600AndTheDirectoryAt0700() throws {
    let sandbox = try Sandbox()
    // Start from a file and a directory that something else made with open modes.
    try sandbox.writeState(
      #"{"schema_version": 1, "profile": {"username": "old", "source": null, "currency": null}, "#
        + #""coins": [], "next_id": 1}"#)
    try setMode(0o755, sandbox.stateDirectory)
    try setMode(0o644, sandbox.stateFile)
    // A permissive umask must not loosen what the save sets.
    let shell = try Sandbox.run(
      URL(fileURLWithPath: "/bin/sh"),
      ["-c", "umask 000; exec \"$0\" coins add ADA", Sandbox.binary.path],
      environment: sandbox.environment)
    #expect(shell.status == 0, "\(shell)")
    #expect(try sandbox.run(["profile", "set", "new"]).status == 0)
    let modes = try sandbox.stateDirectoryListing().map { name in
      (name, try mode(of: sandbox.stateDirectory.appendingPathComponent(name)))
    }
    #expect(modes.map(\.0) == ["state.json", "state.json.bak-v1", "state.json.lock"])
    #expect(modes.allSatisfy { $0.1 == 0o600 }, "\(modes)")
    #expect(try mode(of: sandbox.stateDirectory) == 0o700)
  }

  /// A FIFO where the state, its lock or its backup belongs is refused with 74 naming it, by
  /// readers and writers alike, without blocking on it; nothing else changes.
  @Test(arguments: [
    ("state.json", [["coins", "list"], ["profile", "show"], ["coins", "add", "ADA"]]),
    ("state.json.lock", [["coins", "add", "ADA"], ["profile", "set", "after"]]),
    ("state.json.bak-v1", [["coins", "add", "ADA"]]),
  ])
  func aFIFOInPlaceOfAStateFileIsRefusedWithoutBlocking(name: String, commands: [[String]])
    throws
  {
    let sandbox = try Sandbox()
    // A file of schema version 1, so that a save first writes the backup.
    try sandbox.writeState(
      #"{"schema_version": 1, "profile": {"username": "old", "source": null, "currency": null}, "#
        + #""coins": [], "next_id": 1}"#)
    let before = try #require(sandbox.stateData())
    let fifo = sandbox.stateDirectory.appendingPathComponent(name)
    if name == "state.json" { try FileManager.default.removeItem(at: fifo) }
    try #require(mkfifo(fifo.path, 0o600) == 0)
    let listing = try sandbox.stateDirectoryListing()

    for command in commands {
      let result = try runKilledIfBlocked(sandbox, command)
      #expect(result.status == 74, "\(command): \(result)")
      let verb = name == "state.json" ? "read" : "write"
      let tail = name == "state.json" ? "." : "; nothing was changed."
      #expect(
        result.standardError
          == "cointrack: cannot \(verb) '\(fifo.path)': it is not a regular file\(tail)\n",
        "\(command)")
      #expect(result.standardOutput == "")
      var status = stat()
      #expect(lstat(fifo.path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
      if name != "state.json" { #expect(sandbox.stateData() == before) }
      // The lock file a writer makes is the one thing a refused save may leave behind.
      #expect(
        try sandbox.stateDirectoryListing().filter { $0 != "state.json.lock" }
          == listing.filter { $0 != "state.json.lock" }, "\(command)")
    }
  }

  /// Runs the binary under `timeout -s KILL`: a run that blocks is killed, and its status then
  /// fails the test's expectations instead of hanging the suite.
  private func runKilledIfBlocked(_ sandbox: Sandbox, _ arguments: [String]) throws
    -> ProcessResult
  {
    try Sandbox.run(
      URL(fileURLWithPath: "/usr/bin/timeout"),
      ["-s", "KILL", "30", Sandbox.binary.path] + arguments, environment: sandbox.environment)
  }

  /// Writes `file` until the file system is full.
  private func fill(_ file: URL) throws {
    let descriptor = open(file.path, O_WRONLY | O_CREAT, 0o600)
    try #require(descriptor >= 0)
    defer { close(descriptor) }
    let block = [UInt8](repeating: 0x2E, count: 4096)
    while block.withUnsafeBytes({ write(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    try #require(errno == ENOSPC)
  }

  /// Makes everything in the sandbox belong to `nobody`.
  private func giveToNobody(_ sandbox: Sandbox) throws {
    for directory in [sandbox.home, sandbox.dataHome, sandbox.cacheHome] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
    let id = PrivilegedSetup.unprivilegedID
    let owner = [FileAttributeKey.ownerAccountID: id, .groupOwnerAccountID: id]
    try FileManager.default.setAttributes(owner, ofItemAtPath: sandbox.root.path)
    for name in try FileManager.default.subpathsOfDirectory(atPath: sandbox.root.path) {
      try FileManager.default.setAttributes(
        owner, ofItemAtPath: sandbox.root.appendingPathComponent(name).path)
    }
  }

  private func setMode(_ mode: Int, _ url: URL) throws {
    try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
  }

  private func mode(of url: URL) throws -> Int? {
    try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
  }
}
