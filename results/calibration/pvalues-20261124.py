#!/usr/bin/env python3
"""Are the paired gate's p-values honest on this machine? For every saved A/A job of the
2026-11-23/24 calibrations with the CI subset, every row's time log ratios at each look it reached
(4, 8, 16 pairs): the one-sided t test's p-value in both directions (B slower, A slower; A/A is
symmetric). Calibrated p-values fall below a level in that share of cases. Needs python3-scipy.
Run from the repository root: python3 results/calibration/pvalues-20261124.py"""
import glob
import json
import math

import numpy as np
from scipy import stats

ps = {}
saved = [job['pairs'] for f in sorted(glob.glob('results/calibration/2026112[34]-*.json'))
         for job in json.load(open(f))['jobs'] if job['pairs'] is not None]
for d in saved:
    if d['injectedPercent'] != 100 or not any('items=250000' in k for k in d['rows']):
        continue  # slowdown jobs, and A/A jobs of the older subset
    for row, pairs in d['rows'].items():
        for n in (4, 8, 16):
            if len(pairs) < n:
                continue
            x = np.array([math.log(p['b']['time'] / p['a']['time']) for p in pairs[:n]])
            t = x.mean() / (x.std(ddof=1) / math.sqrt(n))
            for sign in (1, -1):
                ps.setdefault((row.split('.')[0], n), []).append(1 - stats.t.cdf(sign * t, n - 1))
levels = (0.1, 0.05, 0.01, 0.005, 0.001)
for key, v in sorted(ps.items()):
    v = np.array(v)
    print(f'{key[0]:<22} {key[1]:>2} pairs {len(v):>4} p-values  '
          + '  '.join(f'p<{a:g}: {(v < a).mean():.3f}' for a in levels))
allp = np.concatenate([np.array(v) for v in ps.values()])
print(f'{"all":<31} {len(allp):>4} p-values  ' + '  '.join(f'p<{a:g}: {(allp < a).mean():.3f}' for a in levels))
