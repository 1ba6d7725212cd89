#ifndef COINTRACK_SNAPSHOT_H
#define COINTRACK_SNAPSHOT_H

#include <stdint.h>

/// One coin of the embedded snapshot: its daily closes as exact decimal text.
///
/// Day `i` (counted from `first_day`) is `closes[offsets[i] ..< offsets[i + 1]]`;
/// an empty slice is a day the source data lacks.
typedef struct {
  const char *symbol;
  const char *name;
  const char *coingecko_id;
  /// Days since 1970-01-01 of the first close.
  int32_t first_day;
  /// Number of calendar days from the first to the last close, inclusive.
  int32_t day_count;
  /// `day_count + 1` offsets into `closes`.
  const uint32_t *offsets;
  const char *closes;
} ct_snapshot_coin;

/// The number of coins in the snapshot.
int32_t ct_snapshot_coin_count(void);

/// The coin at `index`, in ascending symbol order; NULL when out of range.
const ct_snapshot_coin *ct_snapshot_coin_at(int32_t index);

#endif
