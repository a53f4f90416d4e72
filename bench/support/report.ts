import { readFile, mkdir, writeFile } from 'node:fs/promises';
import { cpus, loadavg, totalmem } from 'node:os';
import { round } from './stats';

/** The machine a figure was taken on: absolute figures mean nothing without it. */
export interface Machine {
  nproc: number;
  cpuModel: string;
  ramGiB: number;
  node: string;
  /** 1, 5 and 15 minutes: other work on a shared machine shows here. */
  loadAverage: number[];
}

export async function machine(): Promise<Machine> {
  const cpuinfo = await readFile('/proc/cpuinfo', 'utf8').catch(() => '');
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1] ?? cpus()[0]?.model ?? 'unknown';
  return {
    nproc: cpus().length,
    cpuModel: model.trim(),
    ramGiB: round(totalmem() / 1024 ** 3, 1),
    node: process.version,
    loadAverage: loadavg().map((value) => round(value, 2)),
  };
}

type Cell = string | number;

/** A Markdown table; numbers are right-aligned. */
export function table(headers: string[], rows: Cell[][]): string {
  const text = rows.map((row) => row.map((cell) => String(cell)));
  const widths = headers.map((header, column) =>
    Math.max(header.length, ...text.map((row) => (row[column] ?? '').length)),
  );
  const numeric = headers.map((_, column) => rows.every((row) => typeof row[column] === 'number'));
  const line = (cells: string[]) =>
    `| ${cells
      .map((cell, column) =>
        numeric[column] ? cell.padStart(widths[column] ?? 0) : cell.padEnd(widths[column] ?? 0),
      )
      .join(' | ')} |`;
  const rule = `|${widths.map((width, column) => (numeric[column] ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`;
  return [line(headers), rule, ...text.map(line)].join('\n');
}

/** "71 %" and whether it reaches the target, for a figure beside its limit. */
export function percentOf(part: number, whole: number): string {
  return `${Math.round((part / whole) * 100)} %`;
}

export function verdict(reached: boolean): string {
  return reached ? 'reached' : 'NOT reached';
}

/** Writes bench/results/<name>.json (the figures, the machine, when). */
export async function writeResult(name: string, result: Record<string, unknown>): Promise<void> {
  const directory = new URL('../results/', import.meta.url);
  await mkdir(directory, { recursive: true });
  await writeFile(
    new URL(`${name}.json`, directory),
    `${JSON.stringify({ benchmark: name, takenAt: new Date().toISOString(), ...result }, null, 2)}\n`,
  );
}
