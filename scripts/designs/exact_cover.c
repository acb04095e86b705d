// exact cover: input: ncols nprimary nrows, then each row: len cols...
// args: seed nodelimit
#include <stdio.h>
#include <stdlib.h>
int *L,*R,*U,*D,*C,*S,*RowOf; int ncols,nprim,nrows,nn;
long long nodes=0,limit; int sol[1000],depth=0; unsigned long long rs;
unsigned rnd(){rs^=rs<<13;rs^=rs>>7;rs^=rs<<17;return (unsigned)rs;}
void cover(int c){L[R[c]]=L[c];R[L[c]]=R[c];for(int i=D[c];i!=c;i=D[i])for(int j=R[i];j!=i;j=R[j]){U[D[j]]=U[j];D[U[j]]=D[j];S[C[j]]--;}}
void uncover(int c){for(int i=U[c];i!=c;i=U[i])for(int j=L[i];j!=i;j=L[j]){S[C[j]]++;U[D[j]]=j;D[U[j]]=j;}L[R[c]]=c;R[L[c]]=c;}
int search(){
  if(++nodes>limit) return -1;
  if(R[0]==0) return 1;
  int best=-1,bs=1<<30,ties=0;
  for(int c=R[0];c!=0;c=R[c]){ if(S[c]<bs){bs=S[c];best=c;ties=1;} else if(S[c]==bs){ties++; if(rnd()%ties==0)best=c;} }
  if(bs==0) return 0;
  cover(best);
  // collect rows, randomize order
  int cnt=0; int *rows=malloc(sizeof(int)*bs);
  for(int r=D[best];r!=best;r=D[r]) rows[cnt++]=r;
  for(int i=cnt-1;i>0;i--){int j=rnd()%(i+1);int t=rows[i];rows[i]=rows[j];rows[j]=t;}
  for(int k=0;k<cnt;k++){int r=rows[k];
    sol[depth++]=RowOf[r];
    for(int j=R[r];j!=r;j=R[j]) cover(C[j]);
    int res=search();
    if(res==1){free(rows);return 1;}
    for(int j=L[r];j!=r;j=L[j]) uncover(C[j]);
    depth--;
    if(res==-1){uncover(best);free(rows);return -1;}
  }
  uncover(best); free(rows); return 0;
}
int main(int argc,char**argv){
  rs=atoll(argv[1])*2654435761ULL+88172645463325252ULL; limit=atoll(argv[2]);
  if(scanf("%d %d %d",&ncols,&nprim,&nrows)!=3) return 2;
  int cap=ncols+1+nrows*11;  // a row covers at most 10 columns (4 players, 6 pairs)
  L=malloc(cap*4);R=malloc(cap*4);U=malloc(cap*4);D=malloc(cap*4);C=malloc(cap*4);S=malloc(cap*4);RowOf=malloc(cap*4);
  for(int c=0;c<=ncols;c++){U[c]=D[c]=c;S[c]=0;C[c]=c;L[c]=c;R[c]=c;}
  // header list only primary columns (1..nprim); secondary self-linked
  R[0]=nprim?1:0; L[0]=nprim;
  for(int c=1;c<=nprim;c++){L[c]=c-1;R[c]=(c==nprim)?0:c+1;}
  nn=ncols+1;
  for(int r=0;r<nrows;r++){int len;scanf("%d",&len);int first=-1;
    for(int k=0;k<len;k++){int c;scanf("%d",&c);c++;int x=nn++;C[x]=c;RowOf[x]=r;S[c]++;U[x]=U[c];D[x]=c;D[U[c]]=x;U[c]=x;
      if(first<0){first=x;L[x]=R[x]=x;}else{L[x]=L[first];R[x]=first;R[L[first]]=x;L[first]=x;}}}
  int res=search();
  printf("%d %lld\n",res,nodes);
  if(res==1){for(int i=0;i<depth;i++)printf("%d ",sol[i]);printf("\n");}
  return 0;
}
