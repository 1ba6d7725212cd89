import CoinTrackTestSupport
import Foundation
import Testing

/// Mounts and a user without privileges, for the tests of full disks, read-only file systems and
/// permissions. They need root; where they cannot be had, the test is cancelled (skipped) with
/// the reason, which is printed too.
enum PrivilegedSetup {
  static let mount = URL(fileURLWithPath: "/usr/bin/mount")
  static let umount = URL(fileURLWithPath: "/usr/bin/umount")
  static let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
  /// The user and group `nobody`.
  static let unprivilegedID = 65_534

  /// Runs `mount` with `arguments`, or skips the test saying why it could not.
  static func mount(_ arguments: [String]) throws {
    let result = try Sandbox.run(mount, arguments, environment: ["PATH": "/usr/bin:/bin"])
    if result.status != 0 {
      try skip(
        "'mount \(arguments.joined(separator: " "))' failed with status \(result.status): "
          + result.standardError.trimmingCharacters(in: .whitespacesAndNewlines))
    }
  }

  /// Unmounts `directory`, lazily so that nothing still open there can keep it busy.
  static func unmount(_ directory: URL) {
    _ = try? Sandbox.run(umount, ["-l", directory.path], environment: ["PATH": "/usr/bin:/bin"])
  }

  /// Skips the test unless it runs as root and setpriv can switch to `nobody`.
  static func requireUnprivilegedUser() throws {
    guard getuid() == 0 else {
      try skip("switching to another user needs root; uid is \(getuid())")
    }
    let probe = try Sandbox.run(
      setpriv, userSwitch + ["/bin/true"], environment: ["PATH": "/usr/bin:/bin"])
    if probe.status != 0 {
      try skip("setpriv cannot switch to nobody: status \(probe.status), \(probe.standardError)")
    }
  }

  /// The setpriv arguments that run a command as `nobody` with no supplementary groups.
  static let userSwitch = [
    "--reuid=\(unprivilegedID)", "--regid=\(unprivilegedID)", "--clear-groups",
  ]

  private static func skip(_ reason: String) throws -> Never {
    print("skipped: \(reason)")
    try Test.cancel(Comment(rawValue: reason))
  }
}

extension Sandbox {
  /// Runs the binary as `nobody`, which, unlike root, file modes apply to.
  func runUnprivileged(_ arguments: [String]) throws -> ProcessResult {
    try Sandbox.run(
      PrivilegedSetup.setpriv, PrivilegedSetup.userSwitch + [Sandbox.binary.path] + arguments,
      environment: environment)
  }

  var stateDirectory: URL { stateFile.deletingLastPathComponent() }

  /// The names in the state file's directory, sorted.
  func stateDirectoryListing() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: stateDirectory.path).sorted()
  }
}
