#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// An exclusive `flock` on a lock file, held for the duration of a closure.
///
/// The lock lives on a sibling file rather than on the data file because every save replaces the
/// data file with a new inode, which would leave waiting processes locking the old one.
public enum FileLock {
  /// Runs `body` while holding the lock on `path`, waiting up to `timeoutSeconds` for it and
  /// creating the lock file (mode 0600) if needed. A `shared` lock is held by readers together,
  /// and by none of them while a writer holds it.
  public static func withLock<Result>(
    path: String, timeoutSeconds: Double, shared: Bool = false, _ body: () throws -> Result
  ) throws -> Result {
    let descriptor = try acquire(path: path, timeoutSeconds: timeoutSeconds, shared: shared)
    // Closing the descriptor releases the flock.
    defer { close(descriptor) }
    return try body()
  }

  private static func acquire(path: String, timeoutSeconds: Double, shared: Bool)
    throws(StateError) -> Int32
  {
    // Reading is enough for flock; asking for no more lets an existing lock file be locked on a
    // read-only file system or in a read-only directory, so that the save names the state file
    // as the one it cannot write.
    // Non-blocking and checked to be a file: a FIFO planted as the lock would block the open.
    let descriptor: Int32
    do throws(FileError) {
      guard
        let opened = try FileSystem.openRegularFile(
          path, flags: O_RDONLY | O_CREAT | O_NOFOLLOW, operation: "lock")
      else {
        // With O_CREAT, only a missing directory leaves nothing opened.
        throw FileError(path: path, operation: "lock", errorNumber: ENOENT)
      }
      descriptor = opened.descriptor
    } catch {
      throw StateError.unwritable(path: path, reason: error.reason)
    }
    var waited = 0.0
    var pause = 0.002
    while flock(descriptor, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0 {
      let reason = errno
      guard reason == EWOULDBLOCK || reason == EINTR else {
        close(descriptor)
        throw StateError.unwritable(path: path, reason: String(cString: strerror(reason)))
      }
      guard waited < timeoutSeconds else {
        close(descriptor)
        throw StateError.lockTimeout(lockPath: path, seconds: timeoutSeconds)
      }
      // Back off so that fifty waiting processes do not spin on two cores.
      let step = min(pause, max(0, timeoutSeconds - waited))
      var interval = timespec(tv_sec: Int(step), tv_nsec: Int((step - Double(Int(step))) * 1e9))
      nanosleep(&interval, nil)
      waited += step
      pause = min(pause * 2, 0.05)
    }
    return descriptor
  }
}
