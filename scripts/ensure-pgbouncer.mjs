// The pooled server suites run through Debian's PgBouncer. Install it when missing and we may; otherwise say so in one line.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const PGBOUNCER = process.env.PGBOUNCER_PATH ?? '/usr/sbin/pgbouncer';
if (!existsSync(PGBOUNCER)) {
  if (process.getuid?.() !== 0) {
    console.error(
      `PgBouncer is missing at ${PGBOUNCER}: install Debian's package (sudo apt-get install -y pgbouncer) or set PGBOUNCER_PATH.`,
    );
    process.exit(1);
  }
  console.log('Installing PgBouncer from Debian packages…');
  // The package's own service, where the machine starts services, listens on 6432: the tests start theirs on a free port.
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends pgbouncer', {
    stdio: 'inherit',
  });
}
