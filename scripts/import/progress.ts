import cliProgress from 'cli-progress';

/** What a run has done so far. */
export interface ImportTally {
  done: number;
  /** Rows in the manifest, once the counting pass has read it; null until then. */
  total: number | null;
  created: number;
  replaced: number;
  unchanged: number;
  /** Of the unchanged, those found equal before their file was sent. */
  notUploaded: number;
  failed: number;
}

export function createTally(): ImportTally {
  return { done: 0, total: null, created: 0, replaced: 0, unchanged: 0, notUploaded: 0, failed: 0 };
}

export function ratePerSecond(done: number, elapsedMs: number): string {
  return elapsedMs > 0 ? ((done * 1000) / elapsedMs).toFixed(1) : '0.0';
}

export function describeCounts(tally: ImportTally): string {
  return `created ${tally.created}, replaced ${tally.replaced}, unchanged ${tally.unchanged}, failed ${tally.failed}`;
}

function describeDone(tally: ImportTally): string {
  return tally.total === null ? `${tally.done} rows` : `${tally.done}/${tally.total} rows`;
}

export interface ProgressDisplay {
  update(): void;
  stop(): void;
}

/**
 * A bar redrawn in place when stderr is a terminal; otherwise (a log file, a CI job) one plain
 * line every `intervalMs`, which reads well when appended to.
 */
export function createProgressDisplay(options: {
  tally: ImportTally;
  stream: NodeJS.WritableStream & { isTTY?: boolean };
  startedAt: number;
  intervalMs: number;
}): ProgressDisplay {
  const { tally, stream, startedAt } = options;
  const rate = () => ratePerSecond(tally.done, Date.now() - startedAt);

  if (!stream.isTTY) {
    const timer = setInterval(() => stream.write(`${describeDone(tally)}, ${rate()}/s: ${describeCounts(tally)}\n`), options.intervalMs);
    timer.unref();
    return { update: () => {}, stop: () => clearInterval(timer) };
  }

  const bar = new cliProgress.SingleBar(
    {
      stream,
      hideCursor: true,
      fps: 5,
      format: (barOptions, params) => {
        const drawn = tally.total === null ? '' : `${cliProgress.Format.BarFormat(params.progress, barOptions)} `;
        return `${drawn}${describeDone(tally)} | ${rate()}/s | ${describeCounts(tally)}`;
      },
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(tally.total ?? 0, 0);
  return {
    update() {
      if (tally.total !== null && bar.getTotal() !== tally.total) bar.setTotal(tally.total);
      bar.update(tally.done);
    },
    stop: () => bar.stop(),
  };
}
