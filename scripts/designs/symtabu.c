// Tabu search for a base round unchanged by a permutation sigma of the players (driven by
// tabu.py --symmetric). stdin: N K O s, the N x N orbit table (-1: a pair that may never sit
// together), then sigma (N numbers: sigma of each player), of order s and no player fixed by
// any power but the s-th, but a few fixed players (s = K - 1: each fixed player sits at a table
// with one whole orbit of sigma, a table sigma leaves as it is). args: seed seconds tenure stall
// weigh
// Optionally, after sigma, S M: also S short tables, one player of each of the K cycles of M
// (players l*M .. l*M + M - 1; sigma must map cycles onto cycles), each standing for the turns
// of itself and of its images by sigma (s short rounds); a move sets one of their places.
// Then optionally F W: F more short tables that sigma turns into a turn of themselves (one
// short round each), for sigma taking place x of cycle l to place W*x of cycle 0 (l = 0) or
// l % 3 + 1 (four cycles): places a0, a1 free, a2 = W*a1 - t and a3 = W*a2 - t, t = (W-1)*a0.
// The state is N / (K s) tables, one player of each orbit of sigma in one of them; the base
// round is these tables and their images by sigma^1 .. sigma^(s-1). Its cost is the number of
// pairs of the base round past their orbit's capacity (one; none for the pairs marked -1). A
// move swaps two players of different tables, or replaces a player by its image by a power of
// sigma; the best move not tabu is taken (the aspiration: a new best), and at a local minimum
// the orbits used twice weigh `weigh` more from then on (0: never). After `stall` moves without
// a new best, random moves shake the state. Prints the base round once the cost is 0.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int N, K, O, s, T, nfix, nslots, *fx, S, M, *sh, *tabush, F, W;
static int *orb, *cnt, *cap, *img, *rt, *tabu, *tabupt, *orbit_of_player;
static long cost, viol, *w;
static unsigned long long rs;
static unsigned rnd(void) {
  rs ^= rs << 13;
  rs ^= rs >> 7;
  rs ^= rs << 17;
  return (unsigned)(rs >> 11);
}
static inline void add(int o, int by) {
  if (by > 0) {
    if (++cnt[o] > cap[o]) cost += w[o], viol++;
  } else {
    if (cnt[o]-- > cap[o]) cost -= w[o], viol--;
  }
}
static void tally(int A, int by) {
  if (A >= T) {  // a fixed player's table: the player and a whole orbit
    int t[8];
    t[0] = fx[A - T];
    for (int k = 0; k < s; k++) t[k + 1] = img[k * N + rt[T * K + A - T]];
    for (int i = 0; i < K; i++)
      for (int j = i + 1; j < K; j++) add(orb[t[i] * N + t[j]], by);
    return;
  }
  for (int k = 0; k < s; k++)
    for (int i = 0; i < K; i++)
      for (int j = i + 1; j < K; j++)
        add(orb[img[k * N + rt[A * K + i]] * N + img[k * N + rt[A * K + j]]], by);
}
static void derive(int t) {  // a short table sigma turns into a turn of itself: its places 2, 3
  if (t < S) return;
  int a0 = sh[t * K], a1 = sh[t * K + 1] - M, u = (W - 1) * a0 % M;
  int a2 = ((W * a1 - u) % M + M) % M, a3 = ((W * a2 - u) % M + M) % M;
  sh[t * K + 2] = 2 * M + a2, sh[t * K + 3] = 3 * M + a3;
}
static int images(int t) { return t < S ? s : 1; }
static void tally_short(int t, int by) {  // short table t and its images
  for (int k = 0; k < images(t); k++)
    for (int i = 0; i < K; i++)
      for (int j = i + 1; j < K; j++) add(orb[img[k * N + sh[t * K + i]] * N + img[k * N + sh[t * K + j]]], by);
}
static void set_short(int t, int l, int v) {
  tally_short(t, -1);
  sh[t * K + l] = v;
  derive(t);
  tally_short(t, 1);
}
static int table_of(int a) { return a < T * K ? a / K : T + a - T * K; }
static void swap(int a, int b) {  // slots a and b (of different tables)
  tally(table_of(a), -1), tally(table_of(b), -1);
  int t = rt[a];
  rt[a] = rt[b], rt[b] = t;
  tally(table_of(a), 1), tally(table_of(b), 1);
}
static void set(int a, int p) {  // slot a takes player p
  tally(table_of(a), -1);
  rt[a] = p;
  tally(table_of(a), 1);
}

int main(int argc, char **argv) {
  if (argc < 6) return 2;
  rs = (unsigned long long)atoll(argv[1]) * 2654435761ULL + 88172645463325252ULL;
  double seconds = atof(argv[2]);
  int tenure = atoi(argv[3]);
  long stall = atol(argv[4]);
  int weigh = atoi(argv[5]);
  if (scanf("%d %d %d %d", &N, &K, &O, &s) != 4) return 2;
  orb = malloc(sizeof(int) * N * N);
  cnt = calloc(O + 1, sizeof(int));
  cap = malloc(sizeof(int) * (O + 1));
  w = malloc(sizeof(long) * (O + 1));
  img = malloc(sizeof(int) * N * s);
  rt = malloc(sizeof(int) * N);
  fx = malloc(sizeof(int) * N);
  orbit_of_player = malloc(sizeof(int) * N);
  tabu = calloc((size_t)N * N, sizeof(int));
  tabupt = calloc(N, sizeof(int));
  for (int o = 0; o <= O; o++) w[o] = 1, cap[o] = o < O;
  for (int a = 0; a < N * N; a++) {
    if (scanf("%d", &orb[a]) != 1) return 2;
    if (orb[a] < 0) orb[a] = O;
  }
  for (int p = 0; p < N; p++) {
    img[p] = p;
    if (scanf("%d", &img[N + p]) != 1) return 2;
  }
  if (scanf("%d %d", &S, &M) != 2) S = 0, M = 1;
  if (scanf("%d %d", &F, &W) != 2) F = 0, W = 1;
  if (F && K != 4) return 3;
  sh = malloc(sizeof(int) * ((S + F) * K + 1));
  tabush = calloc((size_t)(S + F) * K * M + 1, sizeof(int));
  for (int k = 2; k < s; k++)
    for (int p = 0; p < N; p++) img[k * N + p] = img[N + img[(k - 1) * N + p]];
  int nr = 0, *reps = malloc(sizeof(int) * N);
  for (int p = 0; p < N; p++) orbit_of_player[p] = -1;
  nfix = 0;
  for (int p = 0; p < N; p++)
    if (img[N + p] == p) fx[nfix++] = p;
  for (int p = 0; p < N; p++)
    if (orbit_of_player[p] < 0 && img[N + p] != p) {
      for (int k = 0; k < s; k++) orbit_of_player[img[k * N + p]] = nr;
      reps[nr++] = p;
    }
  if (nr * s + nfix != N || (nfix && s != K - 1) || (nr - nfix) % K) return 3;
  T = (nr - nfix) / K;  // the tables of orbits of s; then one table for each fixed player
  nslots = nr;
  for (int i = nr - 1; i > 0; i--) {
    int j = rnd() % (i + 1), t = reps[i];
    reps[i] = reps[j], reps[j] = t;
  }
  for (int a = 0; a < nr; a++) rt[a] = img[(rnd() % s) * N + reps[a]];
  for (int A = 0; A < T + nfix; A++) tally(A, 1);
  for (int t = 0; t < S + F; t++) {
    for (int l = 0; l < K; l++) sh[t * K + l] = l * M + (int)(rnd() % M);
    derive(t);
    tally_short(t, 1);
  }
  long best = viol, least = viol, last = 0, it = 0;
  int *hot = malloc(sizeof(int) * nr);
  clock_t start = clock();
  while (viol > 0) {
    it++;
    if ((it & 63) == 0 && (double)(clock() - start) / CLOCKS_PER_SEC > seconds) break;
    int nh = 0;  // the slots in a pair that costs
    for (int A = T; A < T + nfix; A++) {
      long c0 = cost, v0 = viol;
      tally(A, -1);
      if (viol < v0) hot[nh++] = T * K + A - T;
      tally(A, 1);
      (void)c0;
    }
    for (int A = 0; A < T; A++) {
      int mark[16] = {0};
      for (int k = 0; k < s; k++)
        for (int i = 0; i < K; i++)
          for (int j = i + 1; j < K; j++) {
            int o = orb[img[k * N + rt[A * K + i]] * N + img[k * N + rt[A * K + j]]];
            if (cnt[o] > cap[o]) mark[i] = mark[j] = 1;
          }
      for (int i = 0; i < K; i++)
        if (mark[i]) hot[nh++] = A * K + i;
    }
    long bd = 1L << 40;
    int ba = -1, bb = -1, bp = -1, ties = 0, bs = -1, bv = -1;
    for (int t = 0; t < S + F; t++) {  // the short tables' places in a pair that costs
      int mark[16] = {0};
      for (int k = 0; k < images(t); k++)
        for (int i = 0; i < K; i++)
          for (int j = i + 1; j < K; j++) {
            int o = orb[img[k * N + sh[t * K + i]] * N + img[k * N + sh[t * K + j]]];
            if (cnt[o] > cap[o]) mark[i] = mark[j] = 1;
          }
      if (t >= S && (mark[2] || mark[3])) mark[0] = mark[1] = 1;  // derived: move a0, a1
      for (int l = 0; l < (t < S ? K : 2); l++) {
        if (!mark[l]) continue;
        int u = sh[t * K + l];
        for (int v = l * M; v < (l + 1) * M; v++) {
          if (v == u) continue;
          long c0 = cost;
          set_short(t, l, v);
          long d = cost - c0, vv = viol;
          set_short(t, l, u);
          if (tabush[(t * K + l) * M + v - l * M] > it && vv >= best) continue;
          if (d < bd) {
            bd = d, bs = t * K + l, bv = v, ba = -1, ties = 1;
          } else if (d == bd && rnd() % ++ties == 0) {
            bs = t * K + l, bv = v, ba = -1;
          }
        }
      }
    }
    for (int h = 0; h < nh; h++) {
      int a = hot[h], A = table_of(a), p = rt[a];
      for (int b = 0; b < nslots; b++) {  // swaps
        int B = table_of(b), q = rt[b];
        if (B == A) continue;
        long c0 = cost, v0 = viol;
        swap(a, b);
        long d = cost - c0, v = viol;
        swap(a, b);
        (void)v0;
        int forbidden = tabu[orbit_of_player[p] * N + B] > it || tabu[orbit_of_player[q] * N + A] > it;
        if (forbidden && v >= best) continue;
        if (d < bd) {
          bd = d, ba = a, bb = b, bp = -1, bs = -1, ties = 1;
        } else if (d == bd && rnd() % ++ties == 0) {
          ba = a, bb = b, bp = -1, bs = -1;
        }
      }
      for (int k = 1; k < s && A < T; k++) {  // turns
        int v = img[k * N + p];
        long c0 = cost;
        set(a, v);
        long d = cost - c0, vv = viol;
        set(a, p);
        if (tabupt[v] > it && vv >= best) continue;
        if (d < bd) {
          bd = d, ba = a, bb = -1, bp = v, bs = -1, ties = 1;
        } else if (d == bd && rnd() % ++ties == 0) {
          ba = a, bb = -1, bp = v, bs = -1;
        }
      }
    }
    if (ba < 0 && bs < 0) continue;
    if (weigh && bd >= 0) {  // a local minimum: the orbits used twice weigh more from now on
      for (int o = 0; o <= O; o++)
        if (cnt[o] > cap[o]) w[o] += weigh, cost += (long)weigh * (cnt[o] - cap[o]);
    }
    if (bs >= 0) {
      int t = bs / K, l = bs % K, u = sh[bs];
      tabush[(t * K + l) * M + u - l * M] = it + tenure + rnd() % (tenure + 1);
      set_short(t, l, bv);
    } else if (bb >= 0) {
      int p = rt[ba], q = rt[bb];
      swap(ba, bb);
      tabu[orbit_of_player[p] * N + table_of(ba)] = it + tenure + rnd() % (tenure + 1);
      tabu[orbit_of_player[q] * N + table_of(bb)] = it + tenure + rnd() % (tenure + 1);
    } else {
      tabupt[rt[ba]] = it + tenure + rnd() % (tenure + 1);
      set(ba, bp);
    }
    if (viol < least) least = viol;
    if (viol < best) {
      best = viol, last = it;
    } else if (it - last > stall) {
      for (int r = 0; r < 2 + (int)(rnd() % 3); r++) {
        int a = rnd() % nslots, b = rnd() % nslots;
        if (table_of(a) != table_of(b)) swap(a, b);
        set(a, img[(rnd() % s) * N + rt[a]]);
      }
      if (S + F) {
        int t = rnd() % (S + F), l = rnd() % (t < S ? K : 2);
        set_short(t, l, l * M + (int)(rnd() % M));
      }
      last = it, best = viol;
    }
  }
  fprintf(stderr, "moves %ld seconds %.1f\n", it, (double)(clock() - start) / CLOCKS_PER_SEC);
  if (viol) {
    printf("fail %ld\n", least);
    return 1;
  }
  for (int A = 0; A < T; A++)
    for (int k = 0; k < s; k++)
      for (int i = 0; i < K; i++) printf("%d%c", img[k * N + rt[A * K + i]], i + 1 < K ? ' ' : '\n');
  for (int i = 0; i < nfix; i++) {
    printf("%d", fx[i]);
    for (int k = 0; k < s; k++) printf(" %d", img[k * N + rt[T * K + i]]);
    printf("\n");
  }
  for (int t = 0; t < S + F; t++)
    for (int k = 0; k < images(t); k++) {
      printf("short");
      for (int i = 0; i < K; i++) printf(" %d", img[k * N + sh[t * K + i]]);
      printf("\n");
    }
  return 0;
}
