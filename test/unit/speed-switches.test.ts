import { describe, expect, it } from 'vitest';
import { SPEED_TRICKS, switchedOff } from '../../lib/speed/switches';

describe('SPEED_TRICKS_OFF', () => {
  it('turns off the named tricks, all of them with "all", none when unset', () => {
    // Act
    const named = switchedOff(' early-read, json-parts ');
    const all = switchedOff('all');
    const none = switchedOff(undefined);

    // Assess
    expect([...named]).toEqual(['early-read', 'json-parts']);
    expect([...all].sort()).toEqual(Object.keys(SPEED_TRICKS).sort());
    expect(none.size).toBe(0);
  });

  it('refuses a name it does not know, so a typo cannot measure nothing', () => {
    // Act / Assess
    expect(() => switchedOff('early-reads')).toThrow(/unknown early-reads/);
  });
});
