/**
 * A clip whose running time is not the length its name gives (issue 29, item 22): "Spring 30s.mp4"
 * that runs 0:06 is most likely the wrong file. Only a warning, on the order's side: a name is not a
 * rule, and the media's own booked length (spot_length) is the media module's.
 */

/** The spot lengths a name may give: "30s", "30 sec", "30-second", ":30". */
const NAMED_LENGTH = /(?:^|[^0-9:])(?::(\d{2})|(\d{1,3})\s*-?\s*(?:s|sec|secs|second|seconds))(?![a-z0-9])/i;
/** Tolerance: encoders pad or trim a few frames. */
const SLACK_SECONDS = 1;

/** The length in seconds a file name gives, if any (5 to 180 seconds). */
export const lengthInName = (filename: string): number | null => {
  const base = filename.replace(/\.[A-Za-z0-9]{1,5}$/, '');
  const match = NAMED_LENGTH.exec(base);
  if (!match) return null;
  const seconds = Number(match[1] ?? match[2]);
  return seconds >= 5 && seconds <= 180 ? seconds : null;
};

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(Math.round(seconds) % 60).padStart(2, '0')}`;

/** The warning for a clip that runs otherwise than its name says; null when they agree or either is unknown. */
export const clipLengthWarning = (filename: string, durationSeconds: number | null | undefined): string | null => {
  const named = lengthInName(filename);
  if (named === null || durationSeconds == null || !Number.isFinite(durationSeconds)) return null;
  if (Math.abs(durationSeconds - named) <= SLACK_SECONDS) return null;
  return `This clip runs ${clock(durationSeconds)}, but its name says ${named} seconds: check that it is the right file before it is booked`;
};
