import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ port: 8080, publicUrl: 'http://localhost:8080', seedDemoData: true, databaseUrl: undefined });
  });

  it('does not seed in production unless asked', () => {
    expect(loadConfig({ NODE_ENV: 'production' }).seedDemoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
  });

  it('stops with the whole list of what is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', NODE_ENV: 'staging' })).toThrow(
      /PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/,
    );
    try {
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'not a url', NODE_ENV: 'staging' });
    } catch (error) {
      expect(String(error)).toContain('NODE_ENV');
    }
  });

  it('reads the trusted proxies as addresses and ranges, and trusts nobody without them, in production too', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,fd00::/8' }).trustedProxies).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      'fd00::/8',
    ]);
    expect(loadConfig({ NODE_ENV: 'production' }).trustedProxies).toBe(false);
    expect(loadConfig({}).trustedProxies).toBe(false);
    for (const wrong of ['', 'proxy.local', '10.0.0.0/33', '10.0.0.1/8/2', '::1/129', '10.0.0.1, nope']) {
      expect(() => loadConfig({ TRUSTED_PROXIES: wrong }), wrong).toThrow(/TRUSTED_PROXIES/);
    }
  });

  it('keeps metrics on a port of their own, and refuses a published token in production', () => {
    const token = 'a-secret-of-at-least-sixteen';
    expect(loadConfig({ METRICS_TOKEN: token })).toMatchObject({ metricsToken: token, metricsPort: 9464 });
    expect(loadConfig({ NODE_ENV: 'production', METRICS_TOKEN: token, METRICS_PORT: '9100' }).metricsPort).toBe(9100);
    expect(() => loadConfig({ METRICS_TOKEN: token, PORT: '9100', METRICS_PORT: '9100' })).toThrow(/METRICS_PORT/);
    expect(() => loadConfig({ NODE_ENV: 'production', METRICS_TOKEN: 'change-this-metrics-token' })).toThrow(/METRICS_TOKEN/);
    // Outside production the recipe's example still starts, for trying it out.
    expect(loadConfig({ METRICS_TOKEN: 'change-this-metrics-token' }).metricsToken).toBe('change-this-metrics-token');
  });

  it('goes through a transaction pooler only when told, with the direct address beside it', () => {
    const pooled = 'postgres://portal@pgbouncer:6432/portal';
    const direct = 'postgres://portal@db:5432/portal';
    // A plain address, as ever: prepared statements on, nothing bypassed.
    expect(loadConfig({ DATABASE_URL: direct })).toMatchObject({ preparedStatements: true, transactionPooler: undefined });
    expect(loadConfig({ DATABASE_URL: pooled, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: direct })).toMatchObject({
      databaseUrl: pooled,
      preparedStatements: false,
      transactionPooler: { directUrl: direct },
    });
    // PgBouncer 1.21 and later keep prepared statements (max_prepared_statements): on when asked.
    const asked = {
      DATABASE_URL: pooled,
      DATABASE_POOLER: 'transaction',
      DATABASE_DIRECT_URL: direct,
      DATABASE_PREPARED_STATEMENTS: 'true',
    };
    expect(loadConfig(asked).preparedStatements).toBe(true);
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_POOLER: 'transaction' })).toThrow(
      /DATABASE_DIRECT_URL: required with DATABASE_POOLER=transaction/,
    );
    expect(() => loadConfig({ DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: direct })).toThrow(/DATABASE_POOLER: .*DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_POOLER: 'transaction', DATABASE_DIRECT_URL: pooled })).toThrow(
      /DATABASE_DIRECT_URL: must bypass the pooler/,
    );
    expect(() => loadConfig({ DATABASE_URL: direct, DATABASE_DIRECT_URL: direct })).toThrow(/DATABASE_DIRECT_URL: only read with/);
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_POOLER: 'session' })).toThrow(/DATABASE_POOLER/);
  });

  it('reads replicas and listed primaries, and says plainly what is wrong with them', () => {
    const primaries = 'postgres://portal@db1:5432,db2:5432/portal?target_session_attrs=read-write';
    expect(
      loadConfig({ DATABASE_URL: primaries, DATABASE_READ_URLS: 'postgres://portal@r1/portal  postgres://portal@r2:5433/portal' }),
    ).toMatchObject({
      databaseUrl: primaries,
      readReplicas: { urls: ['postgres://portal@r1/portal', 'postgres://portal@r2:5433/portal'], maxLagSeconds: 5 },
    });
    // Without replicas, as ever.
    expect(loadConfig({}).readReplicas).toEqual({ urls: [], maxLagSeconds: 5 });
    expect(() => loadConfig({ DATABASE_READ_URLS: 'postgres://portal@r1/portal' })).toThrow(/DATABASE_READ_URLS: replicas of DATABASE_URL/);
    expect(() => loadConfig({ DATABASE_URL: primaries, DATABASE_READ_URLS: 'postgres://u:secret@r1,r2/portal' })).toThrow(
      /DATABASE_READ_URLS: address 1: one host per address/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@db1,db2/portal?target_session_attrs=standby' })).toThrow(
      /DATABASE_URL: target_session_attrs must be one of any, read-write, primary/,
    );
    expect(() => loadConfig({ DATABASE_URL: primaries, DATABASE_READ_MAX_LAG_SECONDS: '0' })).toThrow(/DATABASE_READ_MAX_LAG_SECONDS/);
  });
});
