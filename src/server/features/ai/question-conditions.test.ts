/**
 * Reading a question's conditions (issue 26) in zh, en and ja: parts of the game day, hours and ranges (am/pm,
 * midnight as 24), weathers (the longest word wins), depths (a Latin unit only as a word, a CJK one inside a sentence),
 * and the words cut out so they do not count as intents. Pure functions, no database.
 */
import { describe, expect, it } from 'vitest';
import { inHours, meets, readConditions } from './question-conditions';

const hoursOf = (text: string) => readConditions(text).conditions.hours;

describe('readConditions', () => {
  it.each([
    ['what bait at night?', 'night', 21, 4],
    ['鲤鱼晚上用什么饵', 'night', 21, 4],
    ['鲤鱼凌晨用什么饵', 'small_hours', 1, 4],
    ['コイの夜の餌は？', 'night', 21, 4],
    ['コイの昼間の餌', 'day', 5, 20],
    ['bait during the day', 'day', 5, 20],
    ['bait at 5', null, 5, 5],
    ['bait at 5 pm', null, 17, 17],
    ['bait at 12 am', null, 24, 24],
    ['bait at 0', null, 24, 24],
    ['between 18 and 22', null, 18, 22],
    ['from 10 pm to 2 am', null, 22, 2],
    ['18-22点用什么饵', null, 18, 22],
    ['18時から22時の餌', null, 18, 22],
    ['5点用什么饵', null, 5, 5],
  ])('%s → hours', (text, part, from, to) => {
    expect(hoursOf(text)).toEqual({ part, hours: { from, to } });
  });

  it('leaves questions about time, and other numbers, without an hour', () => {
    for (const text of ['what time of day is best', '过去72時間', 'bait 3 days', 'bait at 5 m'])
      expect(hoursOf(text)).toBeNull();
  });

  it('reads weathers, the longest word first', () => {
    const weather = (text: string) => readConditions(text).conditions.weather;
    expect(weather('bait in the rain')).toEqual({
      label: 'rain',
      kinds: ['torrential_rain', 'drizzle', 'thunderstorm'],
    });
    expect(weather('小雨用什么饵')).toEqual({ label: 'drizzle', kinds: ['drizzle'] });
    expect(weather('partly cloudy bait')).toEqual({ label: 'partly_cloudy', kinds: ['partly_cloudy'] });
    expect(weather('晴れの日')).toEqual({ label: 'sunny', kinds: ['sunny'] });
    expect(weather('bait for brainy fish')).toBeNull();
  });

  it('reads depths as the bands they touch', () => {
    const depth = (text: string) => readConditions(text).conditions.depth;
    expect(depth('鲤鱼60米深用什么饵')).toEqual({ bands: ['50-100'], from: 50, to: 100 });
    expect(depth('2-5米')).toEqual({ bands: ['2-5'], from: 2, to: 5 });
    expect(depth('3 to 12 m')).toEqual({ bands: ['2-5', '5-10', '10-20'], from: 2, to: 20 });
    expect(depth('at 150 m')).toEqual({ bands: ['100+'], from: 100, to: null });
    expect(depth('水深10メートル')).toEqual({ bands: ['10-20'], from: 10, to: 20 });
    expect(depth('5 maps')).toBeNull();
  });

  it('cuts the conditions out of the text the intents are read from', () => {
    expect(readConditions('bait in the rain at night').rest.trim()).toBe('bait');
  });
});

describe('meets', () => {
  it('wraps night past midnight and checks every condition', () => {
    expect([20, 21, 24, 1, 4, 5].map((h) => inHours(h, { from: 21, to: 4 }))).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
    ]);
    const { conditions } = readConditions('at night in the rain 3 m');
    expect(meets(conditions, { game_hour: 23, weather: 'drizzle', depth: '2-5' })).toBe(true);
    expect(meets(conditions, { game_hour: 13, weather: 'drizzle', depth: '2-5' })).toBe(false);
    expect(meets(conditions, { game_hour: 23, weather: 'sunny', depth: '2-5' })).toBe(false);
    expect(meets(conditions, { game_hour: 23, weather: 'drizzle', depth: '5-10' })).toBe(false);
  });
});
