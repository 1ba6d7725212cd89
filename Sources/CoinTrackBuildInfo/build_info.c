#include "CoinTrackBuildInfo.h"

// Package.swift defines COINTRACK_COMMIT for this file alone, so that a new commit recompiles
// only this file.
#ifndef COINTRACK_COMMIT
#define COINTRACK_COMMIT ""
#endif

const char *ct_build_commit(void) { return COINTRACK_COMMIT; }
