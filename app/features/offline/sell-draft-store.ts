/**
 * Where the sell form's draft is kept: this browser's localStorage (decision 016). What it holds
 * is core/listings/listing-draft.ts's business; this only stores it, so logging out can clear it cheaply.
 */
const KEY = "mandi:sell-draft";

export function readSellDraft(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    // Storage turned off (private mode, a full disk): no draft.
    return null;
  }
}

export function writeSellDraft(text: string): void {
  try {
    localStorage.setItem(KEY, text);
  } catch {
    // As above: the form still works, it just is not kept.
  }
}

export function clearSellDraft(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept, nothing to clear.
  }
}
