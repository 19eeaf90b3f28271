export interface DownloadMeasurement {
  status: number;
  firstByteMs: number;
  totalMs: number;
  bytes: number;
  /** Resident memory of this process (which runs the server) before the call and at its highest during it. */
  rssBeforeMb: number;
  peakRssMb: number;
}

const MB = 1024 * 1024;

/** Times one download over real HTTP, to its first byte and to its last, and samples memory while it streams. */
export async function measureDownload(url: string, init: RequestInit): Promise<DownloadMeasurement> {
  const rssBefore = process.memoryUsage.rss();
  let peakRss = rssBefore;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, 20);
  try {
    const start = performance.now();
    const response = await fetch(url, init);
    const reader = response.body!.getReader();
    let firstByteMs = NaN;
    let bytes = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      if (bytes === 0) firstByteMs = performance.now() - start;
      bytes += chunk.value.byteLength;
    }
    const totalMs = performance.now() - start;
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
    return { status: response.status, firstByteMs, totalMs, bytes, rssBeforeMb: rssBefore / MB, peakRssMb: peakRss / MB };
  } finally {
    clearInterval(sampler);
  }
}
