/**
 * `npm run s3:test-server [-- --port N]`: a throwaway S3 API server (s3rver) with a fresh bucket, for trying
 * Mandi's S3 mode or `media:copy` by hand, or for an end-to-end run on S3. It prints the S3_*
 * variables to use and deletes everything it stored when stopped (Ctrl-C or SIGTERM).
 */
import { parseArgs } from "node:util";
import { startS3Server } from "../tests/support/s3-server";

const { values } = parseArgs({ options: { port: { type: "string" } } });
const port = values.port === undefined ? undefined : Number(values.port);
if (port !== undefined && !(Number.isInteger(port) && port > 0 && port < 65536)) {
  console.error("Usage: npm run s3:test-server -- [--port 1..65535]");
  process.exit(2);
}
const server = await startS3Server({ port });
console.log(`S3 test server at ${server.endpoint}; export these to use it:`);
for (const [name, value] of Object.entries(server.env)) console.log(`export ${name}=${value}`);
const stop = () => void server.stop().then(() => process.exit(0));
process.once("SIGINT", stop);
process.once("SIGTERM", stop);
