#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Runs numbered tasks on a few threads, at most `limits[group]` of one group at a time, so
/// that the coins of a source with a tight rate limit go one after another while the others run
/// in parallel.
///
/// POSIX threads, as the core's work (libcurl, file writes) is synchronous; a task that waits
/// on a network answer holds its thread, which is what bounds the requests in flight.
final class ParallelWork: @unchecked Sendable {
  // Unchecked: every field below `work` is read and written only with `mutex` held.
  private let work: @Sendable (_ task: Int) -> Void
  private let groups: [Int]
  private let limits: [Int]
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
  private var pending: [Int]
  private var running: [Int]

  private init(groups: [Int], limits: [Int], work: @escaping @Sendable (_ task: Int) -> Void) {
    self.work = work
    self.groups = groups
    self.limits = limits
    pending = Array(groups.indices)
    running = Array(repeating: 0, count: limits.count)
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    condition.deallocate()
  }

  /// Runs `work(task)` for every task `0..<groups.count` on up to `threads` threads and
  /// returns when all are done; task `i` belongs to group `groups[i]`, and at most
  /// `limits[g]` (at least 1) tasks of group `g` run at once. Tasks start in order.
  static func run(
    groups: [Int], limits: [Int], threads: Int, _ work: @escaping @Sendable (_ task: Int) -> Void
  ) {
    let pool = ParallelWork(groups: groups, limits: limits.map { Swift.max(1, $0) }, work: work)
    let count = Swift.min(Swift.max(1, threads), groups.count)
    guard count > 1 else {
      groups.indices.forEach(work)
      return
    }
    var started: [pthread_t] = []
    for _ in 0..<count {
      let context = Unmanaged.passRetained(pool).toOpaque()
      // A pthread_t is a number on Linux and an optional pointer on Darwin.
      #if canImport(Darwin)
        var thread: pthread_t?
      #else
        var thread = pthread_t()
      #endif
      let result = pthread_create(
        &thread, nil,
        { context in
          let pool = Unmanaged<ParallelWork>.fromOpaque(present(context)).takeRetainedValue()
          pool.drain()
          return nil
        }, context)
      if result == 0 {
        started.append(present(thread))
      } else {
        Unmanaged<ParallelWork>.fromOpaque(context).release()
      }
    }
    // Without a single thread (the system refused them all), this thread does the work.
    if started.isEmpty { pool.drain() }
    for thread in started { pthread_join(thread, nil) }
  }

  /// Takes tasks until none is left.
  private func drain() {
    while let task = next() {
      work(task)
      pthread_mutex_lock(mutex)
      running[groups[task]] -= 1
      pthread_cond_broadcast(condition)
      pthread_mutex_unlock(mutex)
    }
  }

  /// The first pending task whose group has room, waiting until one has; nil when none is left.
  private func next() -> Int? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    while !pending.isEmpty {
      if let index = pending.firstIndex(where: { running[groups[$0]] < limits[groups[$0]] }) {
        let task = pending.remove(at: index)
        running[groups[task]] += 1
        return task
      }
      pthread_cond_wait(condition, mutex)
    }
    return nil
  }
}

/// `value`, which is never nil where it is called: a thread's handle once it is created and the
/// context it starts with, which one of Linux and Darwin declares optional and the other not.
private func present<Value>(_ value: Value?) -> Value {
  value!
}
