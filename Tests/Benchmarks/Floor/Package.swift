// swift-tools-version:6.0
// The benchmark floor: the cheapest Swift executable there is, built with the
// same flags as cointrack (`swift build -c release --static-swift-stdlib`, and
// the compiler flag cointrack's Package.swift gives its targets).
import PackageDescription

let package = Package(
  name: "Floor",
  targets: [
    .executableTarget(
      name: "floor", path: "Sources/Floor",
      swiftSettings: [.unsafeFlags(["-Xfrontend", "-prespecialize-generic-metadata"])])
  ]
)
