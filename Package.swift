// swift-tools-version:6.0
import PackageDescription

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
    .target(name: "CoinTrackCore", dependencies: ["CoinTrackSnapshot", "CoinTrackCurl"]),
    .target(name: "CoinTrackCLI", dependencies: ["CoinTrackCore"]),
    .executableTarget(name: "cointrack", dependencies: ["CoinTrackCLI"]),
    .testTarget(
      name: "CoinTrackCoreTests", dependencies: ["CoinTrackCore", "CoinTrackSnapshotGenerator"]),
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
