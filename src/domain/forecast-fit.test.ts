import { describe, expect, it } from 'vitest';
import { fitLine, predictAt, slopeIsClear, tQuantile95 } from './forecast-fit';

describe('least-squares line', () => {
  it('finds a perfect line with no error', () => {
    const fit = fitLine([100, 200, 300, 400]);
    expect(fit.slope).toBe(100);
    expect(fit.intercept).toBe(100);
    expect(fit.standardError).toBe(0);
    expect(predictAt(fit, 5)).toEqual({ value: 600, lower: 600, upper: 600 });
    expect(slopeIsClear(fit)).toBe(true);
  });

  it('computes the residual standard error and the prediction band by hand', () => {
    // y = 1, 3, 2, 4: x̄ = 1.5, Sxx = 5, Sxy = 4 → slope 0.8, intercept 1.3;
    // residuals -0.3, 0.9, -0.9, 0.3 → SSR 1.8, s = √(1.8 / 2) = √0.9.
    const fit = fitLine([1, 3, 2, 4]);
    expect(fit.slope).toBeCloseTo(0.8, 12);
    expect(fit.intercept).toBeCloseTo(1.3, 12);
    expect(fit.standardError).toBeCloseTo(Math.sqrt(0.9), 12);
    expect(fit.slopeStandardError).toBeCloseTo(Math.sqrt(0.9 / 5), 12);
    // At x = 4: ŷ = 4.5, spread = t(2) · s · √(1 + 1/4 + 6.25/5) = 4.303 · √0.9 · √2.5.
    const spread = 4.303 * Math.sqrt(0.9) * Math.sqrt(2.5);
    const at4 = predictAt(fit, 4);
    expect(at4.value).toBeCloseTo(4.5, 12);
    expect(at4.lower).toBeCloseTo(4.5 - spread, 9);
    expect(at4.upper).toBeCloseTo(4.5 + spread, 9);
    // 0.8 against t · SE = 4.303 · 0.424: the slope is not clear from four noisy weeks.
    expect(slopeIsClear(fit)).toBe(false);
  });

  it('widens the band the further ahead it looks', () => {
    const fit = fitLine([10, 14, 9, 15, 12, 16]);
    const widths = [6, 7, 8, 9].map((x) => predictAt(fit, x)).map((p) => p.upper - p.lower);
    expect(widths).toEqual([...widths].sort((a, b) => a - b));
    expect(widths[0]).toBeGreaterThan(0);
  });

  it('has no standard error from two points or fewer', () => {
    expect(fitLine([5, 9]).standardError).toBeNaN();
    expect(slopeIsClear(fitLine([5, 9]))).toBe(false);
    expect(fitLine([]).slope).toBe(0);
  });

  it("uses Student's t for small samples and the normal quantile beyond 30", () => {
    expect(tQuantile95(2)).toBe(4.303);
    expect(tQuantile95(30)).toBe(2.042);
    expect(tQuantile95(31)).toBe(1.96);
  });
});
