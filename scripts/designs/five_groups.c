/* Search a resolvable group divisible design of type g^5 at tables of four over Z5 x Zg
 * (tournaments/frame_designs.py, RESOLVABLE_FIVE), offline.
 *
 * The points are (x, y), x in Z5 the group, y in Zg. The 4g/3 rounds are orbits of base rounds
 * under the shifts (x + s, y + t); a base round is kept by a subgroup S of them, and its
 * tables are base tables moved by S, so that it seats every point once:
 *   A  S = Z5            g/4 base tables, their y's split Zg             (g rounds)
 *   B  S = Z5 x <g/3>    g/12 base tables, their y's one in each class mod g/3  (g/3 rounds)
 *   C  S = <4>           5 base tables, their (x, y mod 4) all different (20 rounds)
 *   D  S = Z5 x <4>      1 base table, its y's one in each class mod 4    (4 rounds)
 * A mix of kinds with 2g/6 base tables in all (48 rounds for g = 36): every pair of points of
 * different groups lies in one orbit of pairs, named by (x difference up to sign, y difference),
 * 2g of them, and each base table's six pairs must take six orbits no other pair takes.
 * The cost counts pairs whose orbit is taken twice and points a base round seats twice; a
 * move sets one point's y (any value) and group (its own or the one its table lacks), the best
 * move not tabu (tenure + 0..4 steps) each step.
 *
 *   cc -O2 -o five_groups five_groups.c && ./five_groups 36 1 20000 CCDD 10
 *
 * prints one line per base round, its kind and its tables "x,y;x,y;x,y;x,y", once it costs 0:
 * CCDD at seed 1 in 0.1 s. AB (one base round of g shifts, one of g/3) has no solution for
 * g = 12 (exhaustive search) and stalled one to four short for 36 in 2-minute runs.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
static unsigned long long s;
static unsigned rnd(void){ s^=s<<13; s^=s>>7; s^=s<<17; return (unsigned)(s>>11);}
int g, nt, nrounds; int grp[64][4], y[64][4]; int rof[64]; char rkind[16]; int rstart[16], rlen[16];
int cls[2][256]; int slot[16][256]; int cur;
static inline int mdv(int v){ v%=g; return v<0?v+g:v; }
static inline int key(int r,int t,int a){ switch(rkind[r]){ case 'A': return y[t][a]; case 'B': return y[t][a]%(g/3); case 'C': return grp[t][a]*4+y[t][a]%4; default: return y[t][a]%4; } }
static inline void pairc(int t,int a,int b,int sg){ int dg=((grp[t][b]-grp[t][a])%5+5)%5; int d=mdv(y[t][b]-y[t][a]); if(dg>=3){dg=5-dg; d=mdv(-d);} int*c=&cls[dg-1][d]; if(sg>0){ if(*c>=1) cur++; (*c)++; } else { (*c)--; if(*c>=1) cur--; } }
static inline void slotc(int t,int a,int sg){ int*c=&slot[rof[t]][key(rof[t],t,a)]; if(sg>0){ if(*c>=1) cur++; (*c)++; } else { (*c)--; if(*c>=1) cur--; } }
void point(int t,int a,int sg){ for(int b=0;b<4;b++) if(b!=a) pairc(t,a,b,sg); slotc(t,a,sg); }
void setp(int t,int a,int ny,int ng){ point(t,a,-1); y[t][a]=ny; grp[t][a]=ng; point(t,a,1); }
int main(int argc,char**argv){ g=atoi(argv[1]); s=atoll(argv[2])*2654435761ULL+7; long steps=atol(argv[3]); const char*mixs=argv[4]; int tenure=atoi(argv[5]);
  nt=0; nrounds=0;
  for(const char*p=mixs;*p;p++){ int len = *p=='A'? g/4 : *p=='B'? g/12 : *p=='C'? 5 : 1; rkind[nrounds]=*p; rstart[nrounds]=nt; rlen[nrounds]=len; for(int k=0;k<len;k++) rof[nt+k]=nrounds; nt+=len; nrounds++; }
  if(nt*6 != 2*g){ fprintf(stderr,"tables %d\n",nt); return 2; }
  for(int t=0;t<nt;t++){ int miss=rnd()%5; int k=0; for(int i=0;i<5;i++) if(i!=miss){ grp[t][k]=i; y[t][k]=rnd()%g; k++; } }
  cur=0; for(int t=0;t<nt;t++){ for(int a=0;a<4;a++) for(int b=a+1;b<4;b++) pairc(t,a,b,1); for(int a=0;a<4;a++) slotc(t,a,1); }
  int best=cur; static long tabu[64][4][300];
  for(long it=0; it<steps && cur>0; it++){
    int bd=1<<30,bt=-1,ba=-1,bv=-1,bgn=-1,cnt=0;
    for(int t=0;t<nt;t++) for(int a=0;a<4;a++){
      int sy=y[t][a], sg=grp[t][a]; int used[5]={0}; for(int b=0;b<4;b++) used[grp[t][b]]=1; int miss=0; while(used[miss])miss++;
      for(int gi=0; gi<2; gi++){ int ng = gi? miss : sg;
        for(int v=0;v<g;v++){ if(v==sy && ng==sg) continue; int before=cur; setp(t,a,v,ng); int d=cur-before; setp(t,a,sy,sg);
          int code = (gi? g:0) + v;
          if(tabu[t][a][code]>it && before+d>=best) continue;
          if(d<bd){bd=d;bt=t;ba=a;bv=v;bgn=ng;cnt=1;} else if(d==bd && rnd()%(++cnt)==0){bt=t;ba=a;bv=v;bgn=ng;} } }
    }
    if(bt<0) continue;
    { int code_old = y[bt][ba]; tabu[bt][ba][code_old]=it+tenure+rnd()%5; tabu[bt][ba][g+code_old]=it+tenure+rnd()%5; }
    setp(bt,ba,bv,bgn);
    if(cur<best){best=cur; fprintf(stderr,"it %ld best %d\n",it,best);}
  }
  fprintf(stderr,"%s cost %d best %d\n",mixs,cur,best);
  if(cur==0){ for(int r=0;r<nrounds;r++){ printf("%c",rkind[r]); for(int t=rstart[r];t<rstart[r]+rlen[r];t++){ printf(" "); for(int a=0;a<4;a++) printf("%d,%d%s",grp[t][a],y[t][a],a<3?";":""); } printf("\n"); } return 0; }
  return 1;
}
