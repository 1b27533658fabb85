// Which cheap probe classifies the slow phases of a 2 ms insertion-sort batch? ./probes N:
// arithmetic chain, pointer chase over 16 KB, insertion sorts, L1 loads and stores (session 6).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
volatile uint64_t sink;
static uint32_t chain16k[4096];
int main(int c,char**v){int n=atoi(v[1]);
  // a random cycle over 16 KB (4096 u32 slots, one per... stride 16 = 64 B lines: 256 lines)
  int lines=256; int perm[256]; for(int i=0;i<lines;i++)perm[i]=i; uint64_t s=99; for(int i=lines-1;i>0;i--){s^=s<<13;s^=s>>7;s^=s<<17;int j=s%i;int t=perm[i];perm[i]=perm[j];perm[j]=t;}
  for(int i=0;i<lines;i++)chain16k[perm[i]*16]=perm[(i+1)%lines]*16;
  int src[10]; for(int i=0;i<10;i++)src[i]=(i*7919)%13;
  for(int r=0;r<n;r++){
    // work: 2 ms of insertion sorts (the routine)
    double t0=now(); long ops=0;
    while(now()-t0<2e6){for(int k=0;k<64;k++){int w[10];memcpy(w,src,40);for(int i=1;i<10;i++){int x=w[i],j=i-1;while(j>=0&&w[j]>x){w[j+1]=w[j];j--;}w[j+1]=x;}sink+=w[3];} ops+=64;}
    double work=(now()-t0)/ops;
    double a0=now(); uint64_t x=r|1; for(int k=0;k<5000;k++){x=(x<<7|x>>57)^0x9e37;} sink+=x; double a=now()-a0;
    double l0=now(); uint32_t p=0; for(int k=0;k<2000;k++){p=chain16k[p];} sink+=p; double l=now()-l0;
    double s0=now(); for(int k=0;k<300;k++){int w[10];memcpy(w,src,40);w[0]^=k&1;for(int i=1;i<10;i++){int x=w[i],j=i-1;while(j>=0&&w[j]>x){w[j+1]=w[j];j--;}w[j+1]=x;}sink+=w[3];} double so=now()-s0;
    double m0=now(); uint64_t acc=0; static uint64_t buf[512]; for(int k=0;k<5000;k++){acc+=buf[(k*7)&511]; buf[(k*13)&511]=acc;} sink+=acc; double m=now()-m0;
    printf("%d %.2f %.0f %.0f %.0f %.0f\n",r,work,a,l,so,m);
  }}
