import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";

/**
 * A real S3-compatible HTTP server (s3rver, from npm: it answers the S3 REST API the AWS SDK
 * speaks; it does not check signatures) on a free loopback port, with files in a temp dir; no cloud, no
 * mock of our FileStorage. `env` are the FILES_S3_* settings a server process needs for it.
 */
/** The server's FilesS3Config (src/config.ts), spelled out: the e2e project compiles this file without src/. */
type S3Settings = {
  bucket: string;
  endpoint: string;
  region: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
  prefix: string;
};
export type TestS3 = { settings: S3Settings; env: Record<string, string>; stop: () => Promise<void> };

export async function startTestS3(bucket = "duka-test"): Promise<TestS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), "duka-s3-"));
  // s3rver's default credentials.
  const credentials = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: { bucket, endpoint, region: "us-east-1", credentials, forcePathStyle: true, prefix: "" },
    env: {
      FILES_S3_BUCKET: bucket,
      FILES_S3_ENDPOINT: endpoint,
      FILES_S3_REGION: "us-east-1",
      FILES_S3_ACCESS_KEY_ID: credentials.accessKeyId,
      FILES_S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      FILES_S3_FORCE_PATH_STYLE: "true",
    },
    stop: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
