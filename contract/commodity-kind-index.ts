// The resolver of commodity kinds' names, without zod (contract/commodity-kinds.ts holds the schemas): the
// marketplace's first screen matches typed names to kinds with it: a typed name to a kind's key, without regard to
// case, accents, punctuation or spacing.
/**
 * The form a name is compared in: compatibility-decomposed (so `ï` typed either way and full-width letters meet),
 * combining marks dropped (`maïs` meets `mais`), lower case, anything but letters and digits one space. Linear in
 * the name's length.
 */
export function foldName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

export interface KindTerms {
  key: string;
  names: { en: string; fr: string };
  synonyms: readonly string[];
}

/** Folded term → kind key, built once per catalogue; a term two kinds share goes to the first kind listed. */
export type KindIndex = ReadonlyMap<string, string>;

export function buildKindIndex(kinds: readonly KindTerms[]): KindIndex {
  const index = new Map<string, string>();
  for (const kind of kinds) {
    for (const term of [kind.key.replace(/_/g, ' '), kind.names.en, kind.names.fr, ...kind.synonyms]) {
      const folded = foldName(term);
      if (folded.length > 0 && !index.has(folded)) {
        index.set(folded, kind.key);
      }
    }
  }
  return index;
}

/**
 * The kind a typed name means, or null. An exact folded match first; then, for a plural the catalogue does not
 * list, the name without its final `s` (`groundnuts` → `groundnut`; `mais` matches itself first, so it is never cut).
 */
export function resolveKind(index: KindIndex, name: string): string | null {
  const folded = foldName(name);
  if (folded.length === 0) {
    return null;
  }
  const exact = index.get(folded);
  if (exact !== undefined) {
    return exact;
  }
  if (folded.length > 3 && folded.endsWith('s')) {
    return index.get(folded.slice(0, -1)) ?? null;
  }
  return null;
}
