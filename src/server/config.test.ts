import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'anglerdex-config-'));

describe('loadConfig', () => {
  it('gives the embedded defaults: SQLite in DATA_DIR, port 3000, demo data auto', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.database).toEqual({ dialect: 'sqlite', file: path.join(dir, 'anglerdex.db') });
    expect([config.port, config.host, config.demoData, config.publicBaseUrl]).toEqual([
      3000,
      '127.0.0.1',
      'auto',
      'http://localhost:3000',
    ]);
    expect(config.redisUrl).toBeUndefined();
  });

  it('selects PostgreSQL from DATABASE_URL', () => {
    const config = loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'postgres://u@db:5432/x' });
    expect(config.database).toEqual({ dialect: 'postgres', url: 'postgres://u@db:5432/x' });
  });

  it('generates the JWT secret once and keeps it', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('refuses to run in production without a strong JWT secret', () => {
    const dir = tmp();
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production' })).toThrow(/JWT_SECRET is required/);
    expect(() => loadConfig({ DATA_DIR: dir, NODE_ENV: 'production', JWT_SECRET: 'short' })).toThrow(/32 bytes/);
    expect(existsSync(path.join(dir, 'jwt-secret'))).toBe(false);
  });

  it('names each invalid variable', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), PORT: 'eighty', DEMO_DATA: 'maybe' })).toThrow(/PORT[\s\S]*DEMO_DATA/);
    expect(() => loadConfig({ DATA_DIR: tmp(), DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });
});
