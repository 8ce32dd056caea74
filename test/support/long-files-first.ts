import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Files whose running time is out of proportion to their size, longest first (docs/ci.md, each pass's slowest
 * files). On a clean clone vitest knows no durations and starts the larger files first, so these small, long
 * files started last: a pass then ended with one worker still walking screens or waiting out timeouts while
 * the other had nothing left (decision 032).
 */
const LONG_FOR_THEIR_SIZE = [
  'test/e2e/screens-walk-station.e2e.test.ts',
  'test/e2e/screens-walk-advertiser.e2e.test.ts',
  'test/e2e/screens-walk-admin.e2e.test.ts',
  'test/process/shutdown.test.ts',
  'test/api/storage-timeouts.test.ts',
  'test/process/media-two-instances.test.ts',
];

const rank = (file: TestSpecification) => {
  const at = LONG_FOR_THEIR_SIZE.findIndex((name) => file.moduleId.endsWith(name));
  return at === -1 ? LONG_FOR_THEIR_SIZE.length : at;
};

/** vitest's order (groups, projects, what it knows of durations, then size), with the files above first within their project's run. */
export default class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const runs: TestSpecification[][] = [];
    for (const file of await super.sort(files)) {
      const run = runs.at(-1);
      if (run && run[0]!.project.name === file.project.name) run.push(file);
      else runs.push([file]);
    }
    // Array sort is stable: within a run, the rest keep vitest's order.
    return runs.flatMap((run) => run.sort((a, b) => rank(a) - rank(b)));
  }
}
