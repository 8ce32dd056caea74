/** The station clock's interface, apart from its implementation (station-clock.ts) so that context.ts can name it without a cycle. */

export interface TickResult {
  today: string;
  started: string[];
  completed: string[];
  placedDays: string[];
  /** Orders whose makegood offers expired in this run. */
  expiredMakegoods: string[];
  /** Spots of past days no as-run reported within the grace period, marked unconfirmed in this run. */
  unconfirmedSpots: number;
}

export interface StationClock {
  /** One run now; safe to call at any time and from several instances. */
  tick(): Promise<TickResult>;
  /** Asks for a run soon (after an order or campaign changed), on whichever instance takes the job. */
  nudge(): void;
  /** Places one day now, also beyond the horizon (an export of a day not placed yet, decision 031). */
  placeDay(date: string): Promise<void>;
}
