import subprocess,json,math,statistics,sys,os,time
JAR='/tmp/claimsclone/lab-benchmarks/target/benchmarks.jar'
ROWS=[('ruler','^dev.perflab.bench.RulerBenchmark.sortCopy$',[]),
      ('r7','^dev.perflab.bench.sha.ShaExecutorBenchmark.executeFrame$',['-p','rung=r7-batches']),
      ('r12','^dev.perflab.bench.sha.ShaExecutorBenchmark.executeFrame$',['-p','rung=r12-matched-batches']),
      ('one32','^dev.perflab.bench.sha.ShaCeilingBenchmark.intrinsicOneThread$',['-p','messageBytes=32'])]
N=int(sys.argv[1]); out=sys.argv[2]
def start(inc,extra,tag):
    f=f'/tmp/duet/{tag}.json'
    p=subprocess.Popen(['java','-Djmh.ignoreLock=true','-jar',JAR,inc,'-f','1','-wi','1','-w','1s','-i','3','-r','1s','-rf','json','-rff',f]+extra,stdout=subprocess.DEVNULL,stderr=subprocess.DEVNULL)
    return p,f
def score(f): return json.load(open(f))[0]['primaryMetric']['score']
res={m:{r[0]:[] for r in ROWS} for m in ('seq','duet')}
for i in range(N):
    for mode in (('seq','duet') if i%2==0 else ('duet','seq')):
        for name,inc,extra in ROWS:
            t=time.time()
            if mode=='seq':
                p,a=start(inc,extra,'a');p.wait();q,b=start(inc,extra,'b');q.wait()
            else:
                p,a=start(inc,extra,'a');q,b=start(inc,extra,'b');p.wait();q.wait()
            res[mode][name].append((score(a),score(b),time.time()-t))
    json.dump(res,open(out,'w'))
    for mode in res:
        print(i,mode,' '.join(f"{n}:sd={statistics.stdev([math.log(b/a) for a,b,_ in v])*100:.1f}%,t={statistics.mean(x[2] for x in v):.1f}s" for n,v in res[mode].items() if len(v)>1),flush=True)
