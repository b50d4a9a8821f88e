/**
 * One line of a cart as the browser sends it. `price` is the unit price the
 * buyer saw, in minor units; whether it includes add-ons is the site's
 * choice, and `cartIssues` compares it as is. Sites add their own fields.
 */
export interface CartLine {
  variantId: string;
  quantity: number;
  price: number;
  modifierIds?: readonly string[];
}

/** Something that stops a cart from being charged as the buyer saw it. One entry per variant or add-on. */
export type CartIssue =
  | { kind: 'out-of-stock'; variantId: string; available: number }
  | { kind: 'unavailable'; variantId: string }
  | { kind: 'price-changed'; variantId: string; price: number; was: number }
  | { kind: 'modifier-unavailable'; modifierId: string };

/**
 * What the server knows now: the current price of every variant on sale, the
 * add-ons still offered, and optionally stock (null, or a variant missing
 * from the map, means not tracked).
 */
export interface CartCatalog {
  prices: ReadonlyMap<string, number>;
  liveModifierIds: ReadonlySet<string>;
  stock?: ReadonlyMap<string, number | null>;
}

// The lines come from a browser; a route should validate them first, but a
// line that slips through must not skew the stock sums (a negative quantity
// would hide an oversold one), so it is refused loudly.
function checkLine(line: CartLine, index: number): void {
  const ok =
    typeof line?.variantId === 'string' &&
    Number.isSafeInteger(line.quantity) &&
    line.quantity > 0 &&
    Number.isSafeInteger(line.price) &&
    (line.modifierIds === undefined || (Array.isArray(line.modifierIds) && line.modifierIds.every((id) => typeof id === 'string')));
  if (!ok) {
    throw new TypeError(
      `Cart line ${index} is malformed: it needs a string variantId, a positive integer quantity, an integer price and string modifierIds; validate lines where they enter.`,
    );
  }
}

/**
 * Every issue with a cart at once, in cart order: for each variant (however
 * many lines it has) `unavailable` when it has no price, else `out-of-stock`
 * when its lines together want more than the tracked stock (`available` is
 * the stock, at least 0), else `price-changed` when a line's price differs
 * from the current one (`was` is the first such line's); then
 * `modifier-unavailable` once for each add-on that is no longer offered.
 * Throws a TypeError for a malformed line.
 */
export function cartIssues<L extends CartLine>(lines: readonly L[], catalog: CartCatalog): CartIssue[] {
  const wanted = new Map<string, number>();
  const was = new Map<string, number>();
  lines.forEach((line, index) => {
    checkLine(line, index);
    wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);
    const price = catalog.prices.get(line.variantId);
    if (price !== undefined && line.price !== price && !was.has(line.variantId)) was.set(line.variantId, line.price);
  });
  const issues: CartIssue[] = [];
  for (const [variantId, quantity] of wanted) {
    const price = catalog.prices.get(variantId);
    const stock = catalog.stock?.get(variantId);
    const before = was.get(variantId);
    if (price === undefined) issues.push({ kind: 'unavailable', variantId });
    else if (typeof stock === 'number' && quantity > stock) issues.push({ kind: 'out-of-stock', variantId, available: Math.max(0, stock) });
    else if (before !== undefined) issues.push({ kind: 'price-changed', variantId, price, was: before });
  }
  for (const modifierId of cartModifierIds(lines)) {
    if (!catalog.liveModifierIds.has(modifierId)) issues.push({ kind: 'modifier-unavailable', modifierId });
  }
  return issues;
}

/** The distinct add-on ids in a cart, in first-seen order: what to look up before `cartIssues`. */
export function cartModifierIds(lines: readonly CartLine[]): string[] {
  const ids = new Set<string>();
  for (const line of lines) for (const id of line.modifierIds ?? []) ids.add(id);
  return [...ids];
}
