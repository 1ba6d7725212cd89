// swift-tools-version:6.0
import PackageDescription

/// The commit `cointrack --version` names: `COINTRACK_COMMIT=$(git rev-parse --short HEAD) swift
/// build`. An environment variable rather than `Context.gitInformation`: SwiftPM caches the
/// evaluated manifest and the build plan across commits (a change of environment re-evaluates
/// them, a new commit does not), so git information would name an old commit after a pull.
/// Unset, or anything but a short run of letters, digits, '.', '-' and '+': no commit is shown.
let commit: String = {
  let value = Context.environment["COINTRACK_COMMIT"] ?? ""
  let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-+")
  return value.count <= 40 && value.allSatisfy(allowed.contains) ? value : ""
}()

/// The generic types the compiler can lay out ahead of time (an array of option specs, an
/// optional decimal) go into the binary whole, instead of being built by the runtime from their
/// mangled names the first time each is used: every command builds the command table and many
/// such types before doing anything. Swift does this by default on Apple platforms only; the
/// standard library for Linux is built with it, so its runtime takes these layouts. The
/// benchmark's floor is compiled with the same flag.
let swiftSettings: [SwiftSetting] = [
  .unsafeFlags(["-Xfrontend", "-prespecialize-generic-metadata"])
]

let package = Package(
  name: "cointrack",
  products: [
    .executable(name: "cointrack", targets: ["cointrack"])
  ],
  targets: [
    // The embedded price snapshot as static C data: nothing is parsed at start-up.
    .target(name: "CoinTrackSnapshot", exclude: ["data"]),
    // Writes that C data from data/: `swift run cointrack-snapshot-generator`. The code is a
    // library so that a test can check the committed file against the same generator.
    .target(name: "CoinTrackSnapshotGenerator", dependencies: ["CoinTrackCore"]),
    .executableTarget(
      name: "cointrack-snapshot-generator", dependencies: ["CoinTrackSnapshotGenerator"]),
    // libcurl is opened with dlopen on the first request, never linked, so that a run that makes
    // no request pays nothing for it at start-up.
    .target(name: "CoinTrackCurl"),
    .target(
      name: "CoinTrackCore", dependencies: ["CoinTrackSnapshot", "CoinTrackCurl"],
      swiftSettings: swiftSettings),
    // The commit for --version, a C string because a Swift define carries no value.
    .target(
      name: "CoinTrackBuildInfo", cSettings: [.define("COINTRACK_COMMIT", to: "\"\(commit)\"")]),
    .target(
      name: "CoinTrackCLI", dependencies: ["CoinTrackCore", "CoinTrackBuildInfo"],
      swiftSettings: swiftSettings),
    .executableTarget(
      name: "cointrack", dependencies: ["CoinTrackCLI"], swiftSettings: swiftSettings),
    // Fixtures/Exchanges: real exchange exports (see its PROVENANCE.md), read through #filePath.
    .testTarget(
      name: "CoinTrackCoreTests",
      dependencies: ["CoinTrackCore", "CoinTrackSnapshotGenerator", "CoinTrackTestSupport"],
      exclude: ["Fixtures"]),
    // Golden files are read through #filePath, so that re-recording writes the checked-in copies.
    .testTarget(
      name: "CoinTrackCLITests", dependencies: ["CoinTrackCLI", "CoinTrackTestSupport"],
      exclude: ["Golden"]),
    // Depends on the executable so that `swift test` builds the binary these tests run.
    // Core too, to feed the accounting tools directives for symbols the snapshot lacks.
    .testTarget(
      name: "CoinTrackProcessTests",
      dependencies: ["cointrack", "CoinTrackCore", "CoinTrackTestSupport"], exclude: ["Corpus"]),
    // What several test targets share: a scripted HTTP server standing in for the price APIs.
    .target(
      name: "CoinTrackTestSupport", path: "Tests/CoinTrackTestSupport", exclude: ["Fixtures"]),
  ]
)
