import { describe, expect, it } from 'vitest';
import { durationParts, mapPosition } from './log-format';

describe('log formats', () => {
  it('splits a duration into its largest units', () => {
    expect(durationParts(42)).toEqual({ unit: 'seconds', h: 0, m: 0, s: 42 });
    expect(durationParts(95)).toEqual({ unit: 'minutes', h: 0, m: 1, s: 35 });
    expect(durationParts(3_725)).toEqual({ unit: 'hours', h: 1, m: 2, s: 5 });
  });

  it('places a coordinate on the picture: x from the west edge, y from the north edge', () => {
    const bounds = { x_min: 0, y_min: 0, x_max: 1000, y_max: 500 };
    expect(mapPosition(250, 500, bounds)).toEqual({ left: 0.25, top: 0 });
    expect(mapPosition(1000, 0, bounds)).toEqual({ left: 1, top: 1 });
    expect(mapPosition(500, 125, bounds)).toEqual({ left: 0.5, top: 0.75 });
  });
});
