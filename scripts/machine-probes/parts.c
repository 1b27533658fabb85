// Do malloc/free, qsort and an insertion sort of 10 ints switch speed together? ./parts N
// (session 6).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <time.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
static int cmp(const void*a,const void*b){int x=*(int*)a,y=*(int*)b;return (x>y)-(x<y);}
volatile uint64_t sink;
static double part(int which){
  int src[10]; for(int i=0;i<10;i++)src[i]=(i*7919)%13;
  double t0=now(); long ops=0;
  while(now()-t0<1e6){ for(int k=0;k<64;k++){
    if(which==0){int*w=malloc(40);memcpy(w,src,40);sink+=w[3];free(w);}
    else if(which==1){int w[10];memcpy(w,src,40);qsort(w,10,4,cmp);sink+=w[3];}
    else {int w[10];memcpy(w,src,40);for(int i=1;i<10;i++){int x=w[i],j=i-1;while(j>=0&&w[j]>x){w[j+1]=w[j];j--;}w[j+1]=x;}sink+=w[3];}
  } ops+=64;}
  return (now()-t0)/ops;
}
int main(int c,char**v){int n=atoi(v[1]);for(int r=0;r<n;r++){double a=part(0),b=part(1),d=part(2);printf("%d %.2f %.2f %.2f\n",r,a,b,d);}}
