/*
 * c-reference: this project's own C implementation of Rogue 5.4.4's
 * kernels, written from the rules in shared/reference/rogue-facts.md and
 * oracle/FORMAT-core.md (not from the original's source). The Rust port is
 * checked against it through FFI.
 */
#ifndef CREF_H
#define CREF_H

#include <stdint.h>

/* The generator: seed' = seed * 11109 + 13849 (mod 2^32); the value is
 * bits 16..31 of seed'. */
int32_t cref_rn(int32_t *seed);
/* 0 when range is 0 (no draw); else RN modulo range, C remainder. */
int32_t cref_rnd(int32_t *seed, int32_t range);
/* Sum of n draws of rnd(sides) + 1; no draw when n <= 0. */
int32_t cref_roll(int32_t *seed, int32_t n, int32_t sides);
/* n - n/20 + rnd(n/10), truncating division. */
int32_t cref_spread(int32_t *seed, int32_t n);

#endif
