// Does a pace probe beside each batch track the batch's own speed? 2 ms batches of
// (a) an ALU chain, (b) random reads over 64 MB; probe = fastest of 4 x 2.5 us ALU pieces,
// read before and after each batch. Correlation of log(batch/median) with log(probe/median),
// and the duo log-ratio spread raw vs adjusted with the fitted coefficient.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
#include <stdint.h>
static double ns(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
volatile uint64_t sink;
static uint64_t chain(uint64_t x,long n){for(long i=0;i<n;i++){x=(x<<7|x>>57)^0x9e3779b97f4a7c15ULL;__asm__ volatile(""::"r"(x));}return x;}
static uint64_t *buf; static long N=8*1024*1024;
static uint64_t mem(uint64_t x,long n){for(long i=0;i<n;i++){x=buf[x&(N-1)]^(x*0x9e3779b97f4a7c15ULL);}return x;}
static long psteps;
static double probe(){double best=1e18;for(int i=0;i<4;i++){double t=ns();sink=chain(i,psteps);double d=ns()-t;if(d<best)best=d;}return best;}
static int cmpd(const void*a,const void*b){double x=*(double*)a,y=*(double*)b;return x<y?-1:x>y;}
static double med(double*v,int n){double*c=malloc(n*sizeof(double));for(int i=0;i<n;i++)c[i]=v[i];qsort(c,n,sizeof(double),cmpd);double m=c[n/2];free(c);return m;}
int main(int argc,char**argv){int mode=atoi(argv[1]);int duos=atoi(argv[2]);
 buf=malloc(N*8);for(long i=0;i<N;i++)buf[i]=i*2654435761ULL;
 double t=ns();chain(1,100000);double per=(ns()-t)/100000;psteps=2500/per;
 long n1,n2; if(mode==0){n1=2e-3/ (per*1e-9); n2=n1*1.01;} else {t=ns();mem(1,100000);double pm=(ns()-t)/100000;n1=2e-3/(pm*1e-9);n2=n1*1.01;}
 int B=duos*4; double*T=malloc(B*sizeof(double)),*P=malloc(B*sizeof(double));
 uint64_t x=1;
 for(int d=0;d<duos;d++){ long seq[4]={n1,n2,n2,n1}; for(int b=0;b<4;b++){double p0=probe();double s=ns(); x=mode?mem(x,seq[b]):chain(x,seq[b]); T[d*4+b]=ns()-s; double p1=probe(); P[d*4+b]=0.5*(p0+p1);} }
 sink=x;
 // normalize each slot type separately (first routine slots 0,3; second 1,2)
 double mp=med(P,B); double *lt=malloc(B*sizeof(double)),*lp=malloc(B*sizeof(double));
 double t1[2*duos],t2[2*duos];int a=0,c=0; for(int d=0;d<duos;d++){t1[a++]=T[d*4];t1[a++]=T[d*4+3];t2[c++]=T[d*4+1];t2[c++]=T[d*4+2];}
 double m1=med(t1,a),m2=med(t2,c);
 for(int i=0;i<B;i++){int s=i%4; double m=(s==0||s==3)?m1:m2; lt[i]=log(T[i]/m); lp[i]=log(P[i]/mp);}
 double sx=0,sy=0,sxx=0,sxy=0,syy=0;for(int i=0;i<B;i++){sx+=lp[i];sy+=lt[i];sxx+=lp[i]*lp[i];sxy+=lp[i]*lt[i];syy+=lt[i]*lt[i];}
 double cov=sxy/B-sx/B*sy/B, vx=sxx/B-sx*sx/B/B, vy=syy/B-sy*sy/B/B; double beta=cov/vx, r=cov/sqrt(vx*vy);
 double raw[duos],adj[duos]; for(int d=0;d<duos;d++){double*q=lt+d*4,*p=lp+d*4; raw[d]=(q[0]+q[3]-q[1]-q[2])/2; adj[d]=raw[d]-beta*(p[0]+p[3]-p[1]-p[2])/2;}
 qsort(raw,duos,sizeof(double),cmpd);qsort(adj,duos,sizeof(double),cmpd);
 printf("%s: batch-vs-probe r=%.2f beta=%.2f; duo spread (IQR/1.349) raw %.2f%% adjusted %.2f%%; probe sd %.2f%%\n",mode?"memory":"alu   ",r,beta,(raw[duos*3/4]-raw[duos/4])/1.349*100,(adj[duos*3/4]-adj[duos/4])/1.349*100,sqrt(vx)*100);
}
