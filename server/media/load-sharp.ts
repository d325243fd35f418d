/**
 * sharp (libvips, about 30 MB of a process's memory) loaded on first use: a worker that never
 * takes a photo or draws a share card never holds it (decision 035).
 */
import type sharpFunction from "sharp";

type Sharp = typeof sharpFunction;

let loading: Promise<Sharp> | undefined;

export function loadSharp(): Promise<Sharp> {
  loading ??= import("sharp").then((module) => module.default);
  return loading;
}
