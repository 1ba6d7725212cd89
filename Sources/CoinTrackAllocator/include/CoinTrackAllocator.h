// Tunes the C allocator for a run of one command.

#ifndef COINTRACK_ALLOCATOR_H
#define COINTRACK_ALLOCATOR_H

#ifdef __cplusplus
extern "C" {
#endif

/// Makes the allocator serve large blocks from its heap rather than map each one apart, so that
/// the pages of a block freed serve the next. A run frees large buffers (a state file read whole,
/// the closes it checked) before it makes others (a command's rows), and glibc maps any block of
/// 128 kB or more on its own, unmaps it when freed, and has the next faulted in and zeroed anew,
/// a page at a time. Does nothing with another allocator than glibc's.
void ct_reuse_large_allocations(void);

#ifdef __cplusplus
}
#endif

#endif
