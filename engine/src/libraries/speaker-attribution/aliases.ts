/**
 * A name merged onto another (a speaker's alternate name): the caller's aliases are kept as given
 * and never proposed again; the ones the reading proposes use the same shape.
 */
export interface CastAlias {
  name: string;
  alias_of: string;
}
