/**
 * The catch logs and official records (docs/catch-data-api.md §2): query strings into filters, and `mine` into the
 * current user's own rows. Bird logs: the catches of the user's bound logger. Official records: the records whose
 * player name is the one that logger registered with. Without a bound logger (or a logger without a player name) `mine`
 * matches nothing: an empty page, which the page turns into a prompt to bind one.
 */
import type {
  BirdLogItem,
  BirdLogPage,
  BirdLogQuery,
  OfficialLogItem,
  OfficialLogPage,
  OfficialLogQuery,
} from '#shared/contracts/catches';
import type { User } from '../../accounts/users.repository';
import type { LogFilters, LogsRepository, Paging } from './logs.repository';

function sharedFilters(query: BirdLogQuery | OfficialLogQuery): LogFilters {
  return {
    map_id: query.map_id,
    fish_id: query.fish_id,
    bait_id: query.bait_id,
    star_type: query.star_type,
    rod_type: query.rod_type,
    from: query.from === undefined ? undefined : Date.parse(query.from),
    to: query.to === undefined ? undefined : Date.parse(query.to),
  };
}

function emptyPage({ page, page_size }: Paging) {
  return { items: [], total: 0, page, page_size, total_exact: true };
}

export class LogsService {
  constructor(private readonly repository: LogsRepository) {}

  /** `user` is the current user when `mine` is asked (the route has made sure there is one). */
  async birdLogs(query: BirdLogQuery, user: User | null): Promise<BirdLogPage> {
    const paging = { page: query.page, page_size: query.page_size };
    let loggerId: string | undefined;
    if (query.mine) {
      if (!user?.client_id) return emptyPage(paging);
      loggerId = user.client_id;
    }
    const spot = { x_min: query.x_min, x_max: query.x_max, y_min: query.y_min, y_max: query.y_max };
    const result = await this.repository.listCatches({ ...sharedFilters(query), ...spot, client_id: loggerId }, paging);
    return { items: result.items, total: result.total, ...paging, total_exact: result.total_exact };
  }

  birdLog(id: number): Promise<BirdLogItem | null> {
    return this.repository.findCatch(id);
  }

  /** A logger's newest catches (the personal stats' recent catches). */
  async recentCatchesOf(loggerId: string, limit: number): Promise<BirdLogItem[]> {
    return (await this.repository.listCatches({ client_id: loggerId }, { page: 1, page_size: limit })).items;
  }

  async officialLogs(query: OfficialLogQuery, user: User | null): Promise<OfficialLogPage> {
    const paging = { page: query.page, page_size: query.page_size };
    let playerName: string | undefined;
    if (query.mine) {
      const name = user?.client_id ? await this.repository.playerNameOf(user.client_id) : null;
      if (!name) return emptyPage(paging);
      playerName = name;
    }
    const result = await this.repository.listRecords(
      { ...sharedFilters(query), category: query.category, player_name: playerName },
      paging,
    );
    return { items: result.items, total: result.total, ...paging, total_exact: result.total_exact };
  }

  officialLog(id: number): Promise<OfficialLogItem | null> {
    return this.repository.findRecord(id);
  }
}
