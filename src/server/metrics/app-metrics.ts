/**
 * The app's Prometheus instruments, named once (decision 0027). Features call these small methods and never import
 * prom-client: what they report stays a sentence in their own words ("a kept answer was served"), and how it is
 * counted, labelled and bounded is decided here. Each app has its own registry, so the test apps of one process
 * never share a counter, and `/metrics` (plugins/metrics.ts, metrics-server.ts) reads it.
 *
 * Every label has a bounded set of values: route patterns (never URLs), statuses, an item field from the contracts,
 * engines and fallbacks from the AI contract, order statuses from the database's few.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { CatchItem, type ItemError, type ItemStatus, OfficialRecordItem, SaleItem } from '#shared/contracts/catches';
import type { AiEngine, AiFallback } from '#shared/contracts/ai';
import type { GroupCommitObserver } from '../catch-store/catch-store';

/** What an upload route was given: catches and sales from loggers, official records from the import. */
export type IngestedKind = 'catch' | 'sale' | 'record';

/** The kept answers of the heat map and the bait guide (decision 0015). */
export type KeptAnswerKind = 'heatmap' | 'bait_guide' | 'bait_guide_detail';

/** How a feature reports that it served a kept answer or counted a new one. */
export interface KeptAnswerObserver {
  hit(): void;
  recount(): void;
}

/** The label of every request that matched no route: 404s of any URL collapse into one series. */
export const UNMATCHED_ROUTE = 'unmatched';

/** The fields of the upload items (their contracts' keys): the refusal reasons a label may name. */
const ITEM_FIELDS: ReadonlySet<string> = new Set(
  [CatchItem, SaleItem, OfficialRecordItem].flatMap((item) => Object.keys(item.shape)),
);

/**
 * The refusal reason of an invalid item: the top-level field of its first error, or `item` for the item as a whole.
 * A field is named only when the contracts know it, so a client inventing keys cannot grow the label's values.
 */
function refusalReason(errors: readonly { field: string }[] | undefined): string {
  const field = errors?.[0]?.field.split(/[.[]/, 1)[0] ?? '';
  return ITEM_FIELDS.has(field) ? field : 'item';
}

export class AppMetrics {
  readonly registry = new Registry();
  private defaultsOn = false;

  private readonly requestDuration = new Histogram({
    name: 'anglerdex_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status: duration in seconds (the _count is the requests)',
    labelNames: ['method', 'route', 'status'] as const,
    // From a kept answer (a millisecond) to a full upload batch's commit (p99 budget 2 s).
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  private readonly ingested = new Counter({
    name: 'anglerdex_ingested_items_total',
    help: 'Upload items by kind and outcome (created, duplicate, refused), refused ones by the field refused',
    labelNames: ['kind', 'outcome', 'reason'] as const,
    registers: [this.registry],
  });

  private readonly queueDepth = new Gauge({
    name: 'anglerdex_commit_queue_depth',
    help: 'Batches waiting for the next group commit, by table',
    labelNames: ['table'] as const,
    registers: [this.registry],
  });

  private readonly groupCommit = new Histogram({
    name: 'anglerdex_group_commit_duration_seconds',
    help: "One group commit's transaction (committed or failed), by table, in seconds",
    labelNames: ['table'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });

  private readonly keptAnswers = new Counter({
    name: 'anglerdex_kept_answers_total',
    help: 'Heat map and bait guide answers: served kept (hit) or counted anew (recount)',
    labelNames: ['answer', 'result'] as const,
    registers: [this.registry],
  });

  private readonly aiQuestions = new Counter({
    name: 'anglerdex_ai_questions_total',
    help: 'AI questions answered, by the engine that phrased the answer and the fallback taken (none)',
    labelNames: ['engine', 'fallback'] as const,
    registers: [this.registry],
  });

  private readonly overloadRefusals = new Counter({
    name: 'anglerdex_overload_refusals_total',
    help: 'Requests answered 503 SERVER_OVERLOADED, by what was over its threshold',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });

  /**
   * Node's own metrics (event-loop lag, heap, GC, handles) from prom-client, only on an app that serves `/metrics`:
   * their observers live as long as the process, which the many test apps of a run have no use for.
   */
  collectProcessMetrics(): void {
    if (this.defaultsOn) return;
    this.defaultsOn = true;
    collectDefaultMetrics({ register: this.registry });
  }

  /** One answered request; `route` is the route's pattern, or UNMATCHED_ROUTE. */
  request(method: string, route: string, status: number, seconds: number): void {
    this.requestDuration.observe({ method, route, status: String(status) }, seconds);
  }

  /**
   * An upload's answer, every item counted: added up per outcome first, so a 500-item batch (nearly all `created`)
   * costs the counter one or two label lookups on the upload path, not 500.
   */
  ingestion(kind: IngestedKind, answer: { results: readonly { status: ItemStatus; errors?: ItemError[] }[] }): void {
    const counts = new Map<string, number>();
    for (const result of answer.results) {
      const label = result.status === 'invalid' ? `refused ${refusalReason(result.errors)}` : `${result.status} none`;
      counts.set(label, (counts.get(label) ?? 0) + 1);
    }
    for (const [label, count] of counts) {
      const [outcome, reason] = label.split(' ') as [string, string];
      this.ingested.inc({ kind, outcome, reason }, count);
    }
  }

  /** The observer a group-commit queue of `table` reports to. */
  commitQueue(table: string): GroupCommitObserver {
    const labels = { table };
    // Present from the start: a scrape before the first upload shows an empty queue, not a missing series.
    this.queueDepth.set(labels, 0);
    return {
      depth: (waiting) => this.queueDepth.set(labels, waiting),
      committed: (ms) => this.groupCommit.observe(labels, ms / 1000),
    };
  }

  /** The observer of one kind of kept answer. */
  keptAnswer(answer: KeptAnswerKind): KeptAnswerObserver {
    return {
      hit: () => this.keptAnswers.inc({ answer, result: 'hit' }),
      recount: () => this.keptAnswers.inc({ answer, result: 'recount' }),
    };
  }

  aiQuestion(engine: AiEngine, fallback: AiFallback | null): void {
    this.aiQuestions.inc({ engine, fallback: fallback ?? 'none' });
  }

  /** A request refused by the overload guard (plugins/overload.ts); `reason` is under-pressure's check type. */
  overloaded(reason: string): void {
    this.overloadRefusals.inc({ reason });
  }

  /** The live catalogue version, read at each scrape (one index read). */
  catalogueVersion(read: () => Promise<number>): void {
    new Gauge({
      name: 'anglerdex_catalogue_version',
      help: 'The live catalogue version (0: none applied)',
      registers: [this.registry],
      async collect() {
        this.set(await read());
      },
    });
  }

  /** VIP orders per status, counted at each scrape (a grouped count over a small table). */
  ordersByStatus(read: () => Promise<{ status: string; count: number }[]>): void {
    new Gauge({
      name: 'anglerdex_orders',
      help: 'VIP orders by stored status (pending, paid, failed, canceled, refunded; expired orders count as pending)',
      labelNames: ['status'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const { status, count } of await read()) this.set({ status }, count);
      },
    });
  }

  /** The exposition text of every metric, and its content type. */
  async scrape(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
