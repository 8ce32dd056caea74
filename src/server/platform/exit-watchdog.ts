/**
 * A last-resort exit for shutdown: a worker thread kills the process after `ms`, even when the main
 * thread is blocked (a synchronous loop, a stuck WASM call), where a timer of its own could never
 * fire. A clean shutdown exits first and the watchdog dies with the process.
 */
import { Worker } from 'node:worker_threads';

const SOURCE = `
const { workerData } = require('node:worker_threads');
const { write } = require('node:fs');
const kill = () => process.kill(process.pid, 'SIGKILL');
setTimeout(() => {
  // Written directly: a worker's process.stderr goes through the (blocked) main thread. Asynchronously,
  // and the kill follows whether or not the write finished: standard error may be a full pipe.
  setTimeout(kill, 200);
  try {
    write(2, 'Shutdown did not finish in ' + workerData.ms + ' ms: killing the process\\n', () => kill());
  } catch {
    kill();
  }
}, workerData.ms);
`;

export const startExitWatchdog = (ms: number): Worker => {
  // execArgv: [] runs the plain CommonJS source above without the parent's loaders or --input-type.
  const worker = new Worker(SOURCE, { eval: true, workerData: { ms }, execArgv: [] });
  worker.on('error', () => undefined);
  // The watchdog never keeps a finished process alive.
  worker.unref();
  return worker;
};
