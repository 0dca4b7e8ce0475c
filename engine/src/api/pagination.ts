/**
 * The contract's page/per_page pagination (document 2, Limits): page ≥ 1, per_page within a
 * per-list range, totals and has_next/has_prev. Unknown parameters such as skip and limit are
 * ignored rather than rejected, as the contract says.
 */
import { z } from 'zod';

export function pageSchema(maxPerPage: number, defaultPerPage: number) {
  return z.object({
    page: z.coerce.number().int().min(1).default(1),
    per_page: z.coerce.number().int().min(1).max(maxPerPage).default(defaultPerPage),
  });
}

export function paginate(total: number, page: number, perPage: number) {
  return {
    total,
    page,
    per_page: perPage,
    has_next: page * perPage < total,
    has_prev: page > 1,
  };
}
