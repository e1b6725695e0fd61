/**
 * The AI chat's rules (docs/design.md §5, docs/product-requirements.md §6 and §9): who may ask now (visitors by IP and
 * non-VIP users get AI_FREE_PER_MINUTE questions in a fixed one-minute window of the shared counters; VIP members are
 * not counted), the built-in answer, the optional model's rephrasing of it (AI_CONCURRENCY calls at once, VIP first, a
 * deadline, and a check that it cites no number of its own), and the record of every question answered.
 */
import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  AI_HISTORY_LIMIT,
  AI_QUOTA_WINDOW_SECONDS,
  AI_RATE_LIMITED,
  type AiEngine,
  type AiFallback,
  type AiHistoryResponse,
  type AiQuotaResponse,
  type AskResponse,
} from '#shared/contracts/ai';
import type { User } from '../../accounts/users.repository';
import { DomainError } from '../../domain-error';
import type { CounterStore } from '../../counter-store';
import type { AiRepository } from './ai.repository';
import type { BuiltAnswer, BuiltinAnswerer } from './builtin-answerer';
import { askModel, citesOnly, type ModelSettings } from './model-client';
import { ModelGate } from './model-gate';

const WINDOW_MS = AI_QUOTA_WINDOW_SECONDS * 1000;

/** Whether a user is a VIP member now (the user row's `vip_expire_at`, as the VIP feature keeps it). */
export interface AiMembership {
  isVip(user: User): boolean;
}

/** Who asks: the signed-in user, or a visitor known only by the address. */
export interface Asker {
  user: User | null;
  ip: string;
}

export interface AiSettings extends ModelSettings {
  provider: 'builtin' | 'openai';
  freePerMinute: number;
  concurrency: number;
  timeoutMs: number;
}

export interface AiServiceDeps {
  answerer: BuiltinAnswerer;
  repository: AiRepository;
  counters: CounterStore;
  membership: AiMembership;
  settings: AiSettings;
  /** Key of the visitors' address hashes (stored instead of the address). */
  ipHashKey: string;
  log: FastifyBaseLogger;
  /** Told of every question answered: the engine that phrased it and the fallback taken (the metrics). */
  onAnswered?: (engine: AiEngine, fallback: AiFallback | null) => void;
}

export class AiService {
  /** The model's concurrency gate; `load` shows how busy it is. */
  readonly gate: ModelGate;

  constructor(private readonly deps: AiServiceDeps) {
    this.gate = new ModelGate(deps.settings.concurrency);
  }

  async ask(question: string, asker: Asker): Promise<AskResponse> {
    const started = Date.now();
    const vip = this.isVip(asker);
    const remaining = vip ? null : await this.admit(asker);

    const built = await this.deps.answerer.answer(question);
    const phrased = await this.phrase(question, built, vip);
    const latency = Date.now() - started;
    await this.deps.repository.record({
      user_id: asker.user?.id ?? null,
      ip_hash: asker.user ? null : this.ipHash(asker.ip),
      question,
      answer: phrased.answer,
      engine: phrased.engine,
      fallback: phrased.fallback,
      language: built.language,
      fish_id: built.fishId,
      latency_ms: latency,
      created_at: started,
      fact_count: built.facts.length,
    });
    this.deps.onAnswered?.(phrased.engine, phrased.fallback);
    return {
      answer: phrased.answer,
      facts: built.facts,
      links: built.links,
      engine: phrased.engine,
      fallback: phrased.fallback,
      language: built.language,
      fish_id: built.fishId,
      map_id: built.mapId,
      intents: built.intents,
      suggestions: built.suggestions,
      remaining,
    };
  }

  /** What is left of this minute's questions, without asking one. */
  async quota(asker: Asker): Promise<AiQuotaResponse> {
    if (this.isVip(asker)) return { vip: true, limit: null, remaining: null, retry_after: null };
    const limit = this.deps.settings.freePerMinute;
    const count = await this.deps.counters.peek(this.quotaKey(asker));
    const used = count?.count ?? 0;
    const remaining = Math.max(0, limit - used);
    return {
      vip: false,
      limit,
      remaining,
      retry_after: remaining === 0 && count ? Math.min(AI_QUOTA_WINDOW_SECONDS, count.retryAfter) : null,
    };
  }

  /** The fish a question names now, with the catalogue's names and the fish aliases (the moderation console). */
  fishOf(question: string): Promise<number | null> {
    return this.deps.answerer.fishOf(question);
  }

  async history(user: User): Promise<AiHistoryResponse> {
    return { items: await this.deps.repository.historyOf(user.id, AI_HISTORY_LIMIT) };
  }

  private isVip(asker: Asker): boolean {
    return asker.user !== null && this.deps.membership.isVip(asker.user);
  }

  private quotaKey(asker: Asker): string {
    // Fixed-length keys: a user id is a UUID, an address is hashed (an IPv6 address is long, and keys are logged).
    return asker.user ? `ai:user:${asker.user.id}` : `ai:ip:${this.ipHash(asker.ip)}`;
  }

  /**
   * Counts the question in the asker's window: one atomic increment (in memory or Redis), so however many arrive
   * at once, exactly `freePerMinute` of them get a count within the quota. The rest answer 429 with the seconds
   * left in the window.
   */
  private async admit(asker: Asker): Promise<number> {
    const limit = this.deps.settings.freePerMinute;
    const count = await this.deps.counters.hit(this.quotaKey(asker), WINDOW_MS);
    if (count.count > limit) {
      throw new DomainError('rate-limited', AI_RATE_LIMITED, {
        retryAfter: Math.min(AI_QUOTA_WINDOW_SECONDS, count.retryAfter),
      });
    }
    return Math.max(0, limit - count.count);
  }

  private ipHash(ip: string): string {
    return createHmac('sha256', this.deps.ipHashKey).update(ip).digest('hex');
  }

  /**
   * The model's answer when the provider is `openai`, the built-in one otherwise. Only an answer with facts is sent
   * to the model (there is nothing to rephrase in "no such fish"). The deadline covers the wait for a place at the
   * gate and the call itself.
   */
  private async phrase(
    question: string,
    built: BuiltAnswer,
    vip: boolean,
  ): Promise<{ answer: string; engine: AiEngine; fallback: AiFallback | null }> {
    const { settings, log } = this.deps;
    const builtin = { answer: built.answer, engine: 'builtin' as const };
    if (settings.provider !== 'openai' || built.facts.length === 0) return { ...builtin, fallback: null };

    const signal = AbortSignal.timeout(settings.timeoutMs);
    let release: (() => void) | null = null;
    try {
      release = await this.gate.acquire(vip, signal);
      const facts = built.facts.map((fact) => fact.text);
      const reply = await askModel(
        settings,
        { question, language: built.language, facts, draft: built.answer },
        signal,
      );
      if (!citesOnly(reply, [...facts, built.answer, question])) {
        log.warn({ reply }, 'AI model cited a number not among the facts; built-in answer sent');
        return { ...builtin, fallback: 'invented_number' };
      }
      return { answer: reply, engine: 'openai', fallback: null };
    } catch (error) {
      const timedOut = signal.aborted;
      log.warn({ err: error }, timedOut ? 'AI model timed out' : 'AI model failed');
      return { ...builtin, fallback: timedOut ? 'timeout' : 'error' };
    } finally {
      release?.();
    }
  }
}
