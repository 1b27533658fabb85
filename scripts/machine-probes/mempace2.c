// Which probe follows the machine's slow phases? ./mempace2 N: N rounds of 4 ms of
// malloc + qsort of 10 ints, then an arithmetic chain, random reads over 64 MB, 8 independent
// multiply chains and a branchy loop, each timed (session 6).
// Does a slow phase of allocation-and-sort work show in an arithmetic or a memory probe?
// ./mempace N: N rounds of (4 ms of clone+sort of 10 ints, arithmetic probe, memory probe).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
static int cmp(const void*a,const void*b){int x=*(int*)a,y=*(int*)b;return (x>y)-(x<y);}
volatile uint64_t sink;
int main(int c,char**v){
  int n=atoi(v[1]);
  size_t lines=(64u<<20)/64; uint64_t*buf=aligned_alloc(64,lines*64);
  uint64_t *perm=malloc(lines*8); for(size_t i=0;i<lines;i++)perm[i]=i;
  uint64_t s=12345; for(size_t i=lines-1;i>0;i--){s^=s<<13;s^=s>>7;s^=s<<17;size_t j=s%i;uint64_t t=perm[i];perm[i]=perm[j];perm[j]=t;}
  for(size_t i=0;i<lines;i++)buf[perm[i]*8]=perm[(i+1)%lines]*8;
  free(perm);
  int src[10]; for(int i=0;i<10;i++)src[i]=(i*7919)%13;
  uint64_t p=0;
  for(int r=0;r<n;r++){
    double t0=now(); long ops=0;
    while(now()-t0<4e6){ for(int k=0;k<256;k++){int*w=malloc(40);memcpy(w,src,40);qsort(w,10,4,cmp);sink+=w[3];free(w);} ops+=256;}
    double t1=now(); double work=(t1-t0)/ops;
    double a0=now(); uint64_t x=r|1; for(int k=0;k<20000;k++){x=(x<<7|x>>57)^0x9e37;} sink+=x; double a1=now();
    double b0=now(); uint64_t y[8]; for(int j=0;j<8;j++)y[j]=r+j; for(int k=0;k<2500;k++){for(int j=0;j<8;j++){y[j]=y[j]*0x9e3779b97f4a7c15ull+ (y[j]>>29);}} for(int j=0;j<8;j++)sink+=y[j]; double b1=now();
    double c0=now(); uint64_t z=r; int acc=0; for(int k=0;k<4000;k++){z^=z<<13;z^=z>>7;z^=z<<17; if(z&1)acc+=3; else acc^=5; if(z&2)acc-=1;} sink+=acc; double c1=now();
    double m0=now(); for(int k=0;k<100;k++){p=buf[p];} sink+=p; double m1=now();
    printf("%d %.3f %.1f %.1f %.1f %.1f\n",r,work,a1-a0,m1-m0,b1-b0,c1-c0);
  }
}
