import type { Random } from './audio/random.ts';
import { inventedWords, TITLE_TEMPLATES, TITLE_WORDS, zipf } from './scale-names.ts';

/** Words worth searching for, picked from what was generated, with how many track names contain them. */
export interface ScaleQueries {
  rare: { query: string; tracks: number }[];
  common: { query: string; tracks: number }[];
  prefix: { query: string }[];
  twoWords: { query: string; tracks: number }[];
}

/**
 * The words names are made of (real ones by Zipf rank, invented ones for the rare tail), and a
 * tally of the words and pairs track titles use, from which benchmark queries are picked.
 */
export function titleWords(random: Random, trackTotal: number) {
  const invented = inventedWords(random, Math.max(200, Math.round(trackTotal / 25)));
  const pickWord = zipf(random, TITLE_WORDS.length, 0.6);
  const word = () => (random.chance(0.06) ? random.pick(invented) : TITLE_WORDS[pickWord()]);
  const fill = (template: string) => template.replace(/\{w\}/g, word);
  const wordCounts = new Map<string, number>();
  const pairCounts = new Map<string, number>();
  // Only words of the lists count, not template glue such as "again", so queries read like a person's.
  const glue = new Set(TITLE_TEMPLATES.join(' ').toLowerCase().match(/[a-z]+/g));
  const vocabulary = new Set([...TITLE_WORDS, ...invented].map((w) => w.toLowerCase()).filter((w) => !glue.has(w)));
  const countWords = (name: string) => {
    const tokens = (name.toLowerCase().match(/[a-z]+/g) ?? []).filter((token) => vocabulary.has(token));
    for (const token of new Set(tokens)) wordCounts.set(token, (wordCounts.get(token) ?? 0) + 1);
    for (let i = 1; i < tokens.length; i++) {
      if (tokens[i] === tokens[i - 1]) continue;
      const pair = `${tokens[i - 1]} ${tokens[i]}`;
      pairCounts.set(pair, (pairCounts.get(pair) ?? 0) + 1);
    }
  };
  const queries = () => benchmarkQueries(wordCounts, pairCounts, invented);
  return { invented, word, fill, countWords, queries };
}

export type TitleWords = ReturnType<typeof titleWords>;

/**
 * Queries for benchmarks, several of each kind so a cache does not answer them all: the most
 * common words, words of the rare tail, prefixes of frequent words as typed, frequent pairs.
 */
function benchmarkQueries(wordCounts: Map<string, number>, pairCounts: Map<string, number>, invented: string[]): ScaleQueries {
  const ranked = [...wordCounts].sort((x, y) => y[1] - x[1]);
  const inventedTokens = new Set(invented.map((w) => w.toLowerCase()));
  const asQuery = ([query, tracks]: [string, number]) => ({ query, tracks });
  const rare = ranked.filter(([token, n]) => n >= 2 && n <= 5 && inventedTokens.has(token)).slice(0, 8);
  const prefixes = [...new Set(ranked.slice(3, 40).map(([token]) => token.slice(0, 3)))].slice(0, 8);
  return {
    rare: (rare.length ? rare : ranked.slice(-8)).map(asQuery),
    common: ranked.slice(0, 5).map(asQuery),
    prefix: prefixes.map((query) => ({ query })),
    twoWords: [...pairCounts].sort((x, y) => y[1] - x[1]).slice(2, 10).map(asQuery),
  };
}
