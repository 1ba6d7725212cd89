#include "CoinTrackAllocator.h"

// Any C library header says which library this is.
#include <stdlib.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void ct_reuse_large_allocations(void) {
#if defined(__GLIBC__)
  // glibc's largest threshold on 64-bit systems; a larger one is refused.
  mallopt(M_MMAP_THRESHOLD, 32 * 1024 * 1024);
#endif
}
