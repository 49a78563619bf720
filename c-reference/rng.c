/*
 * The random number generator of Rogue 5.4.4, from its rule
 * (FORMAT-core.md 4.3): a 32-bit linear congruential generator whose value
 * is the high half of the new seed. Unsigned arithmetic gives the
 * wrap-around the rule asks for without signed overflow.
 */
#include "cref.h"

int32_t
cref_rn(int32_t *seed)
{
    uint32_t next = (uint32_t) *seed * 11109u + 13849u;

    *seed = (int32_t) next;
    return (int32_t) (next >> 16);
}

int32_t
cref_rnd(int32_t *seed, int32_t range)
{
    int32_t value;

    if (range == 0)
        return 0;
    value = cref_rn(seed);      /* 0..65535, never negative */
    if (range == INT32_MIN)
        return value;           /* |INT32_MIN| exceeds every value */
    return value % (range < 0 ? -range : range);
}

int32_t
cref_roll(int32_t *seed, int32_t n, int32_t sides)
{
    uint32_t total = 0;

    for (; n > 0; n--)
        total += (uint32_t) cref_rnd(seed, sides) + 1u;
    return (int32_t) total;
}

int32_t
cref_spread(int32_t *seed, int32_t n)
{
    uint32_t base = (uint32_t) n - (uint32_t) (n / 20);

    return (int32_t) (base + (uint32_t) cref_rnd(seed, n / 10));
}
