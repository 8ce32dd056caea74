import { defineConfig } from 'vitest/config';
import { SHARED_TEST_OPTIONS } from './vitest.config';

/**
 * The clock sweep (issue 38, decision 050; run by scripts/ci-clock-sweep.sh): the date-sensitive tests under
 * libfaketime at each instant where a date rule can break, the station in America/New_York so that its day
 * and UTC's differ. One project per instant, each in one worker process started under its own `FAKETIME`
 * offset, so that every clock of that worker (the tests, the app, the embedded database, which runs in it,
 * and the browser and ffmpeg it starts) reads the instant while vitest itself reads the real time. One
 * vitest run takes several instants one after the other, paying vitest's start and its global set-up once
 * rather than once an instant (twenty-third session, docs/ci.md).
 *
 * The offset is from the real time (`faketime -f +N`, not a start time), so that every process of a worker
 * agrees on now; `FAKETIME_DONT_FAKE_MONOTONIC=1` keeps timers real.
 */

/** At every instant: the domain's calendar, traffic and billing rules, the demo (the logs of today and the next days, past airings, campaigns, invoices, reconciliation, dashboards) and late bookings (exports, late and closed days). */
const EVERY_INSTANT = [
  'src/domain/broadcast-calendar.test.ts',
  'src/domain/traffic.test.ts',
  'src/domain/billing.test.ts',
  'src/domain/billing-delivery.test.ts',
  'src/domain/billing-up-front.test.ts',
  'src/domain/campaigns.test.ts',
  'src/domain/display-dates.test.ts',
  'src/domain/statement.test.ts',
  'test/api/demo-seed.test.ts',
  'test/api/late-bookings.test.ts',
];
/** Where a number or a month turns (a broadcast month's last day, the year's turn, a leap day): invoice and credit-note numbers, due dates and date filters, and billing by broadcast month too. */
const WHERE_NUMBERS_TURN = ['test/api/billing.test.ts', 'test/api/billing-delivery.test.ts'];

/** Each instant in the station's time (America/New_York) with its UTC offset written out, so that the DST nights' 01:30 and 03:30 are the ones meant. */
export const INSTANTS = [
  { name: 'saturday', at: '2026-12-05T12:00:00-05:00' },
  { name: 'sunday-broadcast-month-end', at: '2026-12-27T21:00:00-05:00', turning: true },
  { name: 'spring-forward-0130', at: '2027-03-14T01:30:00-05:00' },
  { name: 'new-years-eve-2330', at: '2026-12-31T23:30:00-05:00', turning: true },
  { name: 'spring-forward-0330', at: '2027-03-14T03:30:00-04:00' },
  { name: 'new-years-day-0030', at: '2027-01-01T00:30:00-05:00', turning: true },
  { name: 'fall-back-0130', at: '2027-11-07T01:30:00-04:00' },
  { name: 'leap-day', at: '2028-02-29T12:00:00-05:00', turning: true },
  { name: 'fall-back-0330', at: '2027-11-07T03:30:00-05:00' },
] as const satisfies readonly { name: string; at: string; turning?: boolean }[];

/** Files named by the caller (`scripts/ci-clock-sweep.sh file…`) run at every instant instead of the lists above. */
const named = process.env.SPOTBOOK_CLOCK_SWEEP_FILES?.split(' ').filter(Boolean) ?? [];
const loadedAt = Date.now();

export default defineConfig({
  test: {
    ...SHARED_TEST_OPTIONS,
    // Each run's instants one after the other in one worker each; scripts/ci-clock-sweep.sh runs two at once.
    maxWorkers: 1,
    reporters: ['default'],
    projects: INSTANTS.map((instant) => ({
      extends: true as const,
      test: {
        name: instant.name,
        include: named.length > 0 ? named : [...EVERY_INSTANT, ...('turning' in instant ? WHERE_NUMBERS_TURN : [])],
        globalSetup: ['test/support/global-setup.ts'],
        // One process an instant (its clock is the process's): the domain's units and the app's files share it.
        isolate: false,
        env: {
          ...SHARED_TEST_OPTIONS.env,
          LD_PRELOAD: '/usr/$LIB/faketime/libfaketime.so.1',
          FAKETIME: `${Math.round((Date.parse(instant.at) - loadedAt) / 1000)}`.replace(/^(\d)/, '+$1'),
          FAKETIME_DONT_FAKE_MONOTONIC: '1',
          TZ: 'UTC',
          SPOTBOOK_TEST_STATION_TIMEZONE: 'America/New_York',
        },
      },
    })),
  },
});
