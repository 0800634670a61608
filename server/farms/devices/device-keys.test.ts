import { describe, expect, it } from 'vitest';
import { deviceKey } from './device-keys';

describe('deviceKey', () => {
  it('hints at the first 4 characters of the secret only, whatever underscores the secret holds', () => {
    // base64url secrets contain `_`; one near the end once made the hint the whole key.
    const secret = 'AbCd_efghijklmnopqrstuvwxyz0123456789-_x_yz';
    const { key, keyHint } = deviceKey(42, secret);
    expect(key).toBe(`trd_42_${secret}`);
    expect(keyHint).toBe('trd_42_AbCd…');
    expect(keyHint).not.toContain(secret.slice(4));
  });
});
