// Packing of v = 3R+2 players at tables of 4 (R = 2 mod 4): 3 cycles of Z_R + 2 fixed players;
// one base round turned by Z_R; base round invariant under sigma: (x,l)->(c^? ...) defined as
// (x,0)->(cx,1)->(c^2x,2)->(x,0) [so (x,l) -> (c*x,l+1) with c^3=1], fixed players fixed by sigma.
// Each fixed player sits with one whole sigma-orbit. args: R c seed steps
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
int R,c,n,P,nb; long *cnt; int *osize; int norb;
int orb[400][4], rep[400][4]; // normal tables: 4 slots (orbit x, power k)
int special[2]; // orbit of each fixed player's table
unsigned long long rs; unsigned rnd(){rs^=rs<<13;rs^=rs>>7;rs^=rs<<17;return (unsigned)(rs>>11);}
double urand(){return (rnd()&0xffffff)/16777216.0;}
long cost=0;
int sig(int p){ if(p>=3*R) return p; int l=p/R,x=p%R; return ((l+1)%3)*R + (int)((long)c*x%R); }
int pt(int x,int k){ int p=x; for(int i=0;i<k;i++) p=sig(p); return p; }
int orbit(int a,int b){
  if(a>b){int t=a;a=b;b=t;}
  int fa=a>=3*R, fb=b>=3*R; int Lv=3,f=2;
  if(fa&&fb){ int i=a-3*R,j=b-3*R; return Lv*n + Lv*Lv*n + f*Lv + i*f+j; }
  if(fb){ int l=a/n; int i=b-3*R; return Lv*n + Lv*Lv*n + i*Lv + l; }
  int l1=a/n,x=a%n,l2=b/n,y=b%n;
  if(l1==l2){ int d=(y-x+n)%n; if(d>n-d) d=n-d; return l1*n+d; }
  int d=(y-x+n)%n; return Lv*n + (l1*Lv+l2)*n + d;
}
void add(int o,long by){ long s=osize[o]; long before=cnt[o]; cnt[o]+=by; long ex0=before>s?before-s:0, ex1=cnt[o]>s?cnt[o]-s:0; cost+=ex1-ex0; }
void tally_normal(int b,int sign){ int t[4]; for(int i=0;i<4;i++) t[i]=pt(orb[b][i],rep[b][i]);
  for(int r=0;r<3;r++){ for(int i=0;i<4;i++)for(int j=i+1;j<4;j++) add(orbit(t[i],t[j]), sign*(long)n); for(int i=0;i<4;i++) t[i]=sig(t[i]); } }
void tally_special(int a,int sign){ int t[4]; t[0]=3*R+a; for(int k=0;k<3;k++) t[k+1]=pt(special[a],k);
  for(int i=0;i<4;i++)for(int j=i+1;j<4;j++) add(orbit(t[i],t[j]), sign*(long)n); }
void tally_all(int sign){ for(int b=0;b<nb;b++) tally_normal(b,sign); tally_special(0,sign); tally_special(1,sign); }
int main(int argc,char**argv){
  R=atoi(argv[1]); c=atoi(argv[2]); rs=atoll(argv[3])*2654435761ULL+88172645463325252ULL; long steps=atol(argv[4]);
  n=R; P=3*R+2; nb=(R-2)/4; norb=3*n+9*n+6+4; cnt=calloc(norb,sizeof(long)); osize=calloc(norb,sizeof(int));
  for(int a=0;a<P;a++)for(int b=a+1;b<P;b++) osize[orbit(a,b)]++;
  int xs[400]; for(int x=0;x<R;x++) xs[x]=x;
  for(int i=R-1;i>0;i--){int j=rnd()%(i+1);int t=xs[i];xs[i]=xs[j];xs[j]=t;}
  special[0]=xs[0]; special[1]=xs[1];
  for(int b=0;b<nb;b++)for(int s=0;s<4;s++){ orb[b][s]=xs[2+b*4+s]; rep[b][s]=rnd()%3; }
  tally_all(1);
  double temp=2.0*n; long best=cost, since=0;
  for(long st=0;st<steps&&cost;st++){
    long before=cost; int kind=rnd()%3;
    if(kind==0){ int b1=rnd()%nb,b2=rnd()%nb; if(b1==b2) continue; int s1=rnd()%4,s2=rnd()%4;
      tally_normal(b1,-1);tally_normal(b2,-1); int t=orb[b1][s1];orb[b1][s1]=orb[b2][s2];orb[b2][s2]=t; t=rep[b1][s1];rep[b1][s1]=rep[b2][s2];rep[b2][s2]=t; tally_normal(b1,1);tally_normal(b2,1);
      if(cost>before && urand()>=exp((before-cost)/temp)){ tally_normal(b1,-1);tally_normal(b2,-1); t=orb[b1][s1];orb[b1][s1]=orb[b2][s2];orb[b2][s2]=t; t=rep[b1][s1];rep[b1][s1]=rep[b2][s2];rep[b2][s2]=t; tally_normal(b1,1);tally_normal(b2,1);} }
    else if(kind==1){ int b=rnd()%nb,s=rnd()%4; int old=rep[b][s];
      tally_normal(b,-1); rep[b][s]=(old+1+rnd()%2)%3; tally_normal(b,1);
      if(cost>before && urand()>=exp((before-cost)/temp)){ tally_normal(b,-1); rep[b][s]=old; tally_normal(b,1);} }
    else { int a=rnd()%2,b=rnd()%nb,s=rnd()%4;
      tally_special(a,-1); tally_normal(b,-1); int t=special[a]; special[a]=orb[b][s]; orb[b][s]=t; tally_special(a,1); tally_normal(b,1);
      if(cost>before && urand()>=exp((before-cost)/temp)){ tally_special(a,-1); tally_normal(b,-1); t=special[a]; special[a]=orb[b][s]; orb[b][s]=t; tally_special(a,1); tally_normal(b,1);} }
    temp*=0.999997; if(temp<0.2*n) temp=0.2*n; if(cost<best){best=cost;since=0;} else if(++since>3000000){temp=1.0*n;since=0;}
  }
  if(cost){printf("fail %ld\n",best/n);return 1;}
  printf("[[");
  for(int a=0;a<2;a++) printf("%s[%d, %d, %d, %d]", a?", ":"", 3*R+a, pt(special[a],0), pt(special[a],1), pt(special[a],2));
  for(int b=0;b<nb;b++){ int t[4]; for(int i=0;i<4;i++) t[i]=pt(orb[b][i],rep[b][i]);
    for(int r=0;r<3;r++){ printf(", [%d, %d, %d, %d]", t[0],t[1],t[2],t[3]); for(int i=0;i<4;i++) t[i]=sig(t[i]); } }
  printf("]]\n"); return 0;
}
