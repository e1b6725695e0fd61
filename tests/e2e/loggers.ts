/**
 * What a player's logger does, over the API as the logger itself would: register, and show a binding code when its
 * player wants to bind it to an account (decision 0017).
 */
import { expect, type APIRequestContext } from '@playwright/test';

export interface E2eLogger {
  client_id: string;
  client_token: string;
}

export async function registerLogger(request: APIRequestContext, data: object = {}): Promise<E2eLogger> {
  const res = await request.post('/api/c_report/clients', { data });
  expect(res.status()).toBe(201);
  return (await res.json()) as E2eLogger;
}

/** A fresh one-time binding code, asked for with the logger's own token. */
export async function bindingCode(request: APIRequestContext, logger: E2eLogger): Promise<string> {
  const res = await request.post('/api/c_report/clients/binding_code', {
    headers: { authorization: `Bearer ${logger.client_token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { code: string }).code;
}
