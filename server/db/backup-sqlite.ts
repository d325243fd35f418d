/**
 * An online backup of the embedded database: SQLite's backup API copies a consistent snapshot
 * while the app keeps serving (copying the file by hand could catch a write half-done).
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sqliteOptions } from "./sqlite-binding";

export async function backupSqlite(options: { from: string; to: string }): Promise<{ pages: number }> {
  mkdirSync(path.dirname(path.resolve(options.to)), { recursive: true });
  const source = new SQLite(options.from, sqliteOptions({ readonly: true, fileMustExist: true }));
  try {
    const result = await source.backup(options.to);
    return { pages: result.totalPages };
  } finally {
    source.close();
  }
}
