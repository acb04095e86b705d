// Anneal D base classes (partitions of all points into blocks of k) developed by Z_n acting on
// finite points (x,l) -> (x+t,l), fixed points stay. stdin: n Lv f k D seed steps nfixedblocks, then blocks (k ids each).
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
int n,Lv,f,k,D,P; long *cnt; int *osize; int norb;
int blk[8][400][6]; int nbl;
unsigned long long rs; unsigned rnd(){rs^=rs<<13;rs^=rs>>7;rs^=rs<<17;return (unsigned)(rs>>11);}
double urand(){return (rnd()&0xffffff)/16777216.0;}
long cost=0;
int orbit(int a,int b){ // returns orbit id
  if(a>b){int t=a;a=b;b=t;}
  int fa=a>=n*Lv, fb=b>=n*Lv;
  if(fa&&fb){ int i=a-n*Lv,j=b-n*Lv; return Lv*n + Lv*Lv*n + f*Lv + i*f+j; }
  if(fb){ int l=a/n; int i=b-n*Lv; return Lv*n + Lv*Lv*n + i*Lv + l; }
  int l1=a/n,x=a%n,l2=b/n,y=b%n;
  if(l1==l2){ int d=(y-x+n)%n; if(d>n-d) d=n-d; return l1*n+d; }
  int d=(y-x+n)%n; return Lv*n + (l1*Lv+l2)*n + d;
}
void add(int o,long by){ long s=osize[o]; long before=cnt[o]; cnt[o]+=by; long ex0=before>s?before-s:0, ex1=cnt[o]>s?cnt[o]-s:0; cost+=ex1-ex0; }
void tally(int c,int b,int sign){ for(int i=0;i<k;i++)for(int j=i+1;j<k;j++) add(orbit(blk[c][b][i],blk[c][b][j]), sign*(long)n); }
int main(){
  long seed,steps; int nf; if(scanf("%d %d %d %d %d %ld %ld %d",&n,&Lv,&f,&k,&D,&seed,&steps,&nf)!=8) return 2;
  rs=seed*2654435761ULL+88172645463325252ULL;
  P=n*Lv+f; nbl=P/k; norb=Lv*n+Lv*Lv*n+f*Lv+f*f; cnt=calloc(norb,sizeof(long)); osize=calloc(norb,sizeof(int));
  for(int o=0;o<norb;o++) osize[o]=0;
  for(int a=0;a<P;a++)for(int b=a+1;b<P;b++) osize[orbit(a,b)]++;
  for(int i=0;i<nf;i++){int p[6];for(int j=0;j<k;j++)scanf("%d",&p[j]); for(int x=0;x<k;x++)for(int y=x+1;y<k;y++) add(orbit(p[x],p[y]),1);}
  for(int c=0;c<D;c++){ int perm[1200]; for(int i=0;i<P;i++)perm[i]=i; for(int i=P-1;i>0;i--){int j=rnd()%(i+1);int t=perm[i];perm[i]=perm[j];perm[j]=t;}
    for(int b=0;b<nbl;b++)for(int s=0;s<k;s++) blk[c][b][s]=perm[b*k+s]; for(int b=0;b<nbl;b++) tally(c,b,1);}
  double temp=2.0*n; long best=cost; long since=0;
  for(long st=0;st<steps&&cost;st++){
    int c=rnd()%D,b1=rnd()%nbl,b2=rnd()%nbl; if(b1==b2)continue; int s1=rnd()%k,s2=rnd()%k; long before=cost;
    tally(c,b1,-1);tally(c,b2,-1); int t=blk[c][b1][s1];blk[c][b1][s1]=blk[c][b2][s2];blk[c][b2][s2]=t; tally(c,b1,1);tally(c,b2,1);
    if(cost>before && urand()>=exp((before-cost)/temp)){ tally(c,b1,-1);tally(c,b2,-1); t=blk[c][b1][s1];blk[c][b1][s1]=blk[c][b2][s2];blk[c][b2][s2]=t; tally(c,b1,1);tally(c,b2,1);}
    temp*=0.999997; if(temp<0.2*n) temp=0.2*n; if(cost<best){best=cost;since=0;} else if(++since>3000000){temp=1.0*n;since=0;}
  }
  if(cost){printf("fail %ld\n",best/n);return 1;}
  printf("[");for(int c=0;c<D;c++){printf("%s[",c?", ":"");for(int b=0;b<nbl;b++){printf("%s[",b?", ":"");for(int s=0;s<k;s++)printf("%s%d",s?", ":"",blk[c][b][s]);printf("]");}printf("]");}printf("]\n");
}
