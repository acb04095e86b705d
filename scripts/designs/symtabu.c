// Tabu search for a base round unchanged by a permutation sigma of the players (driven by
// tabu.py --symmetric). stdin: N K O s, the N x N orbit table (-1: a pair that may never sit
// together), then sigma (N numbers: sigma of each player), of order s and no player fixed by
// any power but the s-th, but a few fixed players (s = K - 1: each fixed player sits at a table
// with one whole orbit of sigma, a table sigma leaves as it is). args: seed seconds tenure stall
// weigh
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

static int N, K, O, s, T, nfix, nslots, *fx;
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
    int ba = -1, bb = -1, bp = -1, ties = 0;
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
          bd = d, ba = a, bb = b, bp = -1, ties = 1;
        } else if (d == bd && rnd() % ++ties == 0) {
          ba = a, bb = b, bp = -1;
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
          bd = d, ba = a, bb = -1, bp = v, ties = 1;
        } else if (d == bd && rnd() % ++ties == 0) {
          ba = a, bb = -1, bp = v;
        }
      }
    }
    if (ba < 0) continue;
    if (weigh && bd >= 0) {  // a local minimum: the orbits used twice weigh more from now on
      for (int o = 0; o <= O; o++)
        if (cnt[o] > cap[o]) w[o] += weigh, cost += (long)weigh * (cnt[o] - cap[o]);
    }
    if (bb >= 0) {
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
  return 0;
}
