#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <time.h>
#include <sched.h>
static double ns(){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
static double cpuns(){struct timespec t;clock_gettime(CLOCK_THREAD_CPUTIME_ID,&t);return t.tv_sec*1e9+t.tv_nsec;}
static long loc(int cpu){
  static char buf[16384]; FILE*f=fopen("/proc/interrupts","r"); size_t n=fread(buf,1,sizeof buf-1,f); buf[n]=0; fclose(f);
  char*p=strstr(buf,"LOC:"); long v[2]; sscanf(p+4,"%ld %ld",&v[0],&v[1]); return v[cpu];}
volatile unsigned long sink;
static void work(long n){unsigned long x=sink;for(long i=0;i<n;i++){x=(x<<7|x>>57)^0x9e3779b9;__asm__ volatile(""::"r"(x));}sink=x;}
int main(int argc,char**argv){
  int cpu=0; long n=atol(argv[1]); int reps=atoi(argv[2]);
  cpu_set_t cs0;CPU_ZERO(&cs0);CPU_SET(cpu,&cs0);sched_setaffinity(0,sizeof cs0,&cs0);
  double t=ns(); for(int i=0;i<1000;i++) loc(cpu); printf("loc read cost %.1f us\n",(ns()-t)/1000/1e3);
  double *T=malloc(reps*sizeof(double)),*C=malloc(reps*sizeof(double)); int*K=malloc(reps*sizeof(int));
  for(int r=0;r<reps;r++){long a=loc(cpu); double c0=cpuns(); double t0=ns(); work(n); double t1=ns(); double c1=cpuns(); long b=loc(cpu); T[r]=t1-t0; C[r]=c1-c0; K[r]=b-a;}
  for(int k=0;k<3;k++){double s=0,ss=0,cs=0,css=0;int m=0;for(int r=0;r<reps;r++)if(K[r]==k){s+=T[r];ss+=T[r]*T[r];cs+=C[r];css+=C[r]*C[r];m++;}
    if(m) printf("k=%d n=%d wall mean %.1f us sd %.2f%%  cpu mean %.1f sd %.2f%%\n",k,m,s/m/1e3,sqrt(ss/m-(s/m)*(s/m))/(s/m)*100,cs/m/1e3,sqrt(css/m-(cs/m)*(cs/m))/(cs/m)*100);}
  double s=0,ss=0;for(int r=0;r<reps;r++){s+=T[r];ss+=T[r]*T[r];} printf("all wall mean %.1f sd %.2f%%\n",s/reps/1e3,sqrt(ss/reps-(s/reps)*(s/reps))/(s/reps)*100);
  { double s00=0,ss00=0,sa=0,ssa=0; int m00=0,ma=0; for(int r=0;r+1<reps;r+=2){ double d=log(T[r+1]/T[r]); sa+=d;ssa+=d*d;ma++; if(K[r]==0&&K[r+1]==0){s00+=d;ss00+=d*d;m00++;} }
    printf("adjacent log diff sd: all %.3f%% (n=%d)  both k=0 %.3f%% (n=%d)\n", sqrt(ssa/ma-(sa/ma)*(sa/ma))*100, ma, sqrt(ss00/m00-(s00/m00)*(s00/m00))*100, m00); }
  for(int k=0;k<2;k++){ double v[5000];int m=0; for(int r=0;r<reps;r++) if(K[r]==k) v[m++]=T[r];
    for(int i=1;i<m;i++){double x=v[i];int j=i-1;while(j>=0&&v[j]>x){v[j+1]=v[j];j--;}v[j+1]=x;}
    printf("k=%d pct: ",k); double q[]={0,0.05,0.1,0.25,0.5,0.75,0.9,0.95,1}; for(int i=0;i<9;i++) printf("%.1f ",v[(int)(q[i]*(m-1))]/1e3); printf("\n");}
}
