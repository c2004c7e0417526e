#!/usr/bin/env python3
"""How precise are the CI subset's pool rows, and which lever would let a pool row see +10%?
Computed from the saved A/A jobs of the 2026-11-24 calibrations (CI subset: queue/drain of 250,000
tasks and fib(27), both on ws-chase-lev with two workers; the deque rows for comparison).

Per row and metric (time, cpu), over the per-pair log ratios log(B/A):
- sd: the median over jobs of a job's standard deviation (what a typical job's test sees);
- slow-mode pairs: the share of pairs with |log(B/A)| > 0.3 (one side ran at least 1.35x the
  other), the jobs holding one, and the sd (median over jobs) of the other pairs;
- what the gate could detect with k pairs at that sd (alpha 0.01 over 3 looks and 15 metric rows,
  power 0.8: exp((t(1 - alpha/45) + t(0.8)) * sd / sqrt(k)) - 1, PairedDecision's formula), with
  and without the slow-mode pairs, and the pairs needed to detect +10%.
Needs python3-scipy. Run from the repository root: python3 results/calibration/pool-spread-20261127.py"""
import glob
import json
import math

import numpy as np
from scipy import stats

ALPHA, LOOKS, ROWS, POWER, SLOW = 0.01, 3, 15, 0.8, 0.3

jobs = [job['pairs'] for f in sorted(glob.glob('results/calibration/20261124-*.json'))
        for job in json.load(open(f))['jobs'] if job['pairs'] is not None]
aa = [d for d in jobs if d['injectedPercent'] == 100 and any('items=250000' in k for k in d['rows'])]


def detectable(sd, k):
    t = stats.t.ppf(1 - ALPHA / (LOOKS * ROWS), k - 1) + stats.t.ppf(POWER, k - 1)
    return math.exp(t * sd / math.sqrt(k)) - 1


def pairs_for(sd, target=0.10):
    return next(k for k in range(2, 5000) if detectable(sd, k) <= target)


print(f'{len(aa)} saved A/A jobs of the CI subset (results/calibration/20261124-*.json)\n')
for row in sorted({r for d in aa for r in d['rows']}):
    for metric in ('time', 'cpu'):
        per_job = [[math.log(p['b'][metric] / p['a'][metric]) for p in d['rows'][row]] for d in aa if row in d['rows']]
        sd = float(np.median([np.std(x, ddof=1) for x in per_job if len(x) >= 4]))
        x = np.concatenate(per_job)
        slow = np.abs(x) > SLOW
        sd_rest = float(np.median([np.std([v for v in j if abs(v) <= SLOW], ddof=1) for j in per_job
                                   if sum(abs(v) <= SLOW for v in j) >= 4]))
        with_slow = sum(1 for j in per_job if any(abs(v) > SLOW for v in j))
        print(f'{row} [{metric}]: {len(per_job)} jobs, {len(x)} pairs; sd {sd:.3f}; slow-mode pairs '
              f'{100 * slow.mean():.1f}% (in {with_slow} jobs), sd without them {sd_rest:.3f}')
        print('    detectable at 4/8/16/32 pairs: '
              + ' '.join(f'{100 * detectable(sd, k):+.1f}%' for k in (4, 8, 16, 32))
              + f'; +10% needs {pairs_for(sd)} pairs. Without the slow-mode pairs: '
              + ' '.join(f'{100 * detectable(sd_rest, k):+.1f}%' for k in (4, 8, 16, 32))
              + f'; +10% needs {pairs_for(sd_rest)} pairs')
