/**
 * Prints the 20 slowest test files at the end of every run (import + tests, per file), so that the
 * next regression in CI time is visible the day it lands (issue 21, decision 032).
 */
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SHOWN = 20;

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>) {
    const rows = testModules
      .map((module) => {
        const d = module.diagnostic();
        return {
          file: path.relative(process.cwd(), module.moduleId),
          project: module.project.name,
          importMs: d.collectDuration,
          testsMs: d.duration,
          totalMs: d.collectDuration + d.duration,
        };
      })
      .sort((a, b) => b.totalMs - a.totalMs);
    if (rows.length === 0) return;
    const all = rows.reduce((sum, row) => sum + row.totalMs, 0);
    const seconds = (ms: number) => (ms / 1000).toFixed(1).padStart(6);
    const lines = rows
      .slice(0, SHOWN)
      .map((row) => `${seconds(row.totalMs)} s  (import ${seconds(row.importMs).trim()} s)  ${row.file}${row.project ? ` [${row.project}]` : ''}`);
    process.stdout.write(
      `\nSlowest ${Math.min(SHOWN, rows.length)} of ${rows.length} test files (file time, ${(all / 1000).toFixed(0)} s in all):\n${lines.join('\n')}\n`,
    );
  }
}
