/**
 * Isotonic calibration: pool-adjacent-violators over (raw top-1 probability, right or wrong, weight)
 * gives a non-decreasing step function; between the blocks' mean raw scores it is interpolated
 * linearly, so the map stays monotone and continuous. Each block's accuracy is shrunk towards the
 * raw score by a few pseudo-lines, and never promises more than Laplace's rule of succession.
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
  let lastRaw = NaN;
  for (const i of order) {
    if (!(weight[i] > 0)) continue;
    // Equal raw scores are one point; a block grows while its accuracy is not above the one before it.
    if (raw[i] !== lastRaw || sw.length === 0) {
      sx.push(0);
      sy.push(0);
      sw.push(0);
    }
    lastRaw = raw[i];
    const last = sw.length - 1;
    sx[last] += raw[i] * weight[i];
    sy[last] += right[i] * weight[i];
    sw[last] += weight[i];
    while (sw.length > 1) {
      const k = sw.length - 1;
      if (sy[k - 1] / sw[k - 1] < sy[k] / sw[k]) break;
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
    // Never more than Laplace's rule allows: a block of n lines all right says (n + 1) / (n + 2).
    const my = Math.min((sy[k] + SHRINK_LINES * mx) / (sw[k] + SHRINK_LINES), (sy[k] + 1) / (sw[k] + 2));
    x.push(round(mx));
    y.push(round(Math.max(my, y.length > 0 ? y[y.length - 1] : 0)));
  }
  // A plateau needs only its two ends.
  const keep = x.map((_, i) => i === 0 || i === x.length - 1 || y[i] !== y[i - 1] || y[i] !== y[i + 1]);
  return { x: x.filter((_, i) => keep[i]), y: y.filter((_, i) => keep[i]) };
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
