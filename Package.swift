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
    .target(name: "CoinTrackCore", dependencies: ["CoinTrackSnapshot"]),
    .target(name: "CoinTrackCLI", dependencies: ["CoinTrackCore"]),
    .executableTarget(name: "cointrack", dependencies: ["CoinTrackCLI"]),
    .testTarget(name: "CoinTrackCoreTests", dependencies: ["CoinTrackCore"]),
    // Golden files are read through #filePath, so that re-recording writes the checked-in copies.
    .testTarget(name: "CoinTrackCLITests", dependencies: ["CoinTrackCLI"], exclude: ["Golden"]),
    // Depends on the executable so that `swift test` builds the binary these tests run.
    // Core too, to feed the accounting tools directives for symbols the snapshot lacks.
    .testTarget(name: "CoinTrackProcessTests", dependencies: ["cointrack", "CoinTrackCore"]),
  ]
)
