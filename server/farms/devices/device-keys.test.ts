// Device keys: the hint shown for a key, the device id a key names, and the constant-time hash check.
import { describe, expect, it } from 'vitest';
import { deviceIdOfKey, deviceKey, hashKey, keyMatches } from './device-keys';

const secret = 'AbCd_efghijklmnopqrstuvwxyz0123456789-_x_yz';

describe('deviceKey', () => {
  it('hints at the first 4 characters of the secret only, whatever underscores the secret holds', () => {
    // base64url secrets contain `_`; one near the end once made the hint the whole key.
    const { key, keyHint } = deviceKey(42, secret);
    expect(key).toBe(`trd_42_${secret}`);
    expect(keyHint).toBe('trd_42_AbCd…');
    expect(keyHint).not.toContain(secret.slice(4));
  });
});

describe('deviceIdOfKey', () => {
  it('reads the id of a well-formed key, and nothing of a malformed one or an id past int4', () => {
    expect(deviceIdOfKey(deviceKey(42, secret).key)).toBe(42);
    expect(deviceIdOfKey('nonsense')).toBeNull();
    expect(deviceIdOfKey(`trd_42_${secret.slice(1)}`)).toBeNull();
    expect(deviceIdOfKey(`trd_2147483648_${secret}`)).toBeNull();
  });
});

describe('keyMatches', () => {
  it('matches a key to its own hash only; no hash, or the placeholder of a device being made, matches nothing', () => {
    const { key } = deviceKey(42, secret);
    expect(keyMatches(hashKey(key), key)).toBe(true);
    expect(keyMatches(hashKey(key), `${key.slice(0, -2)}xx`)).toBe(false);
    expect(keyMatches(undefined, key)).toBe(false);
    expect(keyMatches('', key)).toBe(false);
  });
});
