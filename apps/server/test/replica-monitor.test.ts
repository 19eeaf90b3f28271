import { describe, expect, it } from 'vitest';
import { parseDatabaseAddress, databaseAddressProblem } from '../src/db/database-address.js';
import { createReplicaMonitor, type MonitoredReplica } from '../src/db/read-replicas/replica-monitor.js';
import { lastRecordEnd, walPosition, walPositionText } from '../src/db/read-replicas/wal-position.js';
import { standbyCanAnswer } from '../src/db/read-replicas/standby-reads.js';

/** A replica whose answers the test sets, on a clock the test moves. */
function scene(maxLagSeconds = 5) {
  let clock = 1_000_000;
  let primary = '0/1000';
  const replicas = [
    { inRecovery: true, replayed: '0/1000' as string | null, fails: false },
    { inRecovery: true, replayed: '0/1000' as string | null, fails: false },
  ];
  const monitored: MonitoredReplica[] = replicas.map((replica) => ({
    readPosition: () => (replica.fails ? Promise.reject(new Error('refused')) : Promise.resolve({ ...replica })),
  }));
  const monitor = createReplicaMonitor({
    replicas: monitored,
    primaryPosition: () => Promise.resolve(primary),
    maxLagSeconds,
    checkEveryMs: 1_000,
    answerWithinMs: 500,
    now: () => clock,
  });
  return {
    monitor,
    replicas,
    setPrimary: (position: string) => (primary = position),
    advance: (seconds: number) => (clock += seconds * 1_000),
  };
}

describe('the replica monitor', () => {
  it('counts a caught-up replica usable with no lag, and takes usable replicas in turn', async () => {
    const { monitor } = scene();
    await monitor.checkNow();
    expect(monitor.states().map((state) => [state.condition, state.lagSeconds])).toEqual([
      ['usable', 0],
      ['usable', 0],
    ]);
    expect([monitor.pick(null), monitor.pick(null), monitor.pick(null)]).toEqual([0, 1, 0]);
  });

  it('measures lag from when the primary first went past what a replica replayed, and skips it past the bound', async () => {
    const { monitor, replicas, setPrimary, advance } = scene(5);
    await monitor.checkNow();
    setPrimary('0/2000');
    replicas[1]!.replayed = '0/2000';
    await monitor.checkNow();
    advance(3);
    await monitor.checkNow();
    expect(monitor.states()[0]).toMatchObject({ condition: 'usable', lagSeconds: 3 });
    advance(3);
    await monitor.checkNow();
    expect(monitor.states()[0]).toMatchObject({ condition: 'lagging', lagSeconds: 6 });
    expect(monitor.states()[1]).toMatchObject({ condition: 'usable', lagSeconds: 0 });
    expect(monitor.pick(null)).toBe(1);
    replicas[0]!.replayed = '0/2000';
    await monitor.checkNow();
    expect(monitor.states()[0]).toMatchObject({ condition: 'usable', lagSeconds: 0 });
  });

  it('serves nothing from a replica behind every position it has seen of the primary, until its lag can be told', async () => {
    const { monitor, replicas, setPrimary, advance } = scene(5);
    setPrimary('0/5000');
    replicas[0]!.replayed = '0/1000';
    replicas[1]!.replayed = '0/5000';
    await monitor.checkNow();
    expect(monitor.states()[0]).toMatchObject({ condition: 'lagging', lagSeconds: 0 });
    expect(monitor.pick(null)).toBe(1);
    // Once past the first position seen, its lag is measured from when the primary passed it.
    advance(1);
    setPrimary('0/6000');
    replicas[0]!.replayed = '0/5000';
    await monitor.checkNow();
    expect(monitor.states()[0]).toMatchObject({ condition: 'usable', lagSeconds: 0 });
  });

  it('counts a replica stopped just before the page header an idle primary stands past as caught up', async () => {
    const { monitor, replicas, setPrimary } = scene();
    // A segment switched on an idle primary: its insert position is past the new segment's long header.
    setPrimary('0/3000028');
    replicas[0]!.replayed = '0/3000000';
    replicas[1]!.replayed = '0/2FFFFF0';
    await monitor.checkNow();
    expect(monitor.states().map((state) => state.condition)).toEqual(['usable', 'lagging']);
    // A floor taken there is met too, and one a byte further is not.
    expect(monitor.pick(walPosition('0/3000028'))).toBe(0);
    expect(monitor.pick(walPosition('0/3000029'))).toBeNull();
    expect(lastRecordEnd(walPosition('0/2002018'))).toBe(walPosition('0/2002000'));
    expect(lastRecordEnd(walPosition('0/2002019'))).toBe(walPosition('0/2002019'));
  });

  it("serves a person's read only from a replica that has replayed their last write", async () => {
    const { monitor, replicas, setPrimary } = scene();
    setPrimary('0/3000');
    replicas[0]!.replayed = '0/2FFF';
    replicas[1]!.replayed = '0/3000';
    await monitor.checkNow();
    expect(monitor.pick(walPosition('0/3000'))).toBe(1);
    expect(monitor.pick(walPosition('0/3000'))).toBe(1);
    expect(monitor.pick(walPosition('0/3001'))).toBeNull();
  });

  it('counts a replica that does not answer down, and one that left recovery promoted; neither serves', async () => {
    const { monitor, replicas } = scene();
    replicas[0]!.fails = true;
    replicas[1]!.inRecovery = false;
    replicas[1]!.replayed = null;
    await monitor.checkNow();
    expect(monitor.states().map((state) => state.condition)).toEqual(['down', 'promoted']);
    expect(monitor.anyUsable()).toBe(false);
    expect(monitor.pick(null)).toBeNull();
    replicas[0]!.fails = false;
    await monitor.checkNow();
    expect(monitor.pick(null)).toBe(0);
    monitor.markDown(0);
    expect(monitor.pick(null)).toBeNull();
  });
});

describe('WAL positions and database addresses', () => {
  it('reads and writes positions as PostgreSQL does', () => {
    expect(walPosition('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(walPositionText(walPosition('16/B374D848'))).toBe('16/B374D848');
    expect(() => walPosition('nonsense')).toThrow();
  });

  it('reads listed hosts and the kind of session asked for, as libpq writes them', () => {
    const address = parseDatabaseAddress(
      'postgres://portal:secret@db1:5433,[::1],db3/portal?target_session_attrs=read-write&sslmode=disable',
    );
    expect(address.hosts).toEqual([
      { host: 'db1', port: 5433 },
      { host: '::1', port: 5432 },
      { host: 'db3', port: 5432 },
    ]);
    expect(address.targetSessionAttrs).toBe('read-write');
    expect(address.hostUrls).toEqual([
      'postgres://portal:secret@db1:5433/portal?sslmode=disable',
      'postgres://portal:secret@[::1]/portal?sslmode=disable',
      'postgres://portal:secret@db3/portal?sslmode=disable',
    ]);
    expect(parseDatabaseAddress('postgres://u@h/db').targetSessionAttrs).toBe('any');
  });

  it('says what is wrong with an address', () => {
    expect(databaseAddressProblem('mysql://h/db')).toBe('a postgres:// address');
    expect(databaseAddressProblem('postgres://u@h:99999/db')).toMatch(/host/);
    expect(databaseAddressProblem('postgres://u@h/db?target_session_attrs=standby')).toMatch(/target_session_attrs/);
    expect(databaseAddressProblem('postgres://u@h1,h2/db', { oneHost: true })).toBe('one host per address');
    expect(databaseAddressProblem('postgresql://u@h1:5432,h2:5432/db?target_session_attrs=read-write')).toBeNull();
  });
});

describe('statements a standby can answer', () => {
  it('takes single reads, WITH reads included, and nothing that writes, locks or acts', () => {
    expect(standbyCanAnswer('select 1')).toBe(true);
    expect(standbyCanAnswer('WITH m AS MATERIALIZED (SELECT id, updated_at FROM d) SELECT id FROM m')).toBe(true);
    expect(standbyCanAnswer('with x as (delete from d returning id) select id from x')).toBe(false);
    expect(standbyCanAnswer('select id from d for update')).toBe(false);
    expect(standbyCanAnswer('select id from d for no key share')).toBe(false);
    expect(standbyCanAnswer("select nextval('s')")).toBe(false);
    expect(standbyCanAnswer('select pg_advisory_lock(1)')).toBe(false);
    expect(standbyCanAnswer('select 1; select 2')).toBe(false);
    expect(standbyCanAnswer('begin')).toBe(false);
    expect(standbyCanAnswer('insert into d values (1)')).toBe(false);
  });
});
