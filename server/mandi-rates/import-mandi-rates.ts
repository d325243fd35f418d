/**
 * Streams AGMARKNET's daily mandi rates (any of the portal's shapes, record-shape.ts: a CSV
 * export, the API's CSV or JSON, the variety-wise history) into mandi_rate, in batches that skip
 * records already stored: a run cut off anywhere and started again ends with every record once
 * (decisions 021 and 048). Memory stays bounded whatever the file's size: one batch, and counts of
 * the names it could not match.
 */
import { Readable, Transform } from "node:stream";
import { parse } from "csv-parse";
import { parser as jsonParser } from "stream-json";
import { pick } from "stream-json/filters/pick.js";
import { streamArray } from "stream-json/streamers/stream-array.js";
import type { Db } from "../db/database";
import { JSON_FIELDS, readRecord, recordId, type MandiRateRow, type RawRecord, type RecordField } from "./mandi-rate-record";
import { fieldOfHeader, shapeOfHeaders, type ShapeName } from "./record-shape";
import { createMandiRatesRepository } from "./mandi-rates.repository";
import { isoDate } from "../../core/shared/dates";

/** A file that is not the mandi rates' file: nothing of it is written. */
export class WrongHeadersError extends Error {}

/** A file that stopped making sense part-way (a broken quote, cut-off JSON): what was read before stays. */
export class UnreadableFileError extends Error {}

export interface BadRow {
  /** The CSV line, or the JSON record's number (from 1). */
  line: number;
  problem: string;
}

export interface ImportReport {
  format: "csv" | "json";
  /** Which of the portal's shapes the file is (known once its headers are read). */
  shape?: ShapeName;
  /** Records read (good and bad). */
  read: number;
  /** Records stored by this run. */
  stored: number;
  /** Good records that were stored already (an earlier run, or twice in this file). */
  alreadyStored: number;
  /** Bad records, skipped (held-back ones included). */
  skipped: number;
  /** The first MAX_LISTED bad records, by line. */
  badRows: BadRow[];
  /** Good records matched to a produce, to a district, and to both (the usable ones). */
  matchedProduce: number;
  matchedDistrict: number;
  matchedBoth: number;
  /** Of the skipped, records whose figures would mislead (decision 050): not stored, never shown. */
  heldBackImplausible: number;
  /** Commodity → records, for commodities the catalogue does not know (stored with no produce). */
  unknownCommodities: Map<string, number>;
  /** "District, State" → records, for places core/locations does not know (stored with no place). */
  unknownPlaces: Map<string, number>;
  /** The seed's demo rates this import of real ones removed (migration 0041): the two never mix. */
  demoRatesRemoved: number;
}

export interface ImportProgress {
  read: number;
  stored: number;
  /** Bytes of the input read so far (0 for an API read page by page). */
  bytes: number;
}

/** The API's records, page after page (import-source.ts), instead of one file. */
export interface PagedRecords {
  pages: AsyncIterable<readonly unknown[]>;
}

export const DEFAULT_BATCH_SIZE = 500;
const MAX_LISTED = 100;
/** Distinct unknown names kept for the report; past it they are counted under "(others)". */
const MAX_NAMES = 2000;

/**
 * Reads the input and stores its good records in `db`; without `db`, a dry run that reads and
 * checks every record and writes nothing (for `--check`, and the benchmark's baseline).
 */
export async function importMandiRates(options: {
  db?: Db;
  input: Readable | PagedRecords;
  now?: number;
  batchSize?: number;
  onProgress?: (progress: ImportProgress) => void;
  /**
   * Made-up rates for the demo market (`npm run seed`, issue 42 item 4): stored as "demo", under
   * ids of their own, and never shown as the government's. A real import removes them.
   */
  demo?: boolean;
}): Promise<ImportReport> {
  const repository = options.db ? createMandiRatesRepository(options.db.kysely) : undefined;
  const now = options.now ?? Date.now();
  // Today's date in India: a rate may not be dated after it.
  const today = isoDate(now);
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  let bytes = 0;
  let sniffed: Awaited<ReturnType<typeof sniff>> | undefined;
  if (options.input instanceof Readable) {
    const input = options.input;
    const counted = input.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, done) {
          bytes += chunk.length;
          done(null, chunk);
        },
      }),
    );
    input.on("error", (error) => counted.destroy(error));
    sniffed = await sniff(counted);
  }
  const format = sniffed?.format ?? "json";
  const report: ImportReport = {
    format,
    read: 0,
    stored: 0,
    alreadyStored: 0,
    skipped: 0,
    matchedProduce: 0,
    matchedDistrict: 0,
    matchedBoth: 0,
    heldBackImplausible: 0,
    badRows: [],
    unknownCommodities: new Map(),
    unknownPlaces: new Map(),
    demoRatesRemoved: 0,
  };
  let batch: MandiRateRow[] = [];
  let demoChecked = Boolean(options.demo);
  const flush = async () => {
    if (repository && batch.length && !demoChecked) {
      report.demoRatesRemoved = await repository.deleteDemoRates();
      demoChecked = true;
    }
    if (repository) {
      const stored = await repository.insertRates(batch, now);
      report.stored += stored;
      report.alreadyStored += batch.length - stored;
    }
    batch = [];
    options.onProgress?.({ read: report.read, stored: report.stored, bytes });
  };
  const take = async (record: RawRecord, line: number) => {
    report.read++;
    const result = readRecord(record, today);
    if (!result.ok) {
      report.skipped++;
      if (result.heldBack) report.heldBackImplausible++;
      if (report.badRows.length < MAX_LISTED) report.badRows.push({ line, problem: result.problem });
      return;
    }
    const row: MandiRateRow = options.demo ? { ...result.row, id: recordId(["demo", result.row.id]), source: "demo" } : result.row;
    if (row.produce_id) report.matchedProduce++;
    else countName(report.unknownCommodities, row.commodity);
    if (row.district_slug) report.matchedDistrict++;
    else countName(report.unknownPlaces, `${row.district}, ${row.state}`);
    if (row.produce_id && row.district_slug) report.matchedBoth++;
    batch.push(row);
    if (batch.length >= batchSize) await flush();
  };

  if (sniffed?.format === "csv") {
    let wrongHeaders: string | undefined;
    const records = sniffed.stream.pipe(
      parse({
        bom: true,
        info: true,
        relax_column_count: true,
        skip_empty_lines: true,
        columns: (headers: string[]) => {
          const shape = shapeOfHeaders(headers, "csv");
          if (!shape.ok) {
            wrongHeaders = shape.problem;
            throw new WrongHeadersError(wrongHeaders);
          }
          report.shape = shape.shape;
          // csv-parse skips a column named false: the columns the rates do not use.
          return shape.fields.map((field) => field ?? false);
        },
      }),
    );
    sniffed.stream.on("error", (error) => records.destroy(error));
    try {
      for await (const { record, info } of records as AsyncIterable<{ record: RawRecord; info: { lines: number } }>)
        await take(record, info.lines);
    } catch (error) {
      if (wrongHeaders) throw new WrongHeadersError(wrongHeaders);
      throw new UnreadableFileError(`The file could not be read past record ${report.read + 1}: ${(error as Error).message}`);
    }
  } else {
    let checked = false;
    const takeJson = async (value: unknown, number: number) => {
      if (!checked) {
        const keys = value && typeof value === "object" ? Object.keys(value) : [];
        const shape = shapeOfHeaders(keys, "json");
        if (!shape.ok) throw new WrongHeadersError(shape.problem);
        report.shape = shape.shape;
        checked = true;
      }
      await take(jsonRecord(value), number);
    };
    if (sniffed) {
      // The API answers { …, "records": [ … ] }; a bare array of records is read too.
      const tokens = sniffed.stream.pipe(jsonParser.asStream());
      const records = sniffed.bareArray ? tokens : tokens.pipe(pick.asStream({ filter: "records" }));
      const items = records.pipe(streamArray.asStream());
      for (const part of [sniffed.stream, tokens, records]) part.on("error", (error: Error) => items.destroy(error));
      try {
        for await (const { key, value } of items as AsyncIterable<{ key: number; value: unknown }>) await takeJson(value, key + 1);
      } catch (error) {
        if (error instanceof WrongHeadersError) throw error;
        throw new UnreadableFileError(`The file could not be read past record ${report.read + 1}: ${(error as Error).message}`);
      }
    } else {
      // Pages of the API's answer: records numbered on from one page to the next.
      let number = 0;
      for await (const page of (options.input as PagedRecords).pages) for (const value of page) await takeJson(value, ++number);
    }
    // An API answer with an error, or some other JSON: not a file of rates.
    if (!checked)
      throw new WrongHeadersError(
        `This JSON has no mandi rate records. Expected "records": [ … ] with the fields ${JSON_FIELDS.join(", ")}.`,
      );
  }
  await flush();
  return report;
}

function countName(names: Map<string, number>, name: string) {
  const key = names.has(name) || names.size < MAX_NAMES ? name : "(others)";
  names.set(key, (names.get(key) ?? 0) + 1);
}

/** The API's record, its field names read as the CSV's ("Min_x0020_Price" or "min_price"). */
function jsonRecord(value: unknown): RawRecord {
  const record: RawRecord = {};
  if (!value || typeof value !== "object") return record;
  for (const [name, field] of Object.entries(value)) {
    const known: RecordField | undefined = fieldOfHeader(name);
    if (known) record[known] = field;
  }
  return record;
}

/** JSON when the first thing in the file is "{" or "[", else CSV. */
async function sniff(input: Readable): Promise<{ format: "csv" | "json"; bareArray: boolean; stream: Readable }> {
  const iterator = input[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const chunks: Buffer[] = [];
  let format: "csv" | "json" = "csv";
  let bareArray = false;
  for (;;) {
    const next = await iterator.next();
    if (next.done) break;
    chunks.push(next.value);
    const first = Buffer.concat(chunks)
      .toString("utf8")
      .replace(/^\uFEFF/, "")
      .trimStart()[0];
    if (first !== undefined) {
      format = first === "{" || first === "[" ? "json" : "csv";
      bareArray = first === "[";
      break;
    }
  }
  async function* rest() {
    yield* chunks;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { format, bareArray, stream: Readable.from(rest(), { objectMode: false }) };
}
