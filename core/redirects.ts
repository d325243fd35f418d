/** Only same-site paths may be a post-login destination (no open redirects). */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  // Browsers drop tabs and newlines from URLs and read "\\" as "/", so "/\t/evil.com" or
  // "/\\evil.com" would leave the site: refuse control characters and check where it resolves.
  if (/[\u0000-\u001f\u007f\\]/.test(value)) return fallback;
  const base = "https://mandi.invalid";
  return new URL(value, base).origin === base ? value : fallback;
}
