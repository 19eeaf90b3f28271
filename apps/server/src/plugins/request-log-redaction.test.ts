import { describe, expect, it } from 'vitest';
import { redactSecretQueryParameters } from './request-log-redaction.js';

describe('addresses in the request log', () => {
  it('replaces the value of every token parameter, whatever its case or encoding, and keeps the rest', () => {
    expect(redactSecretQueryParameters('/api/v1/digest/unsubscribe?token=12.345.abc')).toBe('/api/v1/digest/unsubscribe?token=[redacted]');
    expect(redactSecretQueryParameters('/x?a=1&TOKEN=s&tok%65n=s&b=2&token')).toBe(
      '/x?a=1&TOKEN=[redacted]&tok%65n=[redacted]&b=2&token=[redacted]',
    );
    expect(redactSecretQueryParameters('/x?tokens=kept&page=2')).toBe('/x?tokens=kept&page=2');
    expect(redactSecretQueryParameters('/no/query')).toBe('/no/query');
  });
});
