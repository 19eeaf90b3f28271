/**
 * A local S3-protocol server (s3rver) in a process of its own, for test-support/s3-server.ts.
 * Arguments: the data folder and the bucket to create. It reports `{ port }` over IPC once
 * listening, and stops when its parent goes away.
 *
 * Why a process of its own: s3rver encrypts list continuation tokens with DES, which OpenSSL 3
 * (Node 17 and later) keeps in its legacy provider; this process starts with
 * --openssl-legacy-provider, the tests' own processes do not need to.
 */
import { createReadStream } from 'node:fs';
import S3rver from 's3rver';

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });

// Two corrections, each where s3rver departs from S3 in a way the portal's storage relies on.
// s3rver reads the range `bytes=0-0` as "from 0 to the end" (its end of 0 counts as absent) and
// sends the whole object; S3 sends the one byte. Its other range answers are right.
const store = server.store;
const getObject = store.getObject.bind(store);
store.getObject = async (bucketName, key, options) => {
  if (options?.end !== 0 || options.start) return getObject(bucketName, key, options);
  const object = await getObject(bucketName, key, { start: 0 });
  if (object?.content) {
    object.content.destroy();
    object.content = createReadStream(store.getResourcePath(bucketName, key, 'object'), { start: 0, end: 0 });
    object.range = { start: 0, end: 0 };
  }
  return object;
};

// s3rver walks its folders in name order, which puts the keys under `a/` before the key `a-b`
// where S3's key order puts them after; a listing that spans pages then skips such keys. Each page
// is taken from the whole listing in key order instead.
const listObjects = store.listObjects.bind(store);
store.listObjects = async (bucketName, options) => {
  if (options.delimiter) return listObjects(bucketName, options);
  const all = await listObjects(bucketName, { ...options, maxKeys: Infinity });
  const objects = all.objects.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return { ...all, objects: objects.slice(0, options.maxKeys), isTruncated: objects.length > options.maxKeys };
};

const { port } = await server.run();
process.send({ port });
process.on('disconnect', () => {
  server.close().finally(() => process.exit(0));
});
