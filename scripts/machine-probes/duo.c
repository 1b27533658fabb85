#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <time.h>
#include <sched.h>
static long ns(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1000000000L+t.tv_nsec;}
volatile unsigned long sink;
static void work(long n){unsigned long x=sink;for(long i=0;i<n;i++){x=(x<<7|x>>57)^0x9e3779b9;__asm__ volatile(""::"r"(x));}sink=x;}
#define P 4000000L
// ticks in (a,b] on grid phase ph
static int ticks(long a,long b,long ph){ long ka=(a-ph)>=0?(a-ph)/P:-1, kb=(b-ph)/P; return (int)(kb-ka);}
static int cmp(const void*a,const void*b){double x=*(double*)a,y=*(double*)b;return x<y?-1:x>y;}
int main(int argc,char**argv){ long n=atol(argv[1]); int duos=atoi(argv[2]); int pin=argc>3;
  if(pin){cpu_set_t c;CPU_ZERO(&c);CPU_SET(0,&c);sched_setaffinity(0,sizeof c,&c);}
  // learn phase: spin 40ms, record gap ends mod P
  long start=ns(),last=start; int hist[400]={0};
  while(ns()-start<40000000L){long now=ns(); if(now-last>15000) hist[(last%P)/10000]++; last=now;}
  int best=0;for(int i=0;i<400;i++)if(hist[i]>hist[best])best=i; long ph=best*10000L+5000; printf("phase %ld us (%d hits)\n",ph/1000,hist[best]);
  double *raw=malloc(duos*sizeof(double)),*cor=malloc(duos*sizeof(double)); double C=37000;
  for(int d=0;d<duos;d++){ long t[5]; double T[4]; int k[4];
    for(int b=0;b<4;b++){ long a=ns(); work(n); long e=ns(); T[b]=e-a; k[b]=ticks(a,e,ph);}
    raw[d]=log((T[0]+T[3])/(T[1]+T[2]));
    cor[d]=log((T[0]+T[3]-C*(k[0]+k[3]))/(T[1]+T[2]-C*(k[1]+k[2])));
  }
  double m1=0,m2=0,s1=0,s2=0;for(int d=0;d<duos;d++){m1+=raw[d];m2+=cor[d];}m1/=duos;m2/=duos;
  for(int d=0;d<duos;d++){s1+=(raw[d]-m1)*(raw[d]-m1);s2+=(cor[d]-m2)*(cor[d]-m2);}
  qsort(raw,duos,sizeof(double),cmp);qsort(cor,duos,sizeof(double),cmp);
  printf("duo log ratio sd: raw %.3f%% corrected %.3f%%; IQR/1.349: raw %.3f%% corrected %.3f%%\n",sqrt(s1/duos)*100,sqrt(s2/duos)*100,
   (raw[duos*3/4]-raw[duos/4])/1.349*100,(cor[duos*3/4]-cor[duos/4])/1.349*100);
}
