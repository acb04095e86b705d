// Tabu search for a base round whose pairs fall in distinct orbits (driven by tabu.py).
// stdin: N K O S M, then the N x N orbit table (row by row; -1 where a pair may never sit
// together), optionally each orbit's capacity (else one). S > 0: also S short tables, one
// player of each of the K cycles of M (players l*M .. l*M + M - 1), their pairs counted with
// the base round's (a short round is the turns of one such table). args: seed seconds tenure
// stall
// A state is a partition of the N players into N/K tables; its cost is the number of pairs past
// their orbit's capacity (one for an orbit, none for the pairs marked -1). A move swaps two
// players of different tables, one of them in a pair that costs; the best move not tabu is
// taken (a player may not go back to the table it left for `tenure` moves, give or take),
// unless it beats the best cost so far. After `stall` moves without a new best, a few random
// swaps shake the state. Prints the tables once the cost is 0 (or "fail BEST" at the time
// limit), and the moves taken on stderr.
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static int N, K, T, O, S, M;
static int *orb, *cnt, *cap, *where, *tab, *tabu, *sh, *shtabu;
static long cost, viol, dviol, *w;  // the weighted cost, and the pairs past capacity
static unsigned long long rs;

static unsigned rnd(void) {
  rs ^= rs << 13;
  rs ^= rs >> 7;
  rs ^= rs << 17;
  return (unsigned)(rs >> 11);
}

static inline void inc(int o) {
  if (++cnt[o] > cap[o]) {
    cost += w[o];
    viol++;
  }
}
static inline void dec(int o) {
  if (cnt[o]-- > cap[o]) {
    cost -= w[o];
    viol--;
  }
}
#define ORB(a, b) orb[(a) * N + (b)]

// Swap the players in slot i of table A and slot j of table B, counters and all.
static void swap(int A, int i, int B, int j) {
  int p = tab[A * K + i], q = tab[B * K + j];
  for (int s = 0; s < K; s++) {
    if (s != i) dec(ORB(p, tab[A * K + s]));
    if (s != j) dec(ORB(q, tab[B * K + s]));
  }
  tab[A * K + i] = q;
  tab[B * K + j] = p;
  where[p] = B * K + j;
  where[q] = A * K + i;
  for (int s = 0; s < K; s++) {
    if (s != i) inc(ORB(q, tab[A * K + s]));
    if (s != j) inc(ORB(p, tab[B * K + s]));
  }
}

// The change in cost were p (slot i of A) and q (slot j of B) swapped, the state unchanged.
static long delta(int A, int i, int B, int j) {
  int p = tab[A * K + i], q = tab[B * K + j];
  long before = cost;
  for (int s = 0; s < K; s++) {
    if (s != i) dec(ORB(p, tab[A * K + s]));
    if (s != j) dec(ORB(q, tab[B * K + s]));
  }
  for (int s = 0; s < K; s++) {
    if (s != i) inc(ORB(q, tab[A * K + s]));
    if (s != j) inc(ORB(p, tab[B * K + s]));
  }
  long d = cost - before;
  dviol = viol;
  for (int s = 0; s < K; s++) {
    if (s != i) dec(ORB(q, tab[A * K + s]));
    if (s != j) dec(ORB(p, tab[B * K + s]));
  }
  for (int s = 0; s < K; s++) {
    if (s != i) inc(ORB(p, tab[A * K + s]));
    if (s != j) inc(ORB(q, tab[B * K + s]));
  }
  dviol -= viol;
  return d;
}

// Move slot l of short table s to player v (of the same cycle); returns the change in cost.
static long move_short(int s, int l, int v) {
  long before = cost, v0 = viol;
  int u = sh[s * K + l];
  for (int k = 0; k < K; k++)
    if (k != l) dec(ORB(u, sh[s * K + k]));
  sh[s * K + l] = v;
  for (int k = 0; k < K; k++)
    if (k != l) inc(ORB(v, sh[s * K + k]));
  dviol = viol - v0;
  return cost - before;
}

int main(int argc, char **argv) {
  if (argc < 5) return 2;
  rs = (unsigned long long)atoll(argv[1]) * 2654435761ULL + 88172645463325252ULL;
  double seconds = atof(argv[2]);
  int tenure = atoi(argv[3]);
  long stall = atol(argv[4]);
  int weigh = argc > 5 ? atoi(argv[5]) : 0;
  if (scanf("%d %d %d %d %d", &N, &K, &O, &S, &M) != 5) return 2;
  T = N / K;
  orb = malloc(sizeof(int) * N * N);
  cnt = calloc(O + 1, sizeof(int));
  cap = malloc(sizeof(int) * (O + 1));
  w = malloc(sizeof(long) * (O + 1));
  for (int o = 0; o <= O; o++) w[o] = 1;
  where = malloc(sizeof(int) * N);
  tab = malloc(sizeof(int) * N);
  tabu = calloc((size_t)N * T, sizeof(int));
  sh = malloc(sizeof(int) * (S * K + 1));
  shtabu = calloc((size_t)(S + 1) * N, sizeof(int));
  for (int o = 0; o < O; o++) cap[o] = 1;
  cap[O] = 0;  // the pairs that may never sit together
  for (int a = 0; a < N * N; a++) {
    if (scanf("%d", &orb[a]) != 1) return 2;
    if (orb[a] < 0) orb[a] = O;
  }
  // Optionally each orbit's capacity (how many of its pairs the base round may hold; one
  // where none are given): a covering's doubled orbit takes two.
  for (int o = 0; o < O; o++)
    if (scanf("%d", &cap[o]) != 1) break;
  for (int p = 0; p < N; p++) tab[p] = p;
  for (int p = N - 1; p > 0; p--) {
    int r = rnd() % (p + 1), t = tab[p];
    tab[p] = tab[r];
    tab[r] = t;
  }
  for (int s = 0; s < N; s++) where[tab[s]] = s;
  for (int A = 0; A < T; A++)
    for (int i = 0; i < K; i++)
      for (int j = i + 1; j < K; j++) inc(ORB(tab[A * K + i], tab[A * K + j]));
  for (int t = 0; t < S; t++)
    for (int l = 0; l < K; l++) {
      sh[t * K + l] = l * M + rnd() % M;
      for (int k = 0; k < l; k++) inc(ORB(sh[t * K + l], sh[t * K + k]));
    }
  long best = viol, least = viol, last = 0, it = 0;
  int *hot = malloc(sizeof(int) * N), *hots = malloc(sizeof(int) * (S * K + 1));
  clock_t start = clock();
  while (viol > 0) {
    it++;
    if ((it & 255) == 0 && (double)(clock() - start) / CLOCKS_PER_SEC > seconds) break;
    int nh = 0;  // the players in a pair that costs
    for (int A = 0; A < T; A++) {
      int mark[16] = {0};
      for (int i = 0; i < K; i++)
        for (int j = i + 1; j < K; j++)
          if (cnt[ORB(tab[A * K + i], tab[A * K + j])] > cap[ORB(tab[A * K + i], tab[A * K + j])])
            mark[i] = mark[j] = 1;
      for (int i = 0; i < K; i++)
        if (mark[i]) hot[nh++] = tab[A * K + i];
    }
    int nhs = 0;  // the short tables' slots in a pair that costs
    for (int t = 0; t < S; t++)
      for (int l = 0; l < K; l++)
        for (int k = 0; k < K; k++)
          if (k != l && cnt[ORB(sh[t * K + l], sh[t * K + k])] > cap[ORB(sh[t * K + l], sh[t * K + k])]) {
            hots[nhs++] = t * K + l;
            break;
          }
    long bd = 1L << 40;
    int bA = -1, bi = 0, bB = 0, bj = 0, ties = 0, bs = -1, bv = 0;
    for (int h = 0; h < nh; h++) {
      int A = where[hot[h]] / K, i = where[hot[h]] % K, p = hot[h];
      for (int B = 0; B < T; B++) {
        if (B == A) continue;
        for (int j = 0; j < K; j++) {
          int q = tab[B * K + j];
          long d = delta(A, i, B, j);
          int forbidden = tabu[p * T + B] > it || tabu[q * T + A] > it;
          if (forbidden && viol + dviol >= best) continue;
          if (d < bd) {
            bd = d;
            bA = A, bi = i, bB = B, bj = j, bs = -1;
            ties = 1;
          } else if (d == bd && rnd() % ++ties == 0) {
            bA = A, bi = i, bB = B, bj = j, bs = -1;
          }
        }
      }
    }
    for (int h = 0; h < nhs; h++) {
      int t = hots[h] / K, l = hots[h] % K, u = sh[hots[h]];
      for (int v = l * M; v < l * M + M; v++) {
        if (v == u) continue;
        long d = move_short(t, l, v);
        long dv = dviol;
        move_short(t, l, u);
        if (shtabu[t * N + v] > it && viol + dv >= best) continue;
        if (d < bd) {
          bd = d;
          bs = hots[h], bv = v, bA = 0;
          ties = 1;
        } else if (d == bd && rnd() % ++ties == 0) {
          bs = hots[h], bv = v, bA = 0;
        }
      }
    }
    if (bA < 0) continue;
    if (weigh && bd >= 0) {  // a local minimum: the orbits used twice weigh more from now on
      for (int o = 0; o <= O; o++)
        if (cnt[o] > cap[o]) {
          w[o] += weigh;
          cost += (long)weigh * (cnt[o] - cap[o]);
        }
    }
    if (bs >= 0) {
      int t = bs / K, l = bs % K, u = sh[bs];
      move_short(t, l, bv);
      shtabu[t * N + u] = it + tenure + rnd() % (tenure + 1);
    } else {
      int p = tab[bA * K + bi], q = tab[bB * K + bj];
      swap(bA, bi, bB, bj);
      tabu[p * T + bA] = it + tenure + rnd() % (tenure + 1);
      tabu[q * T + bB] = it + tenure + rnd() % (tenure + 1);
    }
    if (viol < least) least = viol;
    if (viol < best) {
      best = viol;
      last = it;
    } else if (it - last > stall) {
      for (int s = 0; s < 2 + (int)(rnd() % 3); s++) {
        int A = rnd() % T, B = rnd() % T;
        if (A != B) swap(A, rnd() % K, B, rnd() % K);
        if (S) {
          int t = rnd() % S, l = rnd() % K;
          move_short(t, l, l * M + rnd() % M);
        }
      }
      last = it;
      best = viol;  // a fresh reference: the aspiration is relative to this basin
    }
  }
  fprintf(stderr, "moves %ld seconds %.1f\n", it, (double)(clock() - start) / CLOCKS_PER_SEC);
  if (viol) {
    printf("fail %ld\n", least);
    return 1;
  }
  for (int A = 0; A < T; A++) {
    for (int i = 0; i < K; i++) printf("%d%c", tab[A * K + i], i + 1 < K ? ' ' : '\n');
  }
  for (int t = 0; t < S; t++) {
    printf("short");
    for (int l = 0; l < K; l++) printf(" %d", sh[t * K + l]);
    printf("\n");
  }
  return 0;
}
