/** Asks `check` again every 20 ms until it holds, for five seconds at most (by a clock no test stops). */
export async function until(check: () => Promise<boolean>) {
  for (const deadline = performance.now() + 5_000; !(await check());) {
    if (performance.now() > deadline) throw new Error('still not so after five seconds');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
