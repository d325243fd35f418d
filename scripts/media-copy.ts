/**
 * `npm run media:copy [-- --from <dir>] [--concurrency N]`: copies the photos in the local media
 * folder (default DATA_DIR/media) to the S3 bucket named by the S3_* variables, then checks that
 * every one arrived. Run it again at will: photos already there are skipped.
 */
import { stat } from "node:fs/promises";
import path from "node:path";
import { parseArgs } from "node:util";
import cliProgress from "cli-progress";
import { ConfigError, loadConfig, type Config } from "../server/config";
import { createLocalDiskStorage } from "../server/media/local-disk-storage";
import { copyMedia, type MediaCopyProgress } from "../server/media/media-copy";
import { createS3Storage } from "../server/media/s3-storage";

const USAGE =
  "Usage: S3_BUCKET=… [S3_ENDPOINT=… S3_ACCESS_KEY_ID=… S3_SECRET_ACCESS_KEY=…] npm run media:copy -- [--from <dir>] [--concurrency 1..32]";

const { values } = parseArgs({ options: { from: { type: "string" }, concurrency: { type: "string", default: "4" } } });
const concurrency = Number(values.concurrency);
if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 32) fail(USAGE, 2);

const config = loadConfigOrExit();
if (config.storage.driver !== "s3") fail(`media:copy copies photos to S3, but S3_BUCKET is not set.\n${USAGE}`, 2);
const fromDir = path.resolve(values.from ?? config.mediaDir);
if (!(await stat(fromDir).catch(() => null))?.isDirectory()) fail(`There is no photo folder at ${fromDir}. Give it with --from <dir>.`, 2);

const from = createLocalDiskStorage(fromDir);
const to = createS3Storage(config.storage);
const destination = `s3://${config.storage.bucket}${config.storage.endpoint ? ` at ${config.storage.endpoint}` : ""}`;
try {
  await to.check();
} catch (error) {
  fail(`Cannot reach the bucket: ${(error as Error).message}`, 1);
}

console.log(`Copying photos from ${fromDir} to ${destination}, ${concurrency} at a time.`);
const progress = process.stdout.isTTY ? progressBar() : progressLines();
const result = await copyMedia({ from, to, concurrency, onProgress: progress.update }).finally(progress.stop);

console.log(`Copied ${result.copied}, skipped ${result.skipped} already there.`);
if (result.missing.length) {
  const sample = result.missing.slice(0, 10).join("\n  ");
  fail(
    `Check failed: ${result.missing.length} of ${result.sourceCount} photos in ${fromDir} are not in ${destination} (or differ in size):\n  ${sample}` +
      `${result.missing.length > 10 ? "\n  …" : ""}\nRun media:copy again; if it keeps failing, look at the bucket's permissions and free space.`,
    1,
  );
}
console.log(`Check passed: all ${result.sourceCount} photos in ${fromDir} are in ${destination}.`);

function progressBar() {
  const bar = new cliProgress.SingleBar(
    { format: "{bar} {value}/{total} photos · {copied} copied · {skipped} already there · {eta_formatted} left", hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update({ done, total, copied, skipped }: MediaCopyProgress) {
      if (!started) bar.start(total, 0, { copied, skipped });
      started = true;
      bar.update(done, { copied, skipped });
    },
    stop: () => bar.stop(),
  };
}

/** Not a terminal (a log file, CI): a plain line at every tenth, not a redrawn bar. */
function progressLines() {
  let lastTenth = -1;
  return {
    update({ done, total, copied, skipped }: MediaCopyProgress) {
      const tenth = total ? Math.floor((done / total) * 10) : 10;
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      console.log(`${done}/${total} photos (${copied} copied, ${skipped} already there)`);
    },
    stop: () => {},
  };
}

function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message, 2);
    throw error;
  }
}

function fail(message: string, exitCode: number): never {
  console.error(message);
  process.exit(exitCode);
}
