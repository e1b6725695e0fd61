import { describe, expect, it } from 'vitest';
import { COMPASS_POINTS, compassPoint, normaliseAngle } from './compass';

describe('compassPoint', () => {
  it('names the 8 points at their centres', () => {
    COMPASS_POINTS.forEach((point, i) => expect(compassPoint(i * 45)).toBe(point));
  });

  it('puts the boundaries in the clockwise sector', () => {
    expect(compassPoint(337.5)).toBe('N');
    expect(compassPoint(337.4)).toBe('NW');
    expect(compassPoint(22.4)).toBe('N');
    expect(compassPoint(22.5)).toBe('NE');
    expect(compassPoint(67.5)).toBe('E');
    expect(compassPoint(359)).toBe('N');
    expect(compassPoint(200)).toBe('S');
    expect(compassPoint(250)).toBe('W');
  });

  it('normalises negative angles and angles of 360 or more', () => {
    expect(compassPoint(-45)).toBe('NW');
    expect(compassPoint(-90)).toBe('W');
    expect(compassPoint(360)).toBe('N');
    expect(compassPoint(405)).toBe('NE');
    expect(compassPoint(720 + 180)).toBe('S');
  });
});

describe('normaliseAngle', () => {
  it('maps into [0, 360)', () => {
    expect(normaliseAngle(0)).toBe(0);
    expect(normaliseAngle(-0)).toBe(0);
    expect(normaliseAngle(359)).toBe(359);
    expect(normaliseAngle(360)).toBe(0);
    expect(normaliseAngle(-10)).toBe(350);
    expect(normaliseAngle(725)).toBe(5);
  });
});
