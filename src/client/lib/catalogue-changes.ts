/**
 * What catalogue items say about the game's patches (issue 21, docs/catalogue-format.md): `deprecated` items are gone
 * from the game, so pickers leave them out while tables of stored history still name them; `new_in` is the live
 * patch for items that patch added (null otherwise), which the encyclopedia and the bait list mark.
 */

/** The two fields, as every catalogue item carries them (`src/shared/contracts/catalogue.ts`). */
interface PatchFields {
  deprecated?: boolean;
  new_in?: string | null;
}

export function isDeprecated(item: object): boolean {
  return (item as PatchFields).deprecated === true;
}

/** The patch that added the item when it is the live one, else null. */
export function newIn(item: object): string | null {
  return (item as PatchFields).new_in ?? null;
}

/**
 * The items a picker offers: every one the game still has, and the one already chosen even if deprecated (a shared
 * link or an older filter must still show what it selects).
 */
export function pickable<T extends { id: number }>(items: readonly T[], chosen: number | null = null): T[] {
  return items.filter((item) => !isDeprecated(item) || item.id === chosen);
}

/** The live patch, when any item is new in it (every non-null `new_in` names the live patch). */
export function latestPatch(items: readonly object[]): string | null {
  for (const item of items) {
    const patch = newIn(item);
    if (patch) return patch;
  }
  return null;
}
