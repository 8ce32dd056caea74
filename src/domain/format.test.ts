import { describe, expect, it } from 'vitest';
import {
  countOf,
  formatBytes,
  formatCount,
  formatCurrency,
  formatDays,
  formatDurationFromRatio,
  formatRelativeTime,
  mediaCode,
  partOf,
  unreadBadge,
} from './format';

describe('formatCurrency', () => {
  it('shows US dollars with exactly two decimals and separators', () => {
    expect(formatCurrency(1234.5)).toBe('$1,234.50');
    expect(formatCurrency(0)).toBe('$0.00');
    expect(formatCurrency(5)).toBe('$5.00');
    expect(formatCurrency(1_000_000.126)).toBe('$1,000,000.13');
  });
  it('treats a missing number as zero', () => {
    expect(formatCurrency(Number.NaN)).toBe('$0.00');
  });
});

describe('formatCount', () => {
  it('rounds to whole numbers with thousand separators', () => {
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(40.6)).toBe('41');
  });
});

describe('formatDays', () => {
  it('writes weeks and days', () => {
    expect(formatDays(1)).toBe('1 day');
    expect(formatDays(6)).toBe('6 days');
    expect(formatDays(7)).toBe('1 week');
    expect(formatDays(17)).toBe('2 weeks, 3 days');
    expect(formatDays(8)).toBe('1 week, 1 day');
  });
  it('says N/A when the divisor is missing or not positive', () => {
    expect(formatDurationFromRatio(1000, 0)).toBe('N/A');
    expect(formatDurationFromRatio(1000, -5)).toBe('N/A');
    expect(formatDurationFromRatio(1000, null)).toBe('N/A');
    expect(formatDurationFromRatio(1000, 500)).toBe('2 weeks');
  });
});

describe('formatBytes', () => {
  it('uses Bytes, KB, MB, GB in base 1024', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(512)).toBe('512 Bytes');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5 MB');
    expect(formatBytes(1.25 * 1024 ** 3)).toBe('1.25 GB');
  });
});

describe('formatRelativeTime', () => {
  const now = new Date('2026-11-22T12:00:00Z');
  it('says Just now, then minutes, hours and days ago', () => {
    expect(formatRelativeTime(new Date(now.getTime() - 30_000), now)).toBe('Just now');
    expect(formatRelativeTime(new Date(now.getTime() - 5 * 60_000), now)).toBe('5m ago');
    expect(formatRelativeTime(new Date(now.getTime() - 3 * 3600_000), now)).toBe('3h ago');
    expect(formatRelativeTime(new Date(now.getTime() - 2 * 86400_000), now)).toBe('2d ago');
  });
});

describe('small labels', () => {
  it('media code is the first 8 characters of the id, uppercased', () => {
    expect(mediaCode('3f2a9c1e-aaaa-bbbb-cccc-000000000000')).toBe('3F2A9C1E');
  });
  it('unread badge caps at 9+', () => {
    expect(unreadBadge(9)).toBe('9');
    expect(unreadBadge(10)).toBe('9+');
  });
});

describe('countOf', () => {
  it('puts the noun in the number Intl.PluralRules gives: never "1 invoices"', () => {
    expect(countOf(1, 'invoice')).toBe('1 invoice');
    expect(countOf(0, 'invoice')).toBe('0 invoices');
    expect(countOf(2, 'draft')).toBe('2 drafts');
    expect(countOf(1200, 'spot')).toBe('1,200 spots');
    expect(countOf(1, 'daypart entry', 'daypart entries')).toBe('1 daypart entry');
    expect(countOf(3, 'daypart entry', 'daypart entries')).toBe('3 daypart entries');
  });
});

describe('partOf', () => {
  it('puts the noun in the number of the total it follows: "1 of 1 spot", never "1 of 1 spots"', () => {
    expect(partOf(1, 1, 'spot')).toBe('1 of 1 spot');
    expect(partOf(0, 1, 'campaign')).toBe('0 of 1 campaign');
    expect(partOf(1, 2, 'spot')).toBe('1 of 2 spots');
    expect(partOf(10, 1200, 'notification')).toBe('10 of 1,200 notifications');
  });
});
