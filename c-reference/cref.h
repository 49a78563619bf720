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

/* ---- Kernels (kernels.c): hit roll, ring costs, hunger, healing ---- */

/* The data layout of the original (rogue.h): a position, the fighting
 * stats of a creature, a room. */
struct cref_coord {
    int x;
    int y;
};

struct cref_stats {
    unsigned int s_str;         /* strength */
    int s_exp;                  /* experience */
    int s_lvl;                  /* level */
    int s_arm;                  /* armor class */
    int s_hpt;                  /* hit points */
    char s_dmg[13];             /* damage string */
    int s_maxhp;                /* maximum hit points */
};

struct cref_room {
    struct cref_coord r_pos;    /* upper left corner */
    struct cref_coord r_max;    /* size */
    struct cref_coord r_gold;   /* where the gold is */
    int r_goldval;
    short r_flags;
    int r_nexits;
    struct cref_coord r_exit[12];
};

/* One cell of the map. */
typedef struct {
    char p_ch;
    char p_flags;
    void *p_monst;
} cref_place;

#define CREF_MAXLINES 32
#define CREF_MAXCOLS 80
#define CREF_MAXROOMS 9

/* A level: the map is column-major, 32 rows a column (places[(x << 5) + y]). */
struct cref_level {
    cref_place places[CREF_MAXLINES * CREF_MAXCOLS];
    struct cref_room rooms[CREF_MAXROOMS];
};

/* A zeroed level (NULL when out of memory), and its release. */
struct cref_level *cref_level_new(void);
void cref_level_free(struct cref_level *lvl);
/* The cell at row y, column x (0 <= y < 32, 0 <= x < 80). */
void cref_set_place(struct cref_level *lvl, int y, int x, char ch, char flags);
char cref_chat(const struct cref_level *lvl, int y, int x);
char cref_flat(const struct cref_level *lvl, int y, int x);
/* FNV-1a over (ch, flags) of rows 0..23, each row x = 0..79, row by row. */
uint32_t cref_map_checksum(const struct cref_level *lvl);

/* Messages as the oracle records them (FORMAT-core.md 3.2). */
#define CREF_MAXMSGS 4
#define CREF_MSGLEN 80
struct cref_msgs {
    int count;                              /* messages emitted */
    char emitted[CREF_MAXMSGS][CREF_MSGLEN];
    char pending[CREF_MSGLEN];              /* composed, not yet emitted */
};

#define CREF_NO_RING (-1)
#define CREF_LEFT 0
#define CREF_RIGHT 1
#define CREF_ISHALU 04000
#define CREF_ISRUN 020000

/* What the hunger and healing kernels read and change: the globals of the
 * game they touch, held explicitly. */
struct cref_hero {
    int32_t seed;
    struct cref_stats pstats;
    short t_flags;              /* the hero's state word */
    int ring_which[2];          /* kind of the ring on each hand, or CREF_NO_RING */
    int ring_arm[2];            /* its plus */
    int food_left;
    int hungry_state;           /* 0 fed, 1 hungry, 2 weak, 3 faint */
    int no_command;             /* turns the hero cannot act */
    int quiet;                  /* turns without fighting */
    int amulet;
    int terse;
    int running;
    int to_death;
    int count;
    struct cref_msgs msgs;
};

/* Whether a level-at_lvl attacker with wplus to hit hits armor class op_arm:
 * rnd(20) + wplus >= 20 - at_lvl - op_arm. */
int cref_swing(int32_t *seed, int at_lvl, int op_arm, int wplus);
/* The food the ring on hand eats this turn. */
int cref_ring_eat(struct cref_hero *h, int hand);
/* One turn of digestion. Returns 's' when the hero starves (the state is
 * then as it was at that moment), else 0. */
int cref_stomach(struct cref_hero *h);
/* One turn of healing. */
void cref_doctor(struct cref_hero *h);

#endif
