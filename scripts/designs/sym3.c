// Packing of v = 3R+3 players at tables of 4: 3 cycles of Z_R + 3 fixed; one base round turned by
// Z_R (R rounds); base round invariant under sigma: (x,l)->(c*x mod R, l+1 mod 3), inf_i->inf_{i+1}.
// args: R c seed steps   (c: multiplier with c^3 = 1 mod R, or 1)
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
int R,c,n,P,nb; long *cnt; int *osize; int norb;
int blk[400][4]; // base tables (representatives); images by sigma
unsigned long long rs; unsigned rnd(){rs^=rs<<13;rs^=rs>>7;rs^=rs<<17;return (unsigned)(rs>>11);}
double urand(){return (rnd()&0xffffff)/16777216.0;}
long cost=0;
int sig(int p){ if(p>=3*R) return 3*R+((p-3*R)+1)%3; int l=p/R,x=p%R; return ((l+1)%3)*R + (int)((long)c*x%R); }
int orbit(int a,int b){
  if(a>b){int t=a;a=b;b=t;}
  int fa=a>=3*R, fb=b>=3*R; int Lv=3,f=3;
  if(fa&&fb){ int i=a-3*R,j=b-3*R; return Lv*n + Lv*Lv*n + f*Lv + i*f+j; }
  if(fb){ int l=a/n; int i=b-3*R; return Lv*n + Lv*Lv*n + i*Lv + l; }
  int l1=a/n,x=a%n,l2=b/n,y=b%n;
  if(l1==l2){ int d=(y-x+n)%n; if(d>n-d) d=n-d; return l1*n+d; }
  int d=(y-x+n)%n; return Lv*n + (l1*Lv+l2)*n + d;
}
void add(int o,long by){ long s=osize[o]; long before=cnt[o]; cnt[o]+=by; long ex0=before>s?before-s:0, ex1=cnt[o]>s?cnt[o]-s:0; cost+=ex1-ex0; }
void tally(int b,int sign){ int t[4]; for(int i=0;i<4;i++) t[i]=blk[b][i];
  for(int r=0;r<3;r++){ for(int i=0;i<4;i++)for(int j=i+1;j<4;j++) add(orbit(t[i],t[j]), sign*(long)n); for(int i=0;i<4;i++) t[i]=sig(t[i]); } }
int main(int argc,char**argv){
  R=atoi(argv[1]); c=atoi(argv[2]); rs=atoll(argv[3])*2654435761ULL+88172645463325252ULL; long steps=atol(argv[4]);
  n=R; P=3*R+3; nb=P/12; norb=3*n+9*n+9+9; cnt=calloc(norb,sizeof(long)); osize=calloc(norb,sizeof(int));
  for(int a=0;a<P;a++)for(int b=a+1;b<P;b++) osize[orbit(a,b)]++;
  // sigma-orbit representatives: points of cycle 0 (x) rep (x,0); fixed inf_0 rep.
  int reps[400]; int nr=0; for(int x=0;x<R;x++) reps[nr++]=x; reps[nr++]=3*R; // R+1 orbits... 
  // R+1 orbits of points, each of size 3: 3R+3 points. nb = (3R+3)/12 tables per third; 4*nb = R+1 reps.
  for(int i=nr-1;i>0;i--){int j=rnd()%(i+1);int t=reps[i];reps[i]=reps[j];reps[j]=t;}
  for(int b=0;b<nb;b++)for(int s=0;s<4;s++){ int p=reps[b*4+s]; int k=rnd()%3; for(int q=0;q<k;q++) p=sig(p); blk[b][s]=p; }
  for(int b=0;b<nb;b++) tally(b,1);
  double temp=2.0*n; long best=cost, since=0;
  for(long st=0;st<steps&&cost;st++){
    long before=cost;
    if(rnd()%2){ int b1=rnd()%nb,b2=rnd()%nb; if(b1==b2) continue; int s1=rnd()%4,s2=rnd()%4;
      tally(b1,-1);tally(b2,-1); int t=blk[b1][s1];blk[b1][s1]=blk[b2][s2];blk[b2][s2]=t; tally(b1,1);tally(b2,1);
      if(cost>before && urand()>=exp((before-cost)/temp)){ tally(b1,-1);tally(b2,-1); t=blk[b1][s1];blk[b1][s1]=blk[b2][s2];blk[b2][s2]=t; tally(b1,1);tally(b2,1);} }
    else { int b=rnd()%nb,s=rnd()%4; int old=blk[b][s]; int k=1+rnd()%2; int p=old; for(int q=0;q<k;q++) p=sig(p);
      tally(b,-1); blk[b][s]=p; tally(b,1);
      if(cost>before && urand()>=exp((before-cost)/temp)){ tally(b,-1); blk[b][s]=old; tally(b,1);} }
    temp*=0.999997; if(temp<0.2*n) temp=0.2*n; if(cost<best){best=cost;since=0;} else if(++since>3000000){temp=1.0*n;since=0;}
  }
  if(cost){printf("fail %ld\n",best/n);return 1;}
  printf("[[");
  int first=1; for(int b=0;b<nb;b++){ int t[4]; for(int i=0;i<4;i++) t[i]=blk[b][i];
    for(int r=0;r<3;r++){ printf("%s[%d, %d, %d, %d]", first?"":", ", t[0],t[1],t[2],t[3]); first=0; for(int i=0;i<4;i++) t[i]=sig(t[i]); } }
  printf("]]\n"); return 0;
}
