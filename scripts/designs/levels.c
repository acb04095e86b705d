// levels design search: players (x, level), x in Z_q (q prime), level < L.
// rounds: base class P translated by Z_q (q rounds) + T=(q-1)/(L-1) transversal classes.
// multiplier subgroup C of order m.  args: q L m seed steps
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
int q,L,m,T,nb,nt,ncos; int C[64]; int rep[256]; // coset reps g^s
int item_level[1024], item_coset[1024], lift[1024];
int blk[256][8]; int tr[64][8];
int mixed[8][8][256], pure[8][256]; long cost=0;
unsigned long long rs;
unsigned rnd(){rs^=rs<<13;rs^=rs>>7;rs^=rs<<17;return (unsigned)(rs>>11);}
double urand(){return (rnd()&0xffffff)/16777216.0;}
int val(int it){ return (long)rep[item_coset[it]]*C[lift[it]]%q; }
void bump(int li,int xi,int lj,int xj,int by){
  if(li==lj){ int d=(xj-xi+q)%q; if(d>q-d) d=q-d; int before=pure[li][d]; pure[li][d]+=by;
    if(by>0&&before>=1) cost++; else if(by<0&&before>=2) cost--; if(d==0){cost+=5*by;} }
  else { if(li>lj){int t=li;li=lj;lj=t;t=xi;xi=xj;xj=t;} int d=(xj-xi+q)%q; int before=mixed[li][lj][d]; mixed[li][lj][d]+=by;
    if(by>0&&before>=1) cost++; else if(by<0&&before>=2) cost--; }
}
void tally_block(int b,int by){
  for(int c=0;c<m;c++){ int x[8],l[8];
    for(int s=0;s<L;s++){ int it=blk[b][s]; l[s]=item_level[it]; x[s]=(long)val(it)*C[c]%q; }
    for(int s=0;s<L;s++)for(int r=s+1;r<L;r++) bump(l[s],x[s],l[r],x[r],by); }
}
void tally_tr(int t,int by){
  for(int c=0;c<m;c++){ int x[8]; for(int s=0;s<L;s++) x[s]=(long)tr[t][s]*C[c]%q;
    for(int s=0;s<L;s++)for(int r=s+1;r<L;r++) bump(s,x[s],r,x[r],by); }
}
int main(int argc,char**argv){
  q=atoi(argv[1]);L=atoi(argv[2]);m=atoi(argv[3]);rs=atoll(argv[4])*2654435761ULL+88172645463325252ULL; long steps=atol(argv[5]);
  T=(q-1)/(L-1); if((q-1)%m||T%m){printf("bad m\n");return 2;}
  int g=2; for(;;g++){int o=1,x=g;while(x!=1){x=x*g%q;o++;} if(o==q-1)break;}
  int h=1; for(int i=0;i<(q-1)/m;i++) h=h*g%q; C[0]=1; for(int i=1;i<m;i++) C[i]=C[i-1]*h%q;
  ncos=(q-1)/m; rep[0]=1; for(int i=1;i<ncos;i++) rep[i]=rep[i-1]*g%q;
  int nitems=L*ncos; nb=ncos; nt=T/m;
  int perm[1024]; for(int i=0;i<nitems;i++){item_level[i]=i/ncos;item_coset[i]=i%ncos;lift[i]=rnd()%m;perm[i]=i;}
  for(int i=nitems-1;i>0;i--){int j=rnd()%(i+1);int t=perm[i];perm[i]=perm[j];perm[j]=t;}
  for(int b=0;b<nb;b++)for(int s=0;s<L;s++) blk[b][s]=perm[b*L+s];
  for(int t=0;t<nt;t++){tr[t][0]=0;for(int s=1;s<L;s++)tr[t][s]=rnd()%q;}
  // zero block
  for(int s=0;s<L;s++)for(int r=s+1;r<L;r++) mixed[s][r][0]++;
  for(int b=0;b<nb;b++) tally_block(b,1); for(int t=0;t<nt;t++) tally_tr(t,1);
  double temp=2.0; long best=cost;
  for(long step=0;step<steps;step++){
    if(cost==0) break;
    long before=cost; int kind=rnd()%3;
    if(kind==0&&nb>1){ int b1=rnd()%nb,b2=rnd()%nb; if(b1==b2) continue; int s1=rnd()%L,s2=rnd()%L;
      tally_block(b1,-1);tally_block(b2,-1); int t=blk[b1][s1];blk[b1][s1]=blk[b2][s2];blk[b2][s2]=t; tally_block(b1,1);tally_block(b2,1);
      if(cost>before && urand()>=exp((before-cost)/temp)){ tally_block(b1,-1);tally_block(b2,-1); t=blk[b1][s1];blk[b1][s1]=blk[b2][s2];blk[b2][s2]=t; tally_block(b1,1);tally_block(b2,1);} }
    else if(kind==1&&m>1){ int b=rnd()%nb,s=rnd()%L; int it=blk[b][s]; int old=lift[it];
      tally_block(b,-1); lift[it]=(old+1+rnd()%(m-1))%m; tally_block(b,1);
      if(cost>before && urand()>=exp((before-cost)/temp)){ tally_block(b,-1); lift[it]=old; tally_block(b,1);} }
    else { int t=rnd()%nt,s=1+rnd()%(L-1); int old=tr[t][s];
      tally_tr(t,-1); tr[t][s]=rnd()%q; tally_tr(t,1);
      if(cost>before && urand()>=exp((before-cost)/temp)){ tally_tr(t,-1); tr[t][s]=old; tally_tr(t,1);} }
    temp*=0.999995; if(temp<0.08) temp=0.08;
    if(cost<best){best=cost;}
  }
  if(cost){printf("fail %ld\n",best);return 1;}
  printf("{\"q\": %d, \"levels\": %d, \"base\": [",q,L);
  // full base class: zero block + all C multiples
  printf("[");for(int s=0;s<L;s++)printf("%s[0, %d]",s?", ":"",s);printf("]");
  for(int b=0;b<nb;b++)for(int c=0;c<m;c++){printf(", [");for(int s=0;s<L;s++){int it=blk[b][s];printf("%s[%ld, %d]",s?", ":"",(long)val(it)*C[c]%q,item_level[it]);}printf("]");}
  printf("], \"transversals\": [");
  for(int t=0;t<nt;t++)for(int c=0;c<m;c++){printf("%s[",(t||c)?", ":"");for(int s=0;s<L;s++)printf("%s%ld",s?", ":"",(long)tr[t][s]*C[c]%q);printf("]");}
  printf("]}\n");return 0;
}
