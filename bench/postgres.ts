import pg from 'pg';

/**
 * A database of the bench's own on TEST_DATABASE_URL's server (`bench_<pid>`), dropped at the end
 * even when its sessions are still open, so that nothing is left behind.
 */
export async function createBenchDatabase(serverUrl: string, suffix = ''): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `bench_${process.pid}${suffix ? `_${suffix}` : ''}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`drop database if exists ${name} with (force)`);
  await admin(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}
