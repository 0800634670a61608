// Tests that results stored with English source texts are read back as the source messages the web translates.
import { describe, expect, it } from 'vitest';
import { storedSource, withSourceMessages } from './analytics-sources';

describe('stored method sources', () => {
  it('reads each text an analysis wrote as its source message', () => {
    expect(storedSource('FAO-56 eq. 6, chapter 3 rules for missing data')).toEqual({
      key: 'source.fao56_penman_monteith',
      params: {},
    });
    expect(storedSource('FAO-56 eq. 90 (FAO-33), Table 24; daily balance eq. 85')).toEqual({
      key: 'source.fao33_yield_response',
      params: {},
    });
    expect(storedSource('FAO-56 Tables 11–12, eq. 66 (Table 11 maize (grain), June)')).toEqual({
      key: 'source.fao56_crop_coefficient',
      params: { citation: 'Table 11 maize (grain), June' },
    });
  });

  it('quotes a text no analysis wrote', () => {
    expect(storedSource('app default, no source read')).toEqual({
      key: 'source.cited',
      params: { citation: 'app default, no source read' },
    });
  });

  it('upgrades the main method and every contributing method, and leaves messages as they are', () => {
    const current = { key: 'method.hargreaves', source: { key: 'source.hargreaves', params: {} } };
    const stored = {
      confidenceScore: 0.5,
      method: { key: 'method.hargreaves', source: 'FAO-56 eq. 52' },
      methods: [{ key: 'method.hargreaves', source: 'FAO-56 eq. 52' }, current],
    };
    expect(withSourceMessages(stored)).toEqual({
      confidenceScore: 0.5,
      method: current,
      methods: [current, current],
    });
    expect(withSourceMessages({ method: current, methods: [current] })).toEqual({
      method: current,
      methods: [current],
    });
  });
});
