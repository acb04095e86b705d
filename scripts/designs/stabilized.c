/* Tabu search for stabilized.py's layout (offline): G = Z_3 x Z_3 x Z_w, two base rounds kept
 * by T_1 = <(1,0,0)> and T_2 = <(0,1,0)>; a state is, for each base round, the cosets of both
 * sides (but the fixed players') dealt to tables of four, and a representative of each coset;
 * its cost the orbits met twice or more (each extra meeting) and the pairs that may not meet.
 * A move swaps two cosets of different tables of one base round, or changes one coset's
 * representative; the best move not tabu is taken (or a tabu one that beats the best).
 *
 *   cc -O2 -o /tmp/stabilized stabilized.c && /tmp/stabilized N STEPS SEED TENURE
 *
 * Prints, when the cost reaches 0, a line per base round: the tables' players as
 * "side:a,b,c" (element (a, b, c) of side 0 or 1), for stabilized.py to check and expand.
 *
 * Run (2026-11-29): 56 stalled one orbit short in 300 s (2,000,000 steps, tenure 6) where the
 * SAT model of stabilized.py finds it in seconds; kept as the record, not used.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int w, n, slots_per, tables_per;
static int keycount, FORB;
static int *pure_key, *mixed_key; /* [side*n + d], [d] */
static int coset_rep[2][400];      /* per class: element index of each coset representative */
static int slot_elem[2][400], slot_side[2][400];
static int table_of[2][400], rep_of[2][400];
static int members[2][100][4];
static int *count;
static long long cost;
static unsigned long long rng = 88172645463325252ULL;
static unsigned rnd(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (unsigned)(rng >> 11); }

static int el(int a, int b, int c) { return ((a % 3 + 3) % 3 * 3 + (b % 3 + 3) % 3) * w + (c % w + w) % w; }
static int ea(int e) { return e / w / 3; }
static int eb(int e) { return e / w % 3; }
static int ec(int e) { return e % w; }
static int sub(int x, int y) { return el(ea(x) - ea(y), eb(x) - eb(y), ec(x) - ec(y)); }
static int sub_gen[2][3];

static int point(int i, int s) { /* element of slot s of class i */
    int g = sub_gen[i][rep_of[i][s]];
    int e = slot_elem[i][s];
    return el(ea(e) + ea(g), eb(e) + eb(g), ec(e) + ec(g));
}

static int key(int i, int s, int t) {
    int x = point(i, s), y = point(i, t);
    if (slot_side[i][s] == slot_side[i][t]) return pure_key[slot_side[i][s] * n + sub(y, x)];
    if (slot_side[i][s] == 0) return mixed_key[sub(y, x)];
    return mixed_key[sub(x, y)];
}

static long long bump(int k, int delta) { /* cost change of count[k] += delta */
    long long before = k == FORB ? count[k] : (count[k] > 1 ? count[k] - 1 : 0);
    count[k] += delta;
    long long after = k == FORB ? count[k] : (count[k] > 1 ? count[k] - 1 : 0);
    return after - before;
}

static long long slot_pairs(int i, int s, int table, int skip, int delta) {
    long long change = 0;
    for (int j = 0; j < 4; j++) {
        int t = members[i][table][j];
        if (t == s || t == skip) continue;
        change += bump(key(i, s, t), delta);
    }
    return change;
}

int main(int argc, char **argv) {
    int players = atoi(argv[1]);
    long long steps = atoll(argv[2]);
    rng ^= (unsigned long long)atoi(argv[3]) * 2654435761ULL;
    int tenure = atoi(argv[4]);
    n = (players - 2) / 2;
    w = n / 9;
    keycount = 0;
    pure_key = malloc(sizeof(int) * 2 * n);
    mixed_key = malloc(sizeof(int) * n);
    for (int s = 0; s < 2; s++)
        for (int d = 0; d < n; d++) pure_key[s * n + d] = -1;
    FORB = 0;
    keycount = 1;
    for (int s = 0; s < 2; s++)
        for (int d = 1; d < n; d++) {
            if (pure_key[s * n + d] >= 0) continue;
            int nd = sub(0, d);
            int forbidden = (ec(d) == 0 && (ea(d) == 0 || eb(d) == 0));
            int k = forbidden ? FORB : keycount++;
            pure_key[s * n + d] = pure_key[s * n + nd] = k;
        }
    pure_key[0] = pure_key[n] = FORB;
    mixed_key[0] = FORB;
    for (int d = 1; d < n; d++) mixed_key[d] = keycount++;
    count = calloc(keycount, sizeof(int));
    for (int i = 0; i < 2; i++) {
        for (int k = 0; k < 3; k++) sub_gen[i][k] = i == 0 ? el(k, 0, 0) : el(0, k, 0);
        int cosets = 0;
        for (int a = 0; a < 3; a++)
            for (int c = 0; c < w; c++) {
                int e = i == 0 ? el(0, a, c) : el(a, 0, c);
                if (e != 0) coset_rep[i][cosets++] = e;
            }
        slots_per = 2 * cosets;
        tables_per = slots_per / 4;
        for (int s = 0; s < slots_per; s++) {
            slot_elem[i][s] = coset_rep[i][s % cosets];
            slot_side[i][s] = s / cosets;
        }
        int order[400];
        for (int s = 0; s < slots_per; s++) order[s] = s;
        for (int s = slots_per - 1; s > 0; s--) {
            int r = rnd() % (s + 1), x = order[s];
            order[s] = order[r];
            order[r] = x;
        }
        for (int s = 0; s < slots_per; s++) {
            table_of[i][order[s]] = s / 4;
            members[i][s / 4][s % 4] = order[s];
            rep_of[i][s] = rnd() % 3;
        }
    }
    cost = 0;
    for (int i = 0; i < 2; i++)
        for (int t = 0; t < tables_per; t++)
            for (int a = 0; a < 4; a++)
                for (int b = a + 1; b < 4; b++) cost += bump(key(i, members[i][t][a], members[i][t][b]), 1);
    long long best = cost;
    long long *tabu_until = calloc(2 * 400, sizeof(long long));
    for (long long step = 0; step < steps && cost > 0; step++) {
        long long best_delta = 1LL << 60;
        int bi = -1, bs = -1, bt = -1, brep = -1, ties = 0;
        for (int i = 0; i < 2; i++) {
            for (int s = 0; s < slots_per; s++) {
                int ts = table_of[i][s];
                for (int t = s + 1; t < slots_per; t++) {
                    int tt = table_of[i][t];
                    if (tt == ts) continue;
                    int is_tabu = tabu_until[i * 400 + s] > step && tabu_until[i * 400 + t] > step;
                    long long delta = slot_pairs(i, s, ts, -1, -1) + slot_pairs(i, t, tt, -1, -1);
                    /* move s to tt and t to ts */
                    for (int j = 0; j < 4; j++) {
                        if (members[i][tt][j] == t) members[i][tt][j] = s;
                        if (members[i][ts][j] == s) members[i][ts][j] = t;
                    }
                    table_of[i][s] = tt;
                    table_of[i][t] = ts;
                    delta += slot_pairs(i, s, tt, -1, 1) + slot_pairs(i, t, ts, -1, 1);
                    slot_pairs(i, s, tt, -1, -1);
                    slot_pairs(i, t, ts, -1, -1);
                    for (int j = 0; j < 4; j++) {
                        if (members[i][tt][j] == s) members[i][tt][j] = t;
                        if (members[i][ts][j] == t) members[i][ts][j] = s;
                    }
                    table_of[i][s] = ts;
                    table_of[i][t] = tt;
                    slot_pairs(i, s, ts, -1, 1);
                    slot_pairs(i, t, tt, -1, 1);
                    if (is_tabu && cost + delta >= best) continue;
                    if (delta < best_delta || (delta == best_delta && rnd() % (++ties) == 0)) {
                        if (delta < best_delta) ties = 1;
                        best_delta = delta;
                        bi = i, bs = s, bt = t, brep = -1;
                    }
                }
                for (int r = 0; r < 3; r++) {
                    if (r == rep_of[i][s]) continue;
                    int is_tabu = tabu_until[i * 400 + s] > step;
                    int old = rep_of[i][s];
                    long long delta = slot_pairs(i, s, ts, -1, -1);
                    rep_of[i][s] = r;
                    delta += slot_pairs(i, s, ts, -1, 1);
                    slot_pairs(i, s, ts, -1, -1);
                    rep_of[i][s] = old;
                    slot_pairs(i, s, ts, -1, 1);
                    if (is_tabu && cost + delta >= best) continue;
                    if (delta < best_delta || (delta == best_delta && rnd() % (++ties) == 0)) {
                        if (delta < best_delta) ties = 1;
                        best_delta = delta;
                        bi = i, bs = s, bt = -1, brep = r;
                    }
                }
            }
        }
        if (bi < 0) continue;
        int i = bi, s = bs;
        int ts = table_of[i][s];
        if (brep >= 0) {
            cost += slot_pairs(i, s, ts, -1, -1);
            rep_of[i][s] = brep;
            cost += slot_pairs(i, s, ts, -1, 1);
            tabu_until[i * 400 + s] = step + tenure + rnd() % 3;
        } else {
            int t = bt, tt = table_of[i][t];
            cost += slot_pairs(i, s, ts, -1, -1) + slot_pairs(i, t, tt, -1, -1);
            for (int j = 0; j < 4; j++) {
                if (members[i][tt][j] == t) members[i][tt][j] = s;
                if (members[i][ts][j] == s) members[i][ts][j] = t;
            }
            table_of[i][s] = tt;
            table_of[i][t] = ts;
            cost += slot_pairs(i, s, tt, -1, 1) + slot_pairs(i, t, ts, -1, 1);
            tabu_until[i * 400 + s] = step + tenure + rnd() % 3;
            tabu_until[i * 400 + t] = step + tenure + rnd() % 3;
        }
        if (cost < best) {
            best = cost;
            fprintf(stderr, "step %lld cost %lld\n", step, cost);
        }
    }
    if (cost > 0) {
        fprintf(stderr, "stopped at cost %lld (best %lld)\n", cost, best);
        return 1;
    }
    for (int i = 0; i < 2; i++) {
        for (int t = 0; t < tables_per; t++) {
            for (int j = 0; j < 4; j++) {
                int s = members[i][t][j], e = point(i, s);
                printf("%s%d:%d,%d,%d", j ? " " : "", slot_side[i][s], ea(e), eb(e), ec(e));
            }
            printf(t + 1 < tables_per ? " | " : "\n");
        }
    }
    return 0;
}
