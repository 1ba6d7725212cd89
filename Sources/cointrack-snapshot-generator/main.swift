import CoinTrackSnapshotGenerator
import Foundation

// Rewrites Sources/CoinTrackSnapshot/snapshot.c from Sources/CoinTrackSnapshot/data/ of this
// checkout. Run from anywhere in it: swift run cointrack-snapshot-generator
let arguments = CommandLine.arguments.dropFirst()
guard arguments.isEmpty else {
  FileHandle.standardError.write(
    Data("usage: \(SnapshotGenerator.regenerateCommand) (it takes no arguments)\n".utf8))
  exit(64)
}
do {
  let source = try SnapshotGenerator.cSource()
  try source.write(to: SnapshotGenerator.sourceFile, atomically: true, encoding: .utf8)
  FileHandle.standardError.write(Data("wrote \(SnapshotGenerator.sourceFile.path)\n".utf8))
} catch {
  FileHandle.standardError.write(Data("cointrack-snapshot-generator: \(error)\n".utf8))
  exit(65)
}
