/* Search zero-repeat rounds at the bound over cycles turned together, offline
 * (the move of five_groups.c on the layout of tabu.py --short, with more kinds of rounds).
 *
 * The N = c * p players are c cycles of p (player j*p + y is place y of cycle j). The rounds
 * are orbits of base rounds under the turning y -> y + t of every cycle at once. A base round
 * of kind h (h divides p) is kept by the turns by multiples of h and gives h rounds: its c*h/4
 * tables and their turns by h, 2h ... seat every player once, i.e. their players' (cycle,
 * place mod h) are all different. h = p is a base round turned p times; h = 1 a round the
 * turning keeps (each table a player of four cycles, with all its turns). The h's add up to
 * the rounds wanted. Every pair of players lies in one orbit of the turning: the same cycle
 * at distance d up to sign (shorter than p where 2d = p: those pairs never meet), or cycles
 * j < k with place difference d; each pair of a base table must take an orbit no other pair
 * takes. The cost counts pairs whose orbit is taken twice (or may not be taken) and keys a
 * round takes twice; a move sets one seat to any player, the best move not tabu each step.
 *
 *   cc -O2 -o kinds kinds.c && ./kinds C P H,H,... SEED STEPS TENURE
 *
 * prints the rounds as JSON once the cost is 0 ({"cycles", "m", "rounds": [{"h", "tables"}]}),
 * the best cost on stderr as it falls. Tried (2026-11-28, one core, 60-300 s a run): 28 as
 * 4 7 7,1,1 at once; 44 (4 11 11,1,1,1) ended 2 short, 56 (4 14 14,1,1,1,1) 4, 48 (4 12
 * 3,3,3,3,3 and 4,4,4,3) 3, 60 (4 15 3x6,1) 6, 84 (4 21 7,7,7,3,3) 3, with 12 cycles (60 as
 * 12 5 5,5,5,1x4, 84 as 12 7 7,7,7,1x6) 10 to 15; 132 (4 33 11,11,11,1x10) 8 in 300 s, 68
 * (4 17 17,1x5, tenure 7 and 8, 240 s each) 3, as in tabu.py's record. All of these but 132
 * and 68 have designs stored by other searches: the model is not the way to them either.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static unsigned long long s;
static unsigned rnd(void) { s ^= s << 13; s ^= s >> 7; s ^= s << 17; return (unsigned)(s >> 11); }
static int c, p, N, W, nt, nr, cur;
static int *pt;       /* nt*4 seats */
static int *rof;      /* round of each table */
static int hof[512];  /* each round's h: kept by the turns by multiples of h, h rounds */
static int rstart[512], rlen[512];
static int *cnt;      /* per orbit */
static int *keycnt;   /* nr * N */
static long *tabu;    /* nt*4*N */

static inline int orbit(int u, int v) {
    int cu = u / p, cv = v / p, yu = u % p, yv = v % p;
    if (cu == cv) {
        int d = ((yv - yu) % p + p) % p;
        if (d > p - d) d = p - d;
        return cu * (p / 2 + 1) + d;
    }
    if (cu > cv) { int t = cu; cu = cv; cv = t; t = yu; yu = yv; yv = t; }
    return W + (cu * c + cv) * p + ((yv - yu) % p + p) % p;
}
static inline int key(int t, int v) { int h = hof[rof[t]]; return (v / p) * h + (v % p) % h; }
static inline void inc(int *x) { if (*x >= 1) cur++; (*x)++; }
static inline void dec(int *x) { (*x)--; if (*x >= 1) cur--; }
static void seat(int t, int a, int sign) {
    int v = pt[t * 4 + a];
    for (int b = 0; b < 4; b++)
        if (b != a) { int *x = &cnt[orbit(v, pt[t * 4 + b])]; if (sign > 0) inc(x); else dec(x); }
    int *k = &keycnt[rof[t] * N + key(t, v)];
    if (sign > 0) inc(k); else dec(k);
}

int main(int argc, char **argv) {
    if (argc < 7) { fprintf(stderr, "usage: kinds C P H,H,... SEED STEPS TENURE\n"); return 2; }
    c = atoi(argv[1]); p = atoi(argv[2]);
    s = atoll(argv[4]) * 2654435761ULL + 88172645463325252ULL;
    long steps = atol(argv[5]); int tenure = atoi(argv[6]);
    N = c * p; W = c * (p / 2 + 1);
    if (N % 4 || c % 4) { fprintf(stderr, "c must be a multiple of 4\n"); return 2; }
    nr = 0; nt = 0;
    for (char *q = argv[3]; *q; q++) {
        int h = (int)strtol(q, &q, 10);
        if (h < 1 || p % h || (c * h) % 4) { fprintf(stderr, "bad h %d\n", h); return 2; }
        hof[nr] = h; rstart[nr] = nt; rlen[nr] = c * h / 4; nt += rlen[nr]; nr++;
        if (!*q) break;
    }
    pt = malloc(sizeof(int) * nt * 4); rof = malloc(sizeof(int) * nt);
    int norb = W + c * c * p;
    cnt = calloc(norb, sizeof(int)); keycnt = calloc((size_t)nr * N, sizeof(int));
    tabu = calloc((size_t)nt * 4 * N, sizeof(long));
    for (int j = 0; j < c; j++) { cnt[j * (p / 2 + 1)] = 1; if (p % 2 == 0) cnt[j * (p / 2 + 1) + p / 2] = 1; }
    for (int r = 0; r < nr; r++) {
        for (int t = rstart[r]; t < rstart[r] + rlen[r]; t++) {
            rof[t] = r;
            for (int a = 0; a < 4; a++) {
                int k = (t - rstart[r]) * 4 + a, h = hof[r]; /* key k: cycle k / h, residue k % h */
                pt[t * 4 + a] = (k / h) * p + k % h + h * (int)(rnd() % (p / h));
            }
        }
    }
    /* the cost counts each collision once: add the pairs table by table, then the keys */
    for (int t = 0; t < nt; t++) {
        for (int a = 0; a < 4; a++)
            for (int b = a + 1; b < 4; b++) inc(&cnt[orbit(pt[t * 4 + a], pt[t * 4 + b])]);
        for (int a = 0; a < 4; a++) inc(&keycnt[rof[t] * N + key(t, pt[t * 4 + a])]);
    }
    int best = cur;
    for (long it = 0; it < steps && cur > 0; it++) {
        int bd = 1 << 30, bt = -1, ba = -1, bv = -1, ties = 0;
        for (int t = 0; t < nt; t++)
            for (int a = 0; a < 4; a++) {
                int old = pt[t * 4 + a], before = cur;
                seat(t, a, -1);
                int removed = cur;
                for (int v = 0; v < N; v++) {
                    if (v == old) continue;
                    int d = removed - before, o[3], n = 0;
                    for (int b = 0; b < 4; b++)
                        if (b != a) { o[n] = orbit(v, pt[t * 4 + b]); d += cnt[o[n]] >= 1; cnt[o[n]]++; n++; }
                    for (int i = 0; i < n; i++) cnt[o[i]]--;
                    d += keycnt[rof[t] * N + key(t, v)] >= 1;
                    if (tabu[((long)t * 4 + a) * N + v] > it && before + d >= best) continue;
                    if (d < bd) { bd = d; bt = t; ba = a; bv = v; ties = 1; }
                    else if (d == bd && rnd() % (++ties) == 0) { bt = t; ba = a; bv = v; }
                }
                seat(t, a, 1);
            }
        if (bt < 0) continue;
        tabu[((long)bt * 4 + ba) * N + pt[bt * 4 + ba]] = it + tenure + rnd() % 5;
        seat(bt, ba, -1); pt[bt * 4 + ba] = bv; seat(bt, ba, 1);
        if (cur < best) { best = cur; fprintf(stderr, "it %ld best %d\n", it, best); }
    }
    fprintf(stderr, "cost %d best %d\n", cur, best);
    if (cur) return 1;
    printf("{\"cycles\": %d, \"m\": %d, \"rounds\": [", c, p);
    for (int r = 0; r < nr; r++) {
        printf("%s{\"h\": %d, \"tables\": [", r ? ", " : "", hof[r]);
        for (int t = rstart[r]; t < rstart[r] + rlen[r]; t++)
            printf("%s[%d, %d, %d, %d]", t > rstart[r] ? ", " : "", pt[t * 4], pt[t * 4 + 1], pt[t * 4 + 2], pt[t * 4 + 3]);
        printf("]}");
    }
    printf("]}\n");
    return 0;
}
