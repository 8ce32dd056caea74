/** A schedule's changes line by line (decisions 056 and 064): lines matched by name; added, removed, or changed with the fields. */
import type { ScheduleData } from './schedule-store';

type Lines = ScheduleData['lines'];
export interface LineDifference {
  line: string;
  change: 'added' | 'removed' | 'changed';
  fields: string[];
}

const COMPARED = ['daypartId', 'days', 'startTime', 'endTime', 'spotLength', 'rateCents', 'spotsPerWeek', 'demoValues', 'programId'] as const;
const FIELD_NAMES: Record<(typeof COMPARED)[number], string> = {
  daypartId: 'daypart',
  days: 'days',
  startTime: 'start_time',
  endTime: 'end_time',
  spotLength: 'spot_length',
  rateCents: 'rate',
  spotsPerWeek: 'spots_per_week',
  demoValues: 'demo_values',
  programId: 'program',
};

/** A revision's differences, line by line (lines matched by name). */
export const differencesOf = (before: readonly Lines[number][], after: Lines): LineDifference[] => {
  const out: LineDifference[] = [];
  const old = new Map(before.map((l) => [l.name, l]));
  for (const line of after) {
    const was = old.get(line.name);
    old.delete(line.name);
    if (!was) out.push({ line: line.name, change: 'added', fields: [] });
    else {
      const fields = COMPARED.filter((f) => JSON.stringify(was[f]) !== JSON.stringify(line[f])).map((f) => FIELD_NAMES[f]);
      if (fields.length > 0) out.push({ line: line.name, change: 'changed', fields });
    }
  }
  for (const name of old.keys()) out.push({ line: name, change: 'removed', fields: [] });
  return out;
};
