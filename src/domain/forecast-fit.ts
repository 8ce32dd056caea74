/**
 * Ordinary least squares of a series against its index (0, 1, 2, …), with the standard errors
 * that a forecast's confidence band needs. Pure arithmetic, no I/O.
 */

export interface LineFit {
  n: number;
  intercept: number;
  slope: number;
  /** Residual standard error: √(Σ residual² ÷ (n − 2)); 0 for a perfect line, NaN below 3 points. */
  standardError: number;
  /** Standard error of the slope: s ÷ √Sxx. */
  slopeStandardError: number;
  xMean: number;
  sxx: number;
}

export const fitLine = (ys: readonly number[]): LineFit => {
  const n = ys.length;
  const xMean = (n - 1) / 2;
  const yMean = n > 0 ? ys.reduce((sum, y) => sum + y, 0) / n : 0;
  let sxy = 0;
  let sxx = 0;
  ys.forEach((y, x) => {
    sxy += (x - xMean) * (y - yMean);
    sxx += (x - xMean) ** 2;
  });
  const slope = sxx > 0 ? sxy / sxx : 0;
  const intercept = yMean - slope * xMean;
  const ssr = ys.reduce((sum, y, x) => sum + (y - (intercept + slope * x)) ** 2, 0);
  const standardError = n > 2 ? Math.sqrt(ssr / (n - 2)) : Number.NaN;
  const slopeStandardError = sxx > 0 ? standardError / Math.sqrt(sxx) : Number.NaN;
  return { n, intercept, slope, standardError, slopeStandardError, xMean, sxx };
};

/** Two-sided 95 % quantiles of Student's t for 1–30 degrees of freedom; 1.96 beyond. */
const T_975 = [
  12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11, 2.101, 2.093, 2.086, 2.08, 2.074, 2.069,
  2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
];
export const tQuantile95 = (degreesOfFreedom: number): number => T_975[degreesOfFreedom - 1] ?? 1.96;

/** The fitted value at index x and its 95 % prediction interval: ŷ ± t · s · √(1 + 1/n + (x − x̄)² / Sxx). */
export const predictAt = (fit: LineFit, x: number) => {
  const value = fit.intercept + fit.slope * x;
  const spread = tQuantile95(fit.n - 2) * fit.standardError * Math.sqrt(1 + 1 / fit.n + (fit.sxx > 0 ? (x - fit.xMean) ** 2 / fit.sxx : 0));
  return { value, lower: value - spread, upper: value + spread };
};

/** True when the slope's 95 % confidence interval excludes zero. */
export const slopeIsClear = (fit: LineFit): boolean => fit.n > 2 && fit.slope !== 0 && Math.abs(fit.slope) > tQuantile95(fit.n - 2) * fit.slopeStandardError;
