/**
 * A UUID whose first 48 bits are the time in milliseconds (the layout of RFC 9562's version 7),
 * the rest random: ids made one after another sort together, so a table's primary-key index
 * takes them at its end rather than on a random page each (decision 030). For rows written many
 * at a time (alert_match, alert_job); as unique as randomUUID (74 random bits a millisecond).
 */
import { randomBytes } from "node:crypto";

export function timeOrderedId(at: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(Math.max(0, Math.min(Math.floor(at), 2 ** 48 - 1)), 0, 6);
  bytes[6] = (bytes[6]! & 0x0f) | 0x70;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
