import { describe, expect, it } from 'vitest';
import {
  CatchItem,
  type CatchItemInput,
  HeatmapQuery,
  CATCH_BOUNDS,
  OfficialRecordItem,
  REPORT_MAX_AGE_DAYS,
  SALE_BOUNDS,
  ReportId,
  SaleItem,
  StatsQuery,
  reportTimeError,
  wireTime,
} from './catches';

const validCatch: CatchItemInput = {
  report_id: 'a1',
  caught_at: '2026-11-20T08:15:00Z',
  map_id: 3,
  fish_id: 101,
  bait_id: 7,
  bait2_id: null,
  rod_type: 'telescopic',
  star_type: 448,
  weight: 1250,
  depth: 4.5,
  direction: 'front',
  angle: 270,
  game_hour: 6,
  temperature: -2.5,
  weather: 'partly_cloudy',
  night: false,
  x: 512.25,
  y: 100,
  time_spent: 95,
};

/** The fields of the issues a value raises, as `a.b` paths. */
function failingFields(
  schema: { safeParse(v: unknown): { error?: { issues: { path: PropertyKey[] }[] } } },
  v: unknown,
) {
  return schema.safeParse(v).error?.issues.map((issue) => issue.path.join('.')) ?? [];
}

describe('CatchItem', () => {
  it('accepts a complete catch, with the second bait absent, null or a different bait', () => {
    expect(CatchItem.safeParse(validCatch).success).toBe(true);
    const { bait2_id: _none, ...withoutBait2 } = validCatch;
    expect(CatchItem.safeParse(withoutBait2).success).toBe(true);
    expect(CatchItem.safeParse({ ...validCatch, bait2_id: 8 }).success).toBe(true);
  });

  it("bounds the weight by what the game can produce (CATCH_BOUNDS), before the fish's own range", () => {
    expect(CatchItem.safeParse({ ...validCatch, weight: CATCH_BOUNDS.weight.max }).success).toBe(true);
    expect(failingFields(CatchItem, { ...validCatch, weight: CATCH_BOUNDS.weight.max + 1 })).toEqual(['weight']);
    const { report_id: _id, ...measured } = validCatch;
    const record = { ...measured, source_id: 'r1', player_name: 'Pike', weight: 2 ** 53 - 1 };
    expect(failingFields(OfficialRecordItem, record)).toEqual(['weight']);
  });

  it('refuses a sandwich of the same bait twice', () => {
    expect(failingFields(CatchItem, { ...validCatch, bait2_id: 7 })).toEqual(['bait2_id']);
  });

  it('is strict: an unknown field is an error, naming the field', () => {
    const issues = CatchItem.safeParse({ ...validCatch, player: 'x' }).error?.issues;
    expect(issues).toHaveLength(1);
    expect(issues?.[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['player'] });
  });

  it('never coerces: numbers as strings, booleans as numbers are wrong types', () => {
    expect(failingFields(CatchItem, { ...validCatch, weight: '1250', night: 0, map_id: '3' })).toEqual([
      'map_id',
      'weight',
      'night',
    ]);
  });

  it('names every missing field', () => {
    expect(failingFields(CatchItem, { report_id: 'a1' })).toEqual([
      'caught_at',
      'map_id',
      'fish_id',
      'bait_id',
      'rod_type',
      'star_type',
      'weight',
      'depth',
      'direction',
      'angle',
      'game_hour',
      'temperature',
      'weather',
      'night',
      'x',
      'y',
      'time_spent',
    ]);
  });

  it.each([
    ['star_type', 445],
    ['star_type', 453],
    ['star_type', 1],
    ['weight', 12.5],
    ['depth', 200.5],
    ['depth', -0.1],
    ['angle', 360],
    ['angle', 12.5],
    ['game_hour', 25],
    ['game_hour', -1],
    ['temperature', 50.1],
    ['temperature', -30.1],
    ['time_spent', 86_401],
    ['time_spent', -1],
    ['rod_type', 'spinning'],
    ['direction', 'left'],
    ['weather', 'snow'],
    ['map_id', 0],
  ])('refuses %s = %s', (field, value) => {
    expect(failingFields(CatchItem, { ...validCatch, [field]: value })).toEqual([field]);
  });

  it.each([
    ['star_type', 0],
    ['star_type', 446],
    ['star_type', 452],
    ['depth', 200],
    ['angle', 0],
    ['angle', 359],
    ['temperature', 50],
    ['temperature', -30],
    ['time_spent', 86_400],
    ['time_spent', 0],
    ['x', -1e6],
  ])('accepts the edge value %s = %s', (field, value) => {
    expect(CatchItem.safeParse({ ...validCatch, [field]: value }).success).toBe(true);
  });

  it('hands the writer game hour 0 as 24 and other hours unchanged', () => {
    expect(CatchItem.parse({ ...validCatch, game_hour: 0 }).game_hour).toBe(24);
    expect(CatchItem.parse({ ...validCatch, game_hour: 24 }).game_hour).toBe(24);
    expect(CatchItem.parse({ ...validCatch, game_hour: 1 }).game_hour).toBe(1);
  });

  it('reads a time with an offset into UTC, and refuses times without a zone or that do not exist', () => {
    expect(CatchItem.parse({ ...validCatch, caught_at: '2026-11-20T09:15:00+01:00' }).caught_at).toBe(
      '2026-11-20T08:15:00Z',
    );
    expect(CatchItem.parse({ ...validCatch, caught_at: '2026-11-20T08:15:00.250Z' }).caught_at).toBe(
      '2026-11-20T08:15:00.250Z',
    );
    for (const caught_at of ['2026-11-20T08:15:00', '2026-02-30T08:15:00Z', '20 Nov 2026', 1763626500000])
      expect(failingFields(CatchItem, { ...validCatch, caught_at })).toEqual(['caught_at']);
  });
});

describe('report_id', () => {
  it.each(['a', 'A-z_0.9:x', 'x'.repeat(64)])('accepts %s', (id) => {
    expect(ReportId.safeParse(id).success).toBe(true);
  });

  it.each(['', 'x'.repeat(65), 'has space', 'slash/no', 'é', 'nul\u0000'])('refuses %j', (id) => {
    expect(ReportId.safeParse(id).success).toBe(false);
  });
});

describe('SaleItem', () => {
  const sale = { report_id: 's1', sold_at: '2026-11-20T08:15:00Z', income: 1200, fish_count: 3, star_count: 1 };

  it('accepts a sale and refuses unknown fields and more trophies than fish', () => {
    expect(SaleItem.safeParse(sale).success).toBe(true);
    expect(SaleItem.safeParse({ ...sale, fish: [] }).success).toBe(false);
    expect(failingFields(SaleItem, { ...sale, star_count: 4 })).toEqual(['star_count']);
    expect(failingFields(SaleItem, { ...sale, fish_count: 0, star_count: 0 })).toEqual(['fish_count']);
  });

  it('bounds every number by what the game can produce (SALE_BOUNDS), so no day of sums loses precision', () => {
    const largest = { ...sale, income: SALE_BOUNDS.income.max, fish_count: 1_000, star_count: 1_000 };
    expect(SaleItem.safeParse(largest).success).toBe(true);
    expect(failingFields(SaleItem, { ...sale, income: 2 ** 53 - 1 })).toEqual(['income']);
    expect(failingFields(SaleItem, { ...sale, income: SALE_BOUNDS.income.max + 1 })).toEqual(['income']);
    expect(failingFields(SaleItem, { ...largest, fish_count: 1_001, star_count: 1 })).toEqual(['fish_count']);
    expect(failingFields(SaleItem, { ...largest, star_count: 1_001 })).toEqual(['star_count', 'star_count']);
  });
});

describe('OfficialRecordItem', () => {
  const record = {
    source_id: 'wr-2026-001',
    caught_at: '2026-11-20T08:15:00Z',
    map_id: 3,
    fish_id: 101,
    bait_id: 7,
    rod_type: 'standard',
    star_type: 0,
    weight: 9000,
    player_name: ' Angler ',
  };

  it('needs the record fields only, takes the other catch fields as given or null', () => {
    expect(OfficialRecordItem.parse(record).player_name).toBe('Angler');
    expect(OfficialRecordItem.safeParse({ ...record, depth: null, weather: 'sunny', x: 1, y: 2 }).success).toBe(true);
    expect(failingFields(OfficialRecordItem, { ...record, report_id: 'a1' })).toEqual(['']);
    expect(failingFields(OfficialRecordItem, { ...record, player_name: '  ' })).toEqual(['player_name']);
    expect(failingFields(OfficialRecordItem, { ...record, x: 1 })).toEqual(['y']);
  });
});

describe('reportTimeError', () => {
  const now = Date.parse('2026-11-20T08:00:00Z');

  it('allows up to 5 minutes ahead and up to 400 days back, both inclusive', () => {
    expect(reportTimeError('2026-11-20T08:05:00Z', now)).toBeNull();
    expect(reportTimeError(wireTime(now - REPORT_MAX_AGE_DAYS * 86_400_000), now)).toBeNull();
    expect(reportTimeError('2026-11-20T08:05:00.001Z', now)).toMatch(/5 minutes in the future/);
    expect(reportTimeError(wireTime(now - REPORT_MAX_AGE_DAYS * 86_400_000 - 1), now)).toMatch(/400 days old/);
  });
});

describe('read queries', () => {
  it('heat map: range or from + to, never both, from before to', () => {
    expect(HeatmapQuery.safeParse({ map_id: '3', range: '30d' }).success).toBe(true);
    // `trust` defaults to the trusted catches (decision 0039).
    expect(HeatmapQuery.parse({ map_id: '3', star_type: '448' })).toEqual({
      map_id: 3,
      star_type: 448,
      trust: 'trusted',
    });
    expect(HeatmapQuery.parse({ map_id: '3', trust: 'all' }).trust).toBe('all');
    expect(failingFields(HeatmapQuery, { map_id: '3', trust: 'hidden' })).toEqual(['trust']);
    const window = { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' };
    expect(HeatmapQuery.safeParse({ map_id: '3', ...window }).success).toBe(true);
    expect(failingFields(HeatmapQuery, { map_id: '3', range: '1d', ...window })).toEqual(['range']);
    expect(failingFields(HeatmapQuery, { map_id: '3', from: window.from })).toEqual(['to']);
    expect(failingFields(HeatmapQuery, { map_id: '3', from: window.to, to: window.from })).toEqual(['to']);
    expect(failingFields(HeatmapQuery, { map_id: '3', star_type: '447.5' })).toEqual(['star_type']);
  });

  it('stats: an IANA zone in its canonical spelling, UTC by default, unknown zones refused', () => {
    expect(StatsQuery.parse({})).toEqual({ tz: 'UTC' });
    expect(StatsQuery.parse({ tz: 'asia/shanghai' })).toEqual({ tz: 'Asia/Shanghai' });
    expect(failingFields(StatsQuery, { tz: 'Mars/Olympus' })).toEqual(['tz']);
  });
});

describe('wireTime', () => {
  it('writes the canonical UTC form', () => {
    expect(wireTime(Date.UTC(2026, 10, 20, 8, 15))).toBe('2026-11-20T08:15:00Z');
    expect(wireTime(Date.UTC(2026, 10, 20, 8, 15, 0, 5))).toBe('2026-11-20T08:15:00.005Z');
  });

  it('never throws: a stored time beyond what a Date holds is written as the nearest it holds', () => {
    expect(wireTime(2 ** 62)).toBe('+275760-09-13T00:00:00Z');
    expect(wireTime(-(2 ** 62))).toBe('-271821-04-20T00:00:00Z');
    expect(wireTime(Number.NaN)).toBe('1970-01-01T00:00:00Z');
  });
});
