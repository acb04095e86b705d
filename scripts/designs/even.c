/* Search R rounds of N players at tables of K in which every two players meet LO to HI times
 * (scripts/designs/even.py, tournaments/even_rounds.py), offline.
 *
 * Past the most rounds a field plays without a repeat, repeats spread evenly are the fewest
 * counting allows: every pair meets floor(mu) or ceil(mu) times, mu = R (K - 1) / (N - 1). A
 * state is R rounds (the first fixed); its cost is, over the pairs, 10 (c - HI)^2 above HI and
 * 10 (LO - c)^2 below LO. A step takes a round at random and makes the best swap of two players
 * of different tables in it (not one made back within a few steps unless it beats the best),
 * whose change is counted from the two tables. Where the search of the draw (which weighs only
 * repeats, and takes a player in a conflict at a time) met a pair three times while another met
 * once (12 players over 8 rounds), this lands in a hundredth of a second. With TEAM, the
 * players are N / TEAM teams of TEAM, player i of team i mod (N / TEAM) (so that the first
 * round, 0 1 2 3 | 4 5 6 7 ..., seats no teammates together); teammates never meet (a meeting
 * costs 1000 c^2) and LO and HI count the other pairs.
 * args: N K R LO HI SEED MAXSTEPS [TEAM]. Prints one round a line, tables split by '|', or
 * "fail BEST" (exit status 1). */
#include <stdio.h>
#include <stdlib.h>

enum { MAXN = 64, MAXR = 64, MAXK = 8 };
static int N, K, R, T, lo, hi, teams;  // teams: how many (0: none)
static int tab[MAXR][MAXN][MAXK];  // round, table, seat
static int met[MAXN][MAXN];
static int tabu[MAXR][MAXN][MAXN];
static unsigned long long rs;

static unsigned rnd(void) {
  rs ^= rs << 13;
  rs ^= rs >> 7;
  rs ^= rs << 17;
  return (unsigned)(rs >> 11);
}
static inline long pen(int a, int b, int c) {
  if (teams && a % teams == b % teams) return 1000L * c * c;
  return c > hi ? 10L * (c - hi) * (c - hi) : c < lo ? 10L * (lo - c) * (lo - c) : 0;
}
static void seat(int r, int t, int by) {
  for (int i = 0; i < K; i++)
    for (int j = i + 1; j < K; j++) {
      int a = tab[r][t][i], b = tab[r][t][j];
      met[a][b] += by, met[b][a] += by;
    }
}
// What moving player a out of table t (for b) adds: a leaves its table mates, b joins them.
static long part(int r, int t, int a, int b) {
  long d = 0;
  for (int s = 0; s < K; s++) {
    int x = tab[r][t][s];
    if (x == a) continue;
    d += pen(a, x, met[a][x] - 1) - pen(a, x, met[a][x]);
    d += pen(b, x, met[b][x] + 1) - pen(b, x, met[b][x]);
  }
  return d;
}

int main(int argc, char **argv) {
  if (argc < 8) return 2;
  N = atoi(argv[1]), K = atoi(argv[2]), R = atoi(argv[3]), lo = atoi(argv[4]), hi = atoi(argv[5]);
  rs = 88172645463325252ULL ^ (unsigned long long)atoll(argv[6]) * 2654435761ULL;
  long maxsteps = atol(argv[7]);
  int team = argc > 8 ? atoi(argv[8]) : 0;
  teams = team > 0 ? N / team : 0;
  T = N / K;
  if (team > 0 && (teams * team != N || teams < K)) return 2;
  if (N > MAXN || R > MAXR || K > MAXK || R < 2 || T * K != N) return 2;
  for (int r = 0; r < R; r++) {
    int p[MAXN];
    for (int i = 0; i < N; i++) p[i] = i;
    for (int i = N - 1; r && i > 0; i--) {
      int j = rnd() % (i + 1), x = p[i];
      p[i] = p[j], p[j] = x;
    }
    for (int t = 0; t < T; t++) {
      for (int s = 0; s < K; s++) tab[r][t][s] = p[t * K + s];
      seat(r, t, 1);
    }
  }
  long cost = 0;
  for (int a = 0; a < N; a++)
    for (int b = a + 1; b < N; b++) cost += pen(a, b, met[a][b]);
  long best = cost;
  for (long step = 1; step <= maxsteps && cost > 0; step++) {
    int r = 1 + rnd() % (R - 1), bt = -1, bu = 0, bi = 0, bj = 0, ties = 0;
    long bd = 1L << 40;
    for (int t = 0; t < T; t++)
      for (int u = t + 1; u < T; u++)
        for (int i = 0; i < K; i++)
          for (int j = 0; j < K; j++) {
            int a = tab[r][t][i], b = tab[r][u][j];
            long d = part(r, t, a, b) + part(r, u, b, a);
            if (tabu[r][a][b] > step && cost + d >= best) continue;
            if (d < bd) {
              bd = d, bt = t, bu = u, bi = i, bj = j, ties = 1;
            } else if (d == bd && rnd() % ++ties == 0) {
              bt = t, bu = u, bi = i, bj = j;
            }
          }
    if (bt < 0) continue;
    int a = tab[r][bt][bi], b = tab[r][bu][bj];
    seat(r, bt, -1), seat(r, bu, -1);
    tab[r][bt][bi] = b, tab[r][bu][bj] = a;
    seat(r, bt, 1), seat(r, bu, 1);
    cost += bd;
    tabu[r][a][b] = tabu[r][b][a] = (int)(step + 4 + rnd() % 8);
    if (cost < best) best = cost;
  }
  if (cost > 0) {
    printf("fail %ld\n", best);
    return 1;
  }
  for (int r = 0; r < R; r++)
    for (int t = 0; t < T; t++)
      for (int s = 0; s < K; s++)
        printf("%d%c", tab[r][t][s], s + 1 < K ? ' ' : t + 1 < T ? '|' : '\n');
  return 0;
}
