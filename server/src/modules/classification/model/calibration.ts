/**
 * Isotonic calibration: pool-adjacent-violators over (raw top-1 probability, right or wrong, weight)
 * gives a non-decreasing step function; between the blocks' mean raw scores it is interpolated
 * linearly, so the map stays monotone and continuous. Each block's accuracy is shrunk towards the
 * raw score by a few pseudo-lines, so a small block at the top cannot promise 100%.
 */
export interface Calibration {
  /** Mean raw score of each block, increasing. */
  x: number[];
  /** Calibrated probability at x, non-decreasing. */
  y: number[];
}

const SHRINK_LINES = 4;

export function fitIsotonic(raw: ArrayLike<number>, right: ArrayLike<number>, weight: ArrayLike<number>): Calibration {
  const n = raw.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => raw[a] - raw[b] || right[a] - right[b] || a - b);
  const sx: number[] = [];
  const sy: number[] = [];
  const sw: number[] = [];
  for (const i of order) {
    if (!(weight[i] > 0)) continue;
    sx.push(raw[i] * weight[i]);
    sy.push(right[i] * weight[i]);
    sw.push(weight[i]);
    // Merge while the last block's accuracy falls below the one before it.
    while (sw.length > 1) {
      const k = sw.length - 1;
      if (sy[k - 1] / sw[k - 1] <= sy[k] / sw[k]) break;
      sx[k - 1] += sx[k];
      sy[k - 1] += sy[k];
      sw[k - 1] += sw[k];
      sx.pop();
      sy.pop();
      sw.pop();
    }
  }
  const x: number[] = [];
  const y: number[] = [];
  for (let k = 0; k < sw.length; k++) {
    const mx = sx[k] / sw[k];
    const my = (sy[k] + SHRINK_LINES * mx) / (sw[k] + SHRINK_LINES);
    x.push(round(mx));
    y.push(round(Math.max(my, y.length > 0 ? y[y.length - 1] : 0)));
  }
  return { x, y };
}

export function calibrate(c: Calibration, p: number): number {
  const { x, y } = c;
  if (x.length === 0) return p;
  if (p <= x[0]) return x[0] > 0 ? y[0] * (p / x[0]) : y[0];
  const last = x.length - 1;
  if (p >= x[last]) return y[last];
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (x[mid] <= p) lo = mid;
    else hi = mid;
  }
  const span = x[hi] - x[lo];
  return span > 0 ? y[lo] + ((y[hi] - y[lo]) * (p - x[lo])) / span : y[hi];
}

/** Six significant decimals: enough for a probability, and the serialised model stays short. */
export function round(v: number): number {
  return Math.round(v * 1e6) / 1e6;
}
