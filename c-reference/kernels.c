/*
 * The combat and hunger kernels of Rogue 5.4.4, written for this project
 * from the rules in shared/reference/rogue-facts.md (rogue/swing,
 * rogue/ring-hunger, rogue/hunger-states) and oracle/FORMAT-core.md
 * (sections 3.2 and 7), to check the Rust port against. All state is in
 * the structures the caller passes, so tests may run in parallel.
 *
 * Integer arithmetic that could leave the int range goes through unsigned
 * helpers: the port follows gcc's two's complement wrap-around there.
 */
#include <stdlib.h>
#include <string.h>

#include "cref.h"

/* The hunger thresholds: hungry below 300, weak below 150, starved when
 * the count was below -850. */
#define HUNGRY_BELOW 300
#define WEAK_BELOW 150
#define STARVE_BELOW (-850)

/* The longest pending message text plus the piece still fits on the line
 * with "--More--" (80 columns). */
#define MSG_FITS 71

/* Ring kinds (o_which) the kernels look at. */
enum {
    RING_PROTECT, RING_ADDSTR, RING_SUSTSTR, RING_SEARCH, RING_SEEINVIS,
    RING_NOP, RING_AGGR, RING_ADDHIT, RING_ADDDAM, RING_REGEN, RING_DIGEST,
    RING_TELEPORT, RING_STEALTH, RING_SUSTARM
};

static int32_t
add32(int32_t a, int32_t b)
{
    return (int32_t) ((uint32_t) a + (uint32_t) b);
}

static int32_t
sub32(int32_t a, int32_t b)
{
    return (int32_t) ((uint32_t) a - (uint32_t) b);
}

/* ---- the map ---- */

/* The cell of row y, column x in the column-major map. */
#define INDEX(lvl, y, x) (&(lvl)->places[((x) << 5) + (y)])

struct cref_level *
cref_level_new(void)
{
    return calloc(1, sizeof(struct cref_level));
}

void
cref_level_free(struct cref_level *lvl)
{
    free(lvl);
}

void
cref_set_place(struct cref_level *lvl, int y, int x, char ch, char flags)
{
    cref_place *pp = INDEX(lvl, y, x);

    pp->p_ch = ch;
    pp->p_flags = flags;
}

char
cref_chat(const struct cref_level *lvl, int y, int x)
{
    return INDEX(lvl, y, x)->p_ch;
}

char
cref_flat(const struct cref_level *lvl, int y, int x)
{
    return INDEX(lvl, y, x)->p_flags;
}

uint32_t
cref_map_checksum(const struct cref_level *lvl)
{
    uint32_t h = 2166136261u;
    int y, x;

    for (y = 0; y < 24; y++)
        for (x = 0; x < CREF_MAXCOLS; x++) {
            const cref_place *pp = INDEX(lvl, y, x);

            h = (h ^ (unsigned char) pp->p_ch) * 16777619u;
            h = (h ^ (unsigned char) pp->p_flags) * 16777619u;
        }
    return h;
}

/* ---- messages ---- */

static void
emit(struct cref_msgs *m)
{
    if (m->count < CREF_MAXMSGS) {
        memcpy(m->emitted[m->count], m->pending, CREF_MSGLEN);
        m->count++;
    }
    m->pending[0] = '\0';
}

/* Append a piece; when it would not fit after what is pending, the
 * pending text goes out first. */
static void
add_piece(struct cref_msgs *m, const char *piece)
{
    size_t have, len = strlen(piece);

    if (len + strlen(m->pending) >= MSG_FITS)
        emit(m);
    have = strlen(m->pending);
    if (len > CREF_MSGLEN - 1 - have)
        len = CREF_MSGLEN - 1 - have;
    memcpy(m->pending + have, piece, len);
    m->pending[have + len] = '\0';
}

/* A whole message (an empty one says nothing). */
static void
say(struct cref_msgs *m, const char *text)
{
    if (text[0] == '\0')
        return;
    add_piece(m, text);
    emit(m);
}

/* The hallucinating hero's words, or the plain ones. */
static const char *
words(const struct cref_hero *h, const char *tripping, const char *plain)
{
    return (h->t_flags & CREF_ISHALU) ? tripping : plain;
}

/* ---- the kernels ---- */

int
cref_swing(int32_t *seed, int at_lvl, int op_arm, int wplus)
{
    int32_t roll = cref_rnd(seed, 20);
    int32_t needed = sub32(sub32(20, at_lvl), op_arm);

    return add32(roll, wplus) >= needed;
}

/* True with a chance of one in n (one draw). */
static int
one_in(int32_t *seed, int n)
{
    return cref_rnd(seed, n) == 0;
}

int
cref_ring_eat(struct cref_hero *h, int hand)
{
    switch (h->ring_which[hand]) {
    case RING_REGEN:
        return 2;
    case RING_PROTECT: case RING_ADDSTR: case RING_SUSTSTR:
    case RING_STEALTH: case RING_SUSTARM:
        return 1;
    case RING_SEARCH: case RING_ADDHIT: case RING_ADDDAM:
        return one_in(&h->seed, 3);
    case RING_SEEINVIS:
        return one_in(&h->seed, 5);
    case RING_DIGEST:
        return -one_in(&h->seed, 2);     /* gives food back */
    default:                             /* none, adornment, aggravate, teleport */
        return 0;
    }
}

int
cref_stomach(struct cref_hero *h)
{
    int state_before = h->hungry_state;
    int32_t food_before = h->food_left;

    if (food_before > 0) {
        /* Left hand first, then right: the original's order of draws. */
        int32_t cost = cref_ring_eat(h, CREF_LEFT);

        cost = add32(cost, cref_ring_eat(h, CREF_RIGHT));
        cost = add32(cost, 1 - (h->amulet != 0));
        h->food_left = sub32(food_before, cost);
        if (food_before >= WEAK_BELOW && h->food_left < WEAK_BELOW) {
            h->hungry_state = 2;
            say(&h->msgs, words(h, "the munchies are interfering with your motor capabilites",
                                "you are starting to feel weak"));
        } else if (food_before >= HUNGRY_BELOW && h->food_left < HUNGRY_BELOW) {
            h->hungry_state = 1;
            if (h->terse)
                say(&h->msgs, words(h, "getting the munchies", "getting hungry"));
            else
                say(&h->msgs, words(h, "you are getting the munchies", "you are starting to get hungry"));
        }
    } else {
        /* Out of food: the count keeps falling, one a turn. */
        h->food_left = sub32(food_before, 1);
        if (food_before < STARVE_BELOW)
            return 's';
        /* A hero who can act faints one time in five. */
        if (h->no_command == 0 && one_in(&h->seed, 5)) {
            h->no_command = add32(h->no_command, cref_rnd(&h->seed, 8) + 4);
            h->hungry_state = 3;
            if (!h->terse)
                add_piece(&h->msgs, words(h, "the munchies overpower your motor capabilities.  ",
                                          "you feel too weak from lack of food.  "));
            say(&h->msgs, words(h, "You freak out", "You faint"));
        }
    }
    if (h->hungry_state != state_before) {
        /* Getting hungrier interrupts whatever the hero was doing. */
        h->t_flags = (short) (h->t_flags & ~CREF_ISRUN);
        h->running = 0;
        h->to_death = 0;
        h->count = 0;
    }
    return 0;
}

void
cref_doctor(struct cref_hero *h)
{
    int32_t level = h->pstats.s_lvl;
    int32_t healed = 0;
    int hand;

    h->quiet = add32(h->quiet, 1);
    if (level >= 8) {
        if (h->quiet >= 3)
            healed = cref_rnd(&h->seed, level - 7) + 1;
    } else if (add32(h->quiet, add32(level, level)) > 20) {
        healed = 1;
    }
    for (hand = CREF_LEFT; hand <= CREF_RIGHT; hand++)
        if (h->ring_which[hand] == RING_REGEN)
            healed++;
    /* Healing (and only healing) is capped at the maximum and ends the
     * quiet spell; hit points already above it are kept otherwise. */
    if (healed != 0) {
        int32_t hp = add32(h->pstats.s_hpt, healed);

        h->pstats.s_hpt = hp > h->pstats.s_maxhp ? h->pstats.s_maxhp : hp;
        h->quiet = 0;
    }
}
