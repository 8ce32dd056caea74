import { describe, expect, it } from 'vitest';
import { statementByChannel, statementOf, type StatementMovement } from './statement';

const move = (kind: StatementMovement['kind'], date: string, invoiceId: string, amountCents: number): StatementMovement => ({
  kind,
  date,
  invoiceId,
  invoiceNumber: invoiceId,
  reference: null,
  description: kind,
  amountCents,
});

describe('statementOf', () => {
  const movements = [
    move('invoice', '2026-01-05', 'A', 100_000),
    move('payment', '2026-01-20', 'A', -40_000),
    move('invoice', '2026-02-03', 'B', 50_000),
    move('credit_note', '2026-03-02', 'B', -5_000),
    move('invoice', '2026-03-01', 'C', 30_000),
    move('void', '2026-03-01', 'C', -30_000),
  ];
  const dues = [
    { invoiceId: 'A', dueDate: '2026-02-04' },
    { invoiceId: 'B', dueDate: '2026-03-05' },
  ];

  it('opens with what was owed before the period and runs the balance through its lines in date order', () => {
    const s = statementOf({ from: '2026-02-01', to: '2026-03-31', movements, dues });
    expect(s.opening).toBe(60_000);
    expect(s.lines.map((l) => [l.kind, l.balanceCents])).toEqual([
      ['invoice', 110_000],
      ['invoice', 140_000],
      ['void', 110_000],
      ['credit_note', 105_000],
    ]);
    expect(s.closing).toBe(105_000);
    expect(s.totals).toEqual({ invoiced: 80_000, payments: 0, credits: 5_000, refunds: 0, voided: 30_000 });
  });

  it('ages what each invoice still owes at the period’s end by days past due, leaving out what is settled or void', () => {
    const s = statementOf({ from: '2026-02-01', to: '2026-03-31', movements, dues });
    // A: due Feb 4, 55 days past due on Mar 31; B: due Mar 5, 26 days.
    expect(s.ageing).toMatchObject({ current: 0, days_1_30: 45_000, days_31_60: 60_000, days_61_90: 0, days_over_90: 0, total: 105_000 });
    const early = statementOf({ from: '2026-01-01', to: '2026-01-31', movements, dues });
    expect(early.ageing).toMatchObject({ current: 60_000, total: 60_000 });
    expect(early.closing).toBe(60_000);
  });
});

describe('statementByChannel', () => {
  const m = (kind: StatementMovement['kind'], date: string, amountCents: number, channelId: string): StatementMovement => ({
    kind,
    date,
    invoiceId: `inv-${channelId}`,
    invoiceNumber: 'INV-1',
    reference: null,
    description: '',
    amountCents,
    channelId,
  });

  it("splits the opening, invoiced and closing balances by channel, each channel's adding up to the statement's", () => {
    const movements = [
      m('invoice', '2026-10-20', 50_000, 'a'), // before the period: opening of a
      m('payment', '2026-11-03', -20_000, 'a'),
      m('invoice', '2026-11-05', 30_000, 'b'),
      m('credit_note', '2026-11-09', -5_000, 'b'),
      m('invoice', '2026-12-02', 99_000, 'b'), // after the period: not counted
    ];
    const parts = statementByChannel({ from: '2026-11-01', to: '2026-11-30', movements });
    expect(parts).toEqual([
      { channelId: 'a', opening: 50_000, invoiced: 0, closing: 30_000 },
      { channelId: 'b', opening: 0, invoiced: 30_000, closing: 25_000 },
    ]);
    const whole = statementOf({ from: '2026-11-01', to: '2026-11-30', movements, dues: [] });
    expect(parts.reduce((sum, p) => sum + p.closing, 0)).toBe(whole.closing);
    expect(parts.reduce((sum, p) => sum + p.opening, 0)).toBe(whole.opening);
  });
});
