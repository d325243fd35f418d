// fontverter ships no types; the one call we use.
declare module "fontverter" {
  const fontverter: { convert(font: Buffer, toFormat: "sfnt" | "woff" | "woff2", fromFormat?: "sfnt" | "woff" | "woff2"): Promise<Buffer> };
  export default fontverter;
}
