/**
 * Where a benchmark's time went, from Linux's /proc: CPU time and read/write system calls of each thread of this
 * process (the server's event loop, the catch-commit thread, the checkpoint worker, libuv's pool), the bytes the
 * process made the disk read and write, and `vmstat 1` over the run when it is installed. SQLite reads a page it
 * does not hold in its page cache with one `pread`, so a thread's read calls count its page cache misses (without
 * `mmap_size`); the disk bytes say whether those misses reached the disk or the kernel's cache. Elsewhere than
 * Linux every figure is simply absent.
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

export interface ThreadUsage {
  tid: number;
  /** `event loop` for the process's main thread, else the kernel's name of the thread. */
  name: string;
  cpuMs: number;
  readCalls: number;
  writeCalls: number;
}

const TICK_MS = 10; // USER_HZ is 100 on Linux.

function readOr(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

const field = (text: string, name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(text)?.[1] ?? 0);

export function sampleThreads(): Map<number, ThreadUsage> {
  const threads = new Map<number, ThreadUsage>();
  let tids: string[] = [];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return threads;
  }
  for (const tid of tids) {
    const stat = readOr(`/proc/self/task/${tid}/stat`);
    const close = stat.lastIndexOf(')');
    if (close < 0) continue;
    const rest = stat.slice(close + 2).split(' ');
    const io = readOr(`/proc/self/task/${tid}/io`);
    threads.set(Number(tid), {
      tid: Number(tid),
      name: Number(tid) === process.pid ? 'event loop' : stat.slice(stat.indexOf('(') + 1, close),
      // Fields 14 and 15 of stat (utime, stime); `rest` starts at field 3.
      cpuMs: (Number(rest[11]) + Number(rest[12])) * TICK_MS,
      readCalls: field(io, 'syscr'),
      writeCalls: field(io, 'syscw'),
    });
  }
  return threads;
}

/** Each thread's use between two samples, the busiest first; threads that used under 1 % of `wallMs` left out. */
export function threadsBetween(
  before: Map<number, ThreadUsage>,
  after: Map<number, ThreadUsage>,
  wallMs: number,
): ThreadUsage[] {
  return [...after.values()]
    .map((now) => {
      const then = before.get(now.tid);
      return {
        ...now,
        cpuMs: now.cpuMs - (then?.cpuMs ?? 0),
        readCalls: now.readCalls - (then?.readCalls ?? 0),
        writeCalls: now.writeCalls - (then?.writeCalls ?? 0),
      };
    })
    .filter((thread) => thread.cpuMs >= wallMs / 100)
    .sort((a, b) => b.cpuMs - a.cpuMs);
}

/** Bytes this process caused to be read from and written to storage (not the kernel's cache). */
export function processDiskBytes(): { read: number; written: number } {
  const io = readOr('/proc/self/io');
  return { read: field(io, 'read_bytes'), written: field(io, 'write_bytes') };
}

export interface VmstatSummary {
  samples: number;
  /** Mean of each column over the samples (us, sy, id, wa: CPU %; bi, bo: blocks in/out per s; cs: switches/s). */
  mean: Record<string, number>;
}

/**
 * `vmstat 1` in the background; `stop(sinceMs)` gives the mean of each column over the lines printed since that
 * time (Date.now()), or undefined without vmstat.
 */
export function startVmstat(): { stop(sinceMs: number): VmstatSummary | undefined } {
  let header: string[] | undefined;
  let first = true;
  const rows: { at: number; values: number[] }[] = [];
  let failed = false;
  let partial = '';
  const child = spawn('vmstat', ['-n', '1'], { stdio: ['ignore', 'pipe', 'ignore'] });
  child.on('error', () => (failed = true));
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines) {
      if (/\bus\b/.test(line)) header = line.trim().split(/\s+/);
      // The first data line is the average since boot: left out.
      else if (/^\s*\d/.test(line) && !(first && !(first = false)))
        rows.push({ at: Date.now(), values: line.trim().split(/\s+/).map(Number) });
    }
  });
  return {
    stop(sinceMs) {
      child.kill();
      const inWindow = rows.filter((row) => row.at > sinceMs).map((row) => row.values);
      if (failed || !header || inWindow.length === 0) return undefined;
      const mean: Record<string, number> = {};
      header.forEach(
        (name, i) => (mean[name] = inWindow.reduce((sum, row) => sum + (row[i] ?? 0), 0) / inWindow.length),
      );
      return { samples: inWindow.length, mean };
    },
  };
}

export interface UsageSample {
  at: number;
  threads: Map<number, ThreadUsage>;
  disk: { read: number; written: number };
}

/**
 * Samples the threads and disk bytes every `everyMs`, so a window known only afterwards (the simulator reports how
 * long its sending took, after its registrations) can be cut out: `at(ms)` is the last sample at or before `ms`.
 */
export function recordUsage(everyMs = 250): { at(ms: number): UsageSample; stop(): UsageSample } {
  const sample = (): UsageSample => ({ at: Date.now(), threads: sampleThreads(), disk: processDiskBytes() });
  const samples = [sample()];
  const timer = setInterval(() => samples.push(sample()), everyMs);
  return {
    at: (ms) => samples.findLast((s) => s.at <= ms) ?? samples[0]!,
    stop() {
      clearInterval(timer);
      const last = sample();
      samples.push(last);
      return last;
    },
  };
}

/** CPU time (ms, user + system, all its threads) another process has used so far; null once it is gone. */
export function processCpuMs(pid: number): number | null {
  const stat = readOr(`/proc/${pid}/stat`);
  if (stat === '') return null;
  const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}
