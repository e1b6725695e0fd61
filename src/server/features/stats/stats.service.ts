/**
 * Personal stats (docs/catch-data-api.md §5, docs/product-requirements.md §2 "user stats"): today's income and trophy
 * count in the user's time zone, the change versus yesterday, recent catches and the data after selling, and all time
 * the total, the personal best of each fish and the trophies, all of the user's bound logger. No bound logger: zeros
 * and empty lists.
 */
import {
  type BirdLogItem,
  STATS_RECENT_LIMIT,
  STATS_RECENT_TROPHIES_LIMIT,
  type StatsResponse,
} from '#shared/contracts/catches';
import type { User } from '../../accounts/users.repository';
import type { AllTimeRepository } from './all-time.repository';
import { distinctGroups, personalBests, totalCatches, trophyCounts, trophyItem } from './all-time-stats';
import type { StatsRepository } from './stats.repository';
import { dayBounds } from './zoned-days';

/** A logger's newest catches: the logs' own listing, so the stats show catches exactly as the logs do. */
export interface RecentCatches {
  recentCatchesOf(loggerId: string, limit: number): Promise<BirdLogItem[]>;
}

/** Today versus yesterday in percent, to one decimal; null when yesterday was 0 (no base to compare with). */
export function changePct(today: number, yesterday: number): number | null {
  if (yesterday === 0) return null;
  return Math.round(((today - yesterday) / yesterday) * 1000) / 10;
}

export class StatsService {
  constructor(
    private readonly repository: StatsRepository,
    private readonly allTime: AllTimeRepository,
    private readonly catches: RecentCatches,
    private readonly clock: () => number = Date.now,
  ) {}

  async statsOf(user: User, zone: string): Promise<StatsResponse> {
    const loggerId = user.client_id;
    if (!loggerId) {
      return {
        tz: zone,
        today_income: 0,
        yesterday_income: 0,
        income_change_pct: null,
        today_star_count: 0,
        yesterday_star_count: 0,
        star_change_pct: null,
        recent_catches: [],
        recent_sales: [],
        total_catches: 0,
        personal_bests: [],
        trophy_counts: trophyCounts([]),
        recent_trophies: [],
      };
    }
    const days = dayBounds(zone, this.clock());
    const periods = { from: days.yesterday, split: days.today, to: days.tomorrow };
    const [income, stars, recentCatches, recentSales, allTime] = await Promise.all([
      this.repository.incomeIn(loggerId, periods),
      this.repository.starsIn(loggerId, periods),
      this.catches.recentCatchesOf(loggerId, STATS_RECENT_LIMIT),
      this.repository.recentSales(loggerId, STATS_RECENT_LIMIT),
      this.allTimeOf(loggerId),
    ]);
    return {
      tz: zone,
      today_income: income.second,
      yesterday_income: income.first,
      income_change_pct: changePct(income.second, income.first),
      today_star_count: stars.second,
      yesterday_star_count: stars.first,
      star_change_pct: changePct(stars.second, stars.first),
      recent_catches: recentCatches,
      recent_sales: recentSales,
      ...allTime,
    };
  }

  /** One grouped read with each group's heaviest catch, then the newest trophies if there are any. */
  private async allTimeOf(loggerId: string) {
    const groups = distinctGroups(await this.allTime.groupsOf(loggerId));
    const trophies = trophyCounts(groups);
    const newest = trophies.some((trophy) => trophy.count > 0)
      ? await this.allTime.newestTrophies(loggerId, STATS_RECENT_TROPHIES_LIMIT)
      : [];
    return {
      total_catches: totalCatches(groups),
      personal_bests: personalBests(groups),
      trophy_counts: trophies,
      recent_trophies: newest.map(trophyItem),
    };
  }
}
