#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <sched.h>
#include <x86intrin.h>
static double ns(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
// sum of CPU<cpu> column over all interrupt lines; also LOC separately
static void irq(int cpu,long *tot,long *loc){
  FILE*f=fopen("/proc/interrupts","r");char line[512];*tot=0;*loc=0;
  fgets(line,sizeof line,f);
  while(fgets(line,sizeof line,f)){char*p=strchr(line,':');if(!p)continue;p++;
    long v[2]={0,0};int n=sscanf(p,"%ld %ld",&v[0],&v[1]);if(n<1)continue;
    long c=v[cpu];*tot+=c; if(!strncmp(line,"LOC",3)||strstr(line," LOC:"))*loc=c;}
  fclose(f);}
int main(int argc,char**argv){
  int cpu=argc>1?atoi(argv[1]):0; int windows=argc>2?atoi(argv[2]):500; double win=argc>3?atof(argv[3]):2e6;
  cpu_set_t s;CPU_ZERO(&s);CPU_SET(cpu,&s);sched_setaffinity(0,sizeof s,&s);
  long t0,l0,t1,l1; irq(cpu,&t0,&l0);
  int hist_k[20][4]={0}; double sum_gap_by_k[20]={0};int n_by_k[20]={0};
  long gaps_total=0; double gaptime_total=0; long irq_total=0, loc_total=0;
  for(int w=0;w<windows;w++){
    double start=ns(),last=start,gapt=0;int gaps=0;
    while(1){double now=ns();double d=now-last;if(d>20000){gaps++;gapt+=d;}last=now;if(now-start>win)break;}
    irq(cpu,&t1,&l1); long di=t1-t0,dl=l1-l0; t0=t1;l0=l1;
    int k=di<19?di:19; n_by_k[k]++; sum_gap_by_k[k]+=gapt;
    gaps_total+=gaps;gaptime_total+=gapt;irq_total+=di;loc_total+=dl;
    if(w<15) printf("w%d gaps=%d gapus=%.0f irqs=%ld loc=%ld\n",w,gaps,gapt/1e3,di,dl);
  }
  printf("total gaps %ld gaptime %.1f ms, irqs %ld (LOC %ld) over %d windows\n",gaps_total,gaptime_total/1e6,irq_total,loc_total,windows);
  for(int k=0;k<20;k++) if(n_by_k[k]) printf("irqs=%d: windows %d mean gap us %.1f\n",k,n_by_k[k],sum_gap_by_k[k]/n_by_k[k]/1e3);
}
