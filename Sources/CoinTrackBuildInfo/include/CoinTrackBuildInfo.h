// What the build knows about its own origin, for `cointrack --version`.

#ifndef COINTRACK_BUILD_INFO_H
#define COINTRACK_BUILD_INFO_H

#ifdef __cplusplus
extern "C" {
#endif

// The commit cointrack was built from, as Package.swift read it from COINTRACK_COMMIT when the
// manifest was evaluated; "" when unknown.
const char *ct_build_commit(void);

#ifdef __cplusplus
}
#endif

#endif
