#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
static long ns(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1000000000L+t.tv_nsec;}
volatile unsigned long sink;
static void work(long n){unsigned long x=sink;for(long i=0;i<n;i++){x=(x<<7|x>>57)^0x9e3779b9;__asm__ volatile(""::"r"(x));}sink=x;}
static int cmp(const void*a,const void*b){long x=*(long*)a,y=*(long*)b;return x<y?-1:x>y;}
int main(int argc,char**argv){ long steps=atol(argv[1]); double T=atof(argv[2])*1000, reach=atof(argv[3]); int reps=argc>4?atoi(argv[4]):5;
 for(int rep=0;rep<reps;rep++){
  int N=40000; long *st=malloc(N*sizeof(long)),*d=malloc(N*sizeof(long)); long start=ns(); int n=0; long gapsover=0;
  long prev=ns();
  while(n<N){ work(steps); long now=ns(); d[n]=now-prev; st[n]=prev; prev=now; n++; if(now-start>20000000L)break;}
  long *s=malloc(n*sizeof(long)); for(int i=0;i<n;i++)s[i]=d[i]; qsort(s,n,sizeof(long),cmp); double med=s[n/2];
  // windows: k chunks ~ T
  int k=(int)(T/med+0.5); if(k<1)k=1; int wins=0,hit=0; 
  for(int i=0;i+k<=n;i++){ double tot=0; for(int j=0;j<k;j++) tot+=d[i+j]; wins++; if(tot-k*med>reach*k*med) hit++; }
  // gap-only: chunks with excess > reach*T (single event big enough)
  int gaphit=0; for(int i=0;i+k<=n;i++){ int any=0; for(int j=0;j<k;j++) if(d[i+j]-med>reach*k*med) any=1; gaphit+=any;}
  printf("chunk med %.0f ns, n %d, window k=%d (%.1f us): window-excess share %.1f%%, single-chunk share %.1f%%\n",med,n,k,k*med/1e3,100.0*hit/wins,100.0*gaphit/wins);
 }
}
