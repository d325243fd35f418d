/** What the benchmarks type: the same inputs through the service (bench:search) and over HTTP (bench:pages). */
import { MAX_COUNTED_MATCHES, PAGE_SIZE } from "../../core/shared/constants";

/** The deepest page a search links to (counting stops at MAX_COUNTED_MATCHES). */
export const DEEPEST = Math.ceil(MAX_COUNTED_MATCHES / PAGE_SIZE);

export const PREFIX_2 = ["ba", "on", "po", "to", "ma", "gr", "ch", "so", "ka", "or"];
export const PREFIX_3 = ["bas", "oni", "pot", "tom", "man", "gro", "chi", "soy", "kas", "org"];
export const PREFIX_5 = ["basma", "onion", "potat", "tomat", "mango", "groun", "chill", "soybe", "kashm", "organ"];
export const TYPOS = ["basmti", "onoin", "potatoe", "tomatto", "almnds", "groundnot", "kashmri", "pomegranet"];
/** Words inside names, searched within a category. */
export const WORDS = ["organic", "grade a", "nashik", "premium", "lot 7", "fresh", "bulk", "desi"];
/** Typed text no name holds, nor any close spelling. */
export const MISSES = ["zzqx", "qwerty", "xylophone", "jjjkkk", "vvvv bbb"];
/** Hindi and Hinglish names for produce. */
export const HINDI = ["प्याज", "आलू", "टमाटर", "बासमती", "aloo", "pyaz", "chawal", "badam"];
