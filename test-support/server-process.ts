import { spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';

export interface ServerProcess {
  url: string;
  pid: number;
  /** The process's exit code, once it has exited (after a stop signal, for instance). */
  exited: Promise<number | null>;
  /** Resident memory of the server process now, in MB. */
  rssMb(): Promise<number>;
  /** CPU time the server process has used so far (user and system), in seconds. */
  cpuSeconds(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * The real server in a process of its own, as `npm start` runs it: for measuring it apart from
 * the load it is under (the bench), and for what only a process shows (stop signals, open files).
 */
export async function startServerProcess(env: Record<string, string | undefined>, port: number): Promise<ServerProcess> {
  // BENCH_PROFILE_DIR=folder writes the server's CPU profile there when it stops (open it in Chrome's DevTools).
  const profile = process.env.BENCH_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`] : [];
  const child: ChildProcess = spawn(process.execPath, [...profile, '--import', 'tsx', 'apps/server/src/main.ts'], {
    // A variable given as undefined is left out, even when the bench's own environment has it.
    env: Object.fromEntries(
      Object.entries({ ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' }).filter(([, value]) => value !== undefined),
    ),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the server did not start in two minutes');
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    pid: child.pid!,
    exited,
    async rssMb() {
      const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? NaN);
      return kb / 1024;
    },
    cpuSeconds: () => processCpuSeconds(child.pid!),
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Clock ticks per second of /proc's CPU times: 100 on Linux everywhere this runs. */
export const CLOCK_TICKS = 100;

/** CPU seconds (user and system) a process has used, from /proc/<pid>/stat. */
export async function processCpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
}
