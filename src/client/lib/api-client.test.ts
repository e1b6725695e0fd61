import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../test/fake-api';
import { USER } from '../test/fixtures/users';
import { ApiError, SessionExpiredError, api as client, mediaUrl } from './api-client';
import { i18n, initI18n } from './i18n';
import { clearSession, getSession, registerNavigate, setSession } from './session';

function respond(status: number, body?: unknown) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  return new Response(text, { status, headers: { 'content-type': 'application/json' } });
}

/** Every request gets the same answer (200 `{}` unless a test says otherwise); the fake records what was sent. */
let api: ReturnType<typeof fakeApi>;
const answerAll = (response: () => Response | Promise<Response>) => (api = fakeApi({ '*': response }));
const lastRequest = () => api.requests.at(-1)!;

beforeEach(() => {
  answerAll(() => respond(200, {}));
  clearSession();
});

afterEach(() => {
  vi.useRealTimers();
  registerNavigate(null);
  window.history.replaceState(null, '', '/');
});

describe('api client headers', () => {
  it('sends X-Timestamp as unix seconds on every request', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-01T12:00:00.900Z'));
    answerAll(() => respond(200, { ok: true }));
    await client.get('/api/health');
    expect(lastRequest().headers['X-Timestamp']).toBe(String(Date.UTC(2025, 5, 1, 12) / 1000));
  });

  it('sends no Authorization header without a token', async () => {
    await client.get('/api/system/get_category_list');
    expect(lastRequest().headers.Authorization).toBeUndefined();
  });

  it('sends the stored token as a bearer header', async () => {
    setSession({ token: 'tok-123', userInfo: USER });
    await client.post('/api/auth/jwt/logout');
    expect(lastRequest().headers.Authorization).toBe('Bearer tok-123');
  });

  it('sends the page language as Accept-Language (the server writes its e-mails in it)', async () => {
    answerAll(() => respond(202, null));
    // Before i18n runs, the route prefix decides.
    window.history.replaceState(null, '', '/ja/user/forget-pwd');
    await client.post('/api/auth/forgot-password', { email: 'a@example.com' });
    expect(lastRequest().headers['Accept-Language']).toBe('ja');
    // Once it runs, i18n's language (which follows the route) decides.
    await initI18n('en');
    await client.post('/api/auth/forgot-password', { email: 'a@example.com' });
    expect(lastRequest().headers['Accept-Language']).toBe('en');
    await i18n.changeLanguage('zh');
    await client.get('/api/users/me');
    expect(lastRequest().headers['Accept-Language']).toBe('zh');
  });

  it('sends a given token instead of the stored one, or none for an empty one', async () => {
    setSession({ token: 'stored', userInfo: USER });
    await client.get('/api/users/me', undefined, { token: 'fresh' });
    expect(lastRequest().headers.Authorization).toBe('Bearer fresh');
    await client.post('/api/auth/jwt/login', new URLSearchParams({ username: 'a', password: 'b' }), { token: '' });
    expect(lastRequest().headers.Authorization).toBeUndefined();
    expect(lastRequest().headers['Content-Type']).toBeUndefined();
  });

  it('puts GET payloads in the query (lists repeated) and other payloads in a JSON body', async () => {
    await client.get('/api/system/get_category_list', { category_group: ['fish', 'maps'], empty: '', skip: undefined });
    expect(lastRequest().url).toBe('/api/system/get_category_list?category_group=fish&category_group=maps');
    await client.patch('/api/users/me', { nickname: 'Pike' });
    expect(lastRequest().body).toBe('{"nickname":"Pike"}');
    expect(lastRequest().headers['Content-Type']).toBe('application/json');
  });
});

describe('api client errors', () => {
  it('on 401 clears the session and goes to the language-prefixed login page with the return path', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    window.history.replaceState(null, '', '/en/query/bird-logs?fish=3');
    setSession({ token: 'expired', userInfo: USER });
    answerAll(() => respond(401, { detail: 'Unauthorized' }));

    // A SessionExpiredError: the caller knows the user has been told and shows no failure of its own.
    await expect(client.get('/api/users/me')).rejects.toBeInstanceOf(SessionExpiredError);
    expect(getSession()).toEqual({ token: '', userInfo: null });
    expect(localStorage.getItem('session')).toBeNull();
    expect(navigate).toHaveBeenCalledWith(
      `/en/user/login?redirect=${encodeURIComponent('/en/query/bird-logs?fish=3')}`,
      { replace: true },
    );
  });

  it("with unauthorized: 'clear' forgets the session on 401 but stays on the page", async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    window.history.replaceState(null, '', '/en/query/baits');
    setSession({ token: 'expired', userInfo: USER });
    answerAll(() => respond(401, { detail: 'Unauthorized' }));
    await expect(client.get('/api/users/me', undefined, { unauthorized: 'clear' })).rejects.toMatchObject({
      status: 401,
    });
    expect(getSession()).toEqual({ token: '', userInfo: null });
    expect(navigate).not.toHaveBeenCalled();
  });

  it("with unauthorized: 'ignore' leaves the session and the page alone on 401", async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    setSession({ token: 'revoked', userInfo: USER });
    answerAll(() => respond(401, { detail: 'Unauthorized' }));
    const failure = await client.post('/api/auth/jwt/logout', undefined, { unauthorized: 'ignore' }).catch((e) => e);
    // A plain 401: nothing has been said to the user, so the caller decides what to say.
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).not.toBeInstanceOf(SessionExpiredError);
    expect(getSession().token).toBe('revoked');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps a newer session when a call made with an older token gets its 401', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    setSession({ token: 'old', userInfo: USER });
    let answer: (response: Response) => void = () => {};
    answerAll(() => new Promise((resolve) => (answer = resolve)));
    const call = client.get('/api/users/me');
    await vi.waitFor(() => expect(api.requests).toHaveLength(1));
    setSession({ token: 'new', userInfo: USER });
    answer(respond(401, { detail: 'Unauthorized' }));
    await expect(call).rejects.toMatchObject({ status: 401 });
    expect(getSession().token).toBe('new');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not navigate again when the 401 happens on the login page', async () => {
    const navigate = vi.fn();
    registerNavigate(navigate);
    window.history.replaceState(null, '', '/user/login?redirect=%2F');
    answerAll(() => respond(401, { detail: 'Unauthorized' }));
    await expect(client.get('/api/users/me')).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });

  it('throws the detail text of a failed response', async () => {
    answerAll(() => respond(400, { detail: 'LOGIN_BAD_CREDENTIALS' }));
    await expect(client.post('/api/auth/jwt/login')).rejects.toMatchObject({
      message: 'LOGIN_BAD_CREDENTIALS',
      status: 400,
      data: { detail: 'LOGIN_BAD_CREDENTIALS' },
    });
  });

  it('reads detail objects and 422 lists', async () => {
    answerAll(() =>
      respond(400, {
        detail: { code: 'REGISTER_INVALID_PASSWORD', reason: 'Password must be at least 6 characters long' },
      }),
    );
    await expect(client.post('/api/auth/register')).rejects.toThrow('Password must be at least 6 characters long');
    answerAll(() => respond(422, { detail: [{ type: 'missing', loc: ['body'], msg: 'Field required' }] }));
    await expect(client.post('/api/auth/register')).rejects.toThrow('Field required');
  });

  it("says 'request error' when a failed response has no detail", async () => {
    answerAll(() => respond(500, 'Internal Server Error'));
    await expect(client.get('/api/heatmap')).rejects.toMatchObject({ message: 'request error', status: 500 });
  });

  it('fails a 2xx body that carries an error object, with its message', async () => {
    answerAll(() => respond(200, { error: { message: 'quota exceeded' } }));
    await expect(client.get('/api/anything')).rejects.toMatchObject({ message: 'quota exceeded', status: 200 });
  });

  it("fails a 2xx body with an error object without message as '响应错误'", async () => {
    answerAll(() => respond(200, { error: { code: 42 } }));
    await expect(client.get('/api/anything')).rejects.toThrow('响应错误');
  });

  it("defaults an empty error message to '未知错误'", () => {
    expect(new ApiError('', 0).message).toBe('未知错误');
  });
});

describe('mediaUrl', () => {
  it('resolves stored media paths against the API base and leaves full URLs alone', () => {
    expect(mediaUrl('/media/avatars/a.webp')).toBe('/media/avatars/a.webp');
    expect(mediaUrl('https://cdn.example/a.webp')).toBe('https://cdn.example/a.webp');
    expect(mediaUrl(null)).toBeUndefined();
    expect(mediaUrl('')).toBeUndefined();
  });
});
