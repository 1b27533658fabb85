#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <sched.h>
static long ns(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1000000000L+t.tv_nsec;}
int main(int argc,char**argv){int cpu=atoi(argv[1]);long dur=atol(argv[2])*1000000L;
  cpu_set_t c;CPU_ZERO(&c);CPU_SET(cpu,&c);sched_setaffinity(0,sizeof c,&c);
  long start=ns(),last=start; int hist[40]={0}; int n=0; long gapsum[40]={0};
  while(1){long now=ns();long d=now-last;if(d>15000){int b=(last%4000000)/100000;hist[b]++;gapsum[b]+=d;n++;}last=now;if(now-start>dur)break;}
  printf("%d gaps; by phase (100us bins of 4ms):\n",n);for(int i=0;i<40;i++)printf("%2d:%d(%ldus) ",i,hist[i],hist[i]?gapsum[i]/hist[i]/1000:0);printf("\n");}
