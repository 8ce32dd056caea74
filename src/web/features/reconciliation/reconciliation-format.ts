import { formatCount, formatCurrency } from '../../../domain/format';

/** Rounded to `decimals`, without a negative zero. */
const rounded = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round((Number.isFinite(value) ? value : 0) * factor) / factor || 0;
};
const sign = (value: number) => (value > 0 ? '+' : '');

/** Signed dollars: +$1,234.50, -$80.00, $0.00. */
export const signedCurrency = (value: number): string => {
  const v = rounded(value, 2);
  return `${sign(v)}${formatCurrency(v)}`;
};
/** Signed whole count: +12,000, -350, 0. */
export const signedCount = (value: number): string => {
  const v = rounded(value, 0);
  return `${sign(v)}${formatCount(v)}`;
};
/** A percent with one decimal, signed when asked: +2.5%, -10.0%, 50.0%. */
export const percent = (value: number, signed = false): string => {
  const v = rounded(value, 1);
  return `${signed ? sign(v) : ''}${v.toFixed(1)}%`;
};
