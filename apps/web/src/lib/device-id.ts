/**
 * The spec's DeviceId: a hash of browser and device traits, so the server can tell a
 * known device from a new one. Not a secret and not a tracker: the traits are the ones
 * any page can read. Synchronous (no SubtleCrypto) because plain-HTTP deployments have none.
 */
export function computeDeviceId(): string {
  const traits = [
    navigator.userAgent,
    navigator.language,
    navigator.hardwareConcurrency,
    window.screen.width,
    window.screen.height,
    window.screen.colorDepth,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  ].join('|');
  return hashText(traits);
}

/** cyrb53: a fast, well-spread 53-bit string hash. */
function hashText(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(16).padStart(14, '0');
}
