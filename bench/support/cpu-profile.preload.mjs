// Loaded with `--import` into a benchmark's server (BENCH_CPU_PROFILE=<dir>): Node 20 refuses
// --cpu-prof in NODE_OPTIONS, so the profile is taken through the inspector. SIGUSR2 ends the
// current segment (written as <dir>/<label>-<pid>.cpuprofile, the label read from, and
// removed with, <dir>/label-<pid>) and starts the next; the last segment is written when the process exits.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import path from 'node:path';

const directory = process.env.BENCH_CPU_PROFILE_DIR;
if (directory) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 500 });
  session.post('Profiler.start');

  // The in-thread inspector answers synchronously, so this also works in an 'exit' listener.
  const writeSegment = (fallbackLabel) => {
    let label = fallbackLabel;
    const labelFile = path.join(directory, `label-${process.pid}`);
    try {
      label = readFileSync(labelFile, 'utf8').trim() || label;
      rmSync(labelFile);
    } catch {
      // No label written: the fallback names the segment.
    }
    session.post('Profiler.stop', (error, result) => {
      if (!error) {
        writeFileSync(
          path.join(directory, `${label}-${process.pid}.cpuprofile`),
          JSON.stringify(result.profile),
        );
      }
    });
  };
  process.on('SIGUSR2', () => {
    writeSegment('segment');
    session.post('Profiler.start');
  });
  process.on('exit', () => writeSegment('until-exit'));
}
