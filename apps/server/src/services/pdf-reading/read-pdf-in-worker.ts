import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { PDF_READING_LIMITS, PDF_READING_TIMEOUTS_MS } from './pdf-limits.js';
import type { PdfTaskKind, PdfTasks } from './pdf-tasks.js';
import { PDF_WORKER_READY, type PdfWorkerAnswer, type PdfWorkerRequest } from './pdf-worker-messages.js';

/** What reading a PDF came to: the task's output, the limit the file passed, or why it could not be read. */
export type PdfReading<T> =
  | { outcome: 'read'; value: T }
  | { outcome: 'tooLarge'; limit: 'expansion' | 'time' | 'memory' }
  | { outcome: 'unreadable'; message: string };

/** Workers at most: readings beyond wait their turn (the server has other work for its cores). */
const WORKERS = 2;
/**
 * An idle worker is ended after this long, giving its memory back; the next reading starts one
 * again, which costs the machine a second or two of loading.
 */
const IDLE_MS = 5 * 60_000;
/** A worker that has not loaded its code after this long (a broken install) fails its reading rather than holding it. */
const WORKER_START_MS = 60_000;
/** How often the process's memory is looked at while a reading runs. */
const MEMORY_CHECK_MS = 100;

interface Pending {
  kind: PdfTaskKind;
  input: { bytes: Uint8Array };
  timeoutMs: number;
  resolve: (reading: PdfReading<unknown>) => void;
  reject: (error: Error) => void;
}

interface Running extends Pending {
  id: number;
  startRss: number;
  timer?: NodeJS.Timeout;
}

interface Slot {
  worker: Worker;
  /** The worker has loaded its code: a reading's time runs from then, not from a cold start. */
  isReady: boolean;
  running?: Running;
  idleTimer?: NodeJS.Timeout;
}

const slots = new Set<Slot>();
const queue: Pending[] = [];
let nextId = 1;
let memoryWatch: NodeJS.Timeout | undefined;

/**
 * Reads an untrusted PDF in a worker thread, never in the event loop's: a file that would take
 * seconds or gigabytes to parse costs a worker, which a time limit, a heap limit and a watch on the
 * process's memory end, and the server keeps answering. The file's bytes are copied, the caller
 * keeps its own.
 */
export function readPdfInWorker<K extends PdfTaskKind>(
  kind: K,
  input: PdfTasks[K]['input'],
  options: { timeoutMs?: number } = {},
): Promise<PdfReading<PdfTasks[K]['output']>> {
  const timeoutMs = options.timeoutMs ?? PDF_READING_TIMEOUTS_MS[kind];
  return new Promise((resolve, reject) => {
    queue.push({ kind, input, timeoutMs, resolve: resolve as Pending['resolve'], reject });
    startNext();
  });
}

/** Ends every worker (a reading under way fails); the next reading starts them again. */
export async function stopPdfWorkers(): Promise<void> {
  await Promise.all([...slots].map((slot) => slot.worker.terminate()));
}

function startNext(): void {
  while (queue.length > 0) {
    const slot = [...slots].find((candidate) => !candidate.running) ?? (slots.size < WORKERS ? startWorker() : undefined);
    if (!slot) return;
    run(slot, queue.shift()!);
  }
}

function run(slot: Slot, pending: Pending): void {
  clearTimeout(slot.idleTimer);
  const id = nextId++;
  slot.running = { ...pending, id, startRss: process.memoryUsage.rss() };
  if (slot.isReady) startClock(slot);
  watchMemory();
  // The worker takes a copy over: the caller's bytes stay whole and usable.
  const bytes = new Uint8Array(pending.input.bytes);
  const request: PdfWorkerRequest = { id, kind: pending.kind, input: { ...pending.input, bytes } };
  slot.worker.postMessage(request, [bytes.buffer]);
}

function startClock(slot: Slot): void {
  const running = slot.running;
  if (!running) return;
  running.timer = setTimeout(() => endReading(slot, { outcome: 'tooLarge', limit: 'time' }), running.timeoutMs);
}

/** Settles the slot's reading; a reading past a limit ends the worker, whatever it was doing. */
function endReading(slot: Slot, reading: PdfReading<unknown>): void {
  const running = slot.running;
  if (!running) return;
  finish(slot);
  if (reading.outcome === 'tooLarge' && reading.limit !== 'expansion') removeSlot(slot);
  running.resolve(reading);
  startNext();
}

function finish(slot: Slot): void {
  clearTimeout(slot.running?.timer);
  slot.running = undefined;
  if (![...slots].some((other) => other.running)) {
    clearInterval(memoryWatch);
    memoryWatch = undefined;
  }
}

function removeSlot(slot: Slot): void {
  if (!slots.delete(slot)) return;
  clearTimeout(slot.idleTimer);
  void slot.worker.terminate();
}

/**
 * The heap limit does not cover buffers (decoded streams, pdf.js's arrays): a reading during which
 * the process grows past the allowance is ended as too large.
 */
function watchMemory(): void {
  memoryWatch ??= setInterval(() => {
    const rss = process.memoryUsage.rss();
    for (const slot of slots) {
      if (slot.running && rss - slot.running.startRss > PDF_READING_LIMITS.maxProcessGrowthBytes) {
        endReading(slot, { outcome: 'tooLarge', limit: 'memory' });
      }
    }
  }, MEMORY_CHECK_MS).unref();
}

function startWorker(): Slot {
  const worker = createWorker();
  worker.unref();
  const slot: Slot = { worker, isReady: false };
  slots.add(slot);
  const startLimit = setTimeout(() => {
    failSlot(slot, new Error('The PDF worker did not start in time.'));
    void worker.terminate();
  }, WORKER_START_MS).unref();
  worker.on('message', (answer: PdfWorkerAnswer | typeof PDF_WORKER_READY) => {
    if (answer === PDF_WORKER_READY) {
      clearTimeout(startLimit);
      slot.isReady = true;
      return startClock(slot);
    }
    if (slot.running?.id !== answer.id) return;
    const reading: PdfReading<unknown> =
      answer.outcome === 'read'
        ? { outcome: 'read', value: answer.value }
        : answer.outcome === 'tooLarge'
          ? { outcome: 'tooLarge', limit: answer.limit }
          : { outcome: 'unreadable', message: answer.message };
    endReading(slot, reading);
    if (!slot.running && slots.has(slot)) slot.idleTimer = setTimeout(() => removeSlot(slot), IDLE_MS).unref();
  });
  worker.on('error', (error: Error & { code?: string }) => {
    if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') return endReading(slot, { outcome: 'tooLarge', limit: 'memory' });
    failSlot(slot, error);
  });
  worker.on('exit', () => {
    clearTimeout(startLimit);
    failSlot(slot, new Error('The PDF worker stopped before it answered.'));
  });
  return slot;
}

/** The worker failed for a reason of its own (not the file's): its reading fails, and it goes. */
function failSlot(slot: Slot, error: Error): void {
  const running = slot.running;
  slots.delete(slot);
  clearTimeout(slot.idleTimer);
  if (!running) return;
  finish(slot);
  running.reject(error);
  startNext();
}

const heapLimits = { maxOldGenerationSizeMb: PDF_READING_LIMITS.maxHeapMb, maxYoungGenerationSizeMb: 32 };

/**
 * The server runs its TypeScript through tsx, whose loader a worker thread does not inherit on
 * every supported Node: a worker of a TypeScript file loads tsx itself, then its entry.
 */
function createWorker(): Worker {
  const entry = new URL(`./pdf-worker${extname(fileURLToPath(import.meta.url))}`, import.meta.url);
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { resourceLimits: heapLimits });
  const tsx = tsxLoaderUrl();
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ tsImport }) => tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}));`;
  return new Worker(bootstrap, { eval: true, resourceLimits: heapLimits });
}

/** tsx's ES module API, as its package exports it (the CommonJS one cannot load a module into a worker). */
function tsxLoaderUrl(): string {
  const packageJson = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(packageJson, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(packageJson), exports['./esm/api']!.import.default)).href;
}
