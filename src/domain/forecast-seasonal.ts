/**
 * The seasonal forecast (decision 025): next weeks follow the same weeks of last year, scaled by how
 * this year's recent weeks compare with the same weeks a year earlier (a seasonal naive forecast
 * with year-over-year growth). Pure arithmetic, no I/O.
 */
import { tQuantile95 } from './forecast-fit';

export interface SeasonalFit {
  /** This year's recent weeks ÷ the same weeks a year earlier. */
  ratio: number;
  /** Residual standard error of the recent weeks against ratio × last year's: √(Σ e² ÷ (m − 1)). */
  standardError: number;
  /** Weeks compared (the current, unfinished week is left out). */
  compared: number;
}

/**
 * `recent` and `yearAgo` are aligned week for week (yearAgo[i] is recent[i] 52 weeks earlier); the
 * last recent week is the current one, unfinished, and is not compared. Null when last year has
 * nothing to scale.
 */
export const fitSeason = (recent: readonly number[], yearAgo: readonly number[]): SeasonalFit | null => {
  const m = Math.min(recent.length, yearAgo.length) - 1;
  if (m < 2) return null;
  let now = 0;
  let then = 0;
  for (let i = 0; i < m; i += 1) {
    now += recent[i]!;
    then += yearAgo[i]!;
  }
  if (then <= 0) return null;
  const ratio = now / then;
  let squares = 0;
  for (let i = 0; i < m; i += 1) squares += (recent[i]! - ratio * yearAgo[i]!) ** 2;
  return { ratio, standardError: Math.sqrt(squares / (m - 1)), compared: m };
};

/** Last year's week scaled by the ratio, with a 95 % band: ŷ ± t(m − 1) · s · √(1 + 1/m). */
export const predictSeason = (fit: SeasonalFit, lastYearsWeek: number) => {
  const value = fit.ratio * lastYearsWeek;
  const spread = tQuantile95(fit.compared - 1) * fit.standardError * Math.sqrt(1 + 1 / fit.compared);
  return { value, lower: value - spread, upper: value + spread };
};
