import type { CartIssue, CartLine } from './cart.ts';

/**
 * What `repairCart` did, for the buyer to read. `merged` is one line per key
 * after merging: `quantity` is its quantity now, `cut` what `maxQuantity`
 * took off (0 if nothing), `lines` how many lines it came from (1 when a
 * single line was only capped).
 */
export type CartChange =
  | { kind: 'repriced'; variantId: string; from: number; to: number }
  | { kind: 'removed'; variantId: string; reason: 'unavailable' | 'out-of-stock' }
  | { kind: 'modifier-removed'; variantId: string; modifierId: string }
  | { kind: 'merged'; variantId: string; quantity: number; cut: number; lines?: number };

/** The default merge key: the variant and its add-ons in any order. */
function sameLine(line: CartLine): string {
  return JSON.stringify([line.variantId, [...(line.modifierIds ?? [])].sort()]);
}

/**
 * Applies the server's issues to a cart in the browser, so the buyer can see
 * what changed and check out again. Never mutates its input: changed lines
 * are copies with every other field kept, unchanged lines are the same
 * objects. In order:
 * - a variant that is `unavailable`, or `out-of-stock` with its lines
 *   together still wanting more than `available`, loses all its lines (which
 *   lines or how many to keep is the buyer's choice: show `available`);
 * - a `price-changed` variant's lines take the current price;
 * - add-ons that are `modifier-unavailable` come off every line;
 * - lines with the same key (default: variant id and sorted add-on ids, or
 *   `key(line)`) merge into the first of them, quantities added;
 * - with `maxQuantity`, every line is capped at it, a single line too, and
 *   the cut is reported on its `merged` change. Without it nothing is capped.
 *
 * After `repairCart(lines, cartIssues(lines, catalog))`, `cartIssues` of the
 * result against the same catalog is empty, and repairing it again changes
 * nothing.
 */
export function repairCart<L extends CartLine>(
  lines: readonly L[],
  issues: readonly CartIssue[],
  options: { maxQuantity?: number; key?: (line: L) => string } = {},
): { lines: L[]; changes: CartChange[] } {
  const { maxQuantity, key = sameLine } = options;
  if (maxQuantity !== undefined && !(Number.isSafeInteger(maxQuantity) && maxQuantity > 0)) {
    throw new RangeError(`maxQuantity must be a positive integer, got ${String(maxQuantity)}.`);
  }
  const unavailable = new Set<string>();
  const available = new Map<string, number>();
  const prices = new Map<string, number>();
  const gone = new Set<string>();
  for (const issue of issues) {
    if (issue.kind === 'unavailable') unavailable.add(issue.variantId);
    else if (issue.kind === 'out-of-stock') available.set(issue.variantId, issue.available);
    else if (issue.kind === 'price-changed') prices.set(issue.variantId, issue.price);
    else gone.add(issue.modifierId);
  }
  const wanted = new Map<string, number>();
  for (const line of lines) wanted.set(line.variantId, (wanted.get(line.variantId) ?? 0) + line.quantity);

  const changes: CartChange[] = [];
  const noted = new Set<string>();
  const note = (change: CartChange, ...about: string[]) => {
    const id = JSON.stringify([change.kind, ...about]);
    if (!noted.has(id)) changes.push(change);
    noted.add(id);
  };
  const kept: L[] = [];
  for (const line of lines) {
    const { variantId } = line;
    const left = available.get(variantId);
    if (unavailable.has(variantId) || (left !== undefined && (wanted.get(variantId) ?? 0) > left)) {
      note({ kind: 'removed', variantId, reason: unavailable.has(variantId) ? 'unavailable' : 'out-of-stock' }, variantId);
      continue;
    }
    let next = line;
    const price = prices.get(variantId);
    if (price !== undefined && line.price !== price) {
      note({ kind: 'repriced', variantId, from: line.price, to: price }, variantId);
      next = { ...next, price };
    }
    const modifierIds = line.modifierIds ?? [];
    if (modifierIds.some((id) => gone.has(id))) {
      for (const modifierId of modifierIds) if (gone.has(modifierId)) note({ kind: 'modifier-removed', variantId, modifierId }, variantId, modifierId);
      next = { ...next, modifierIds: modifierIds.filter((id) => !gone.has(id)) };
    }
    kept.push(next);
  }

  const groups = new Map<string, { first: L; quantity: number; lines: number }>();
  for (const line of kept) {
    const id = key(line);
    const group = groups.get(id);
    if (group) {
      group.quantity += line.quantity;
      group.lines += 1;
    } else groups.set(id, { first: line, quantity: line.quantity, lines: 1 });
  }
  const repaired: L[] = [];
  for (const { first, quantity: total, lines: count } of groups.values()) {
    const quantity = maxQuantity === undefined ? total : Math.min(total, maxQuantity);
    if (count === 1 && quantity === total) {
      repaired.push(first);
      continue;
    }
    changes.push({ kind: 'merged', variantId: first.variantId, quantity, cut: total - quantity, lines: count });
    repaired.push({ ...first, quantity });
  }
  return { lines: repaired, changes };
}
