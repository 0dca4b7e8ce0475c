/**
 * Word lists behind the instant speaker pass (spec "Character voices (cast)", rule 6): reporting
 * verbs, titles that may start a name, and the words that can never be a speaker's name.
 * English and Italian are the contract's languages; French and German verbs are here too so
 * that their dialogue punctuation (em dash, guillemets, „…“) can be named as well.
 *
 * All entries are lower case; titles are stored without their abbreviation period.
 */

export interface Lexicon {
  /** Reporting verbs (finite forms) in lower case. */
  verbs: ReadonlySet<string>;
  /** Particles a reporting verb may carry: "went on", "broke in", "fuhr fort". */
  particles: ReadonlySet<string>;
  /** Titles and honorifics that may precede a name (Mr, Signora, don, Mlle, Herr, ...). */
  titles: ReadonlySet<string>;
  /** Abbreviations that keep their period ("Mr.", "Mme.", "Sig."): not a sentence end. */
  abbreviations: ReadonlySet<string>;
  /** Personal and relative pronouns: a subject that names nobody. */
  pronouns: ReadonlySet<string>;
  /** Articles that may precede a capitalised role name ("the Hatter", "il Griso"). */
  articles: ReadonlySet<string>;
  /** Determiners and possessives that start an unnamed subject ("his wife", "a voice"). */
  determiners: ReadonlySet<string>;
  /** Capitalised words that are never a name (sentence-initial function words). */
  notNames: ReadonlySet<string>;
  /** Lower-case particles allowed inside a name when a capitalised word follows ("de Bourgh"). */
  nameParticles: ReadonlySet<string>;
  /** Whether dialogue in this language puts the reporting clause inside the quote ("dit-il"). */
  incises: boolean;
  /** The book is in English: English tense rules apply (an unlisted `-ed` verb in a tag). */
  english: boolean;
}

const words = (text: string): string[] => text.split(/\s+/).filter((w) => w.length > 0);

const EN_VERBS = words(`
  said says replied replies answered answers asked asks cried cries exclaimed exclaims
  continued continues added adds returned returns observed observes remarked remarks rejoined
  repeated repeats whispered whispers shouted shouts called calls muttered mutters murmured
  murmurs thought thinks began begins interrupted interrupts retorted retorts demanded demands
  inquired inquires enquired enquires responded responds protested protests declared declares
  explained explains urged urges insisted insists sighed sighs pleaded pleads persisted persists
  resumed resumes went goes put puts broke breaks suggested suggests admitted admits agreed agrees
  announced announces assented assents blurted chimed commented comments concluded concludes
  confessed confesses faltered falters gasped gasps groaned groans growled growls grumbled
  grumbles hissed hisses howled howls interposed interposes mumbled mumbles mused muses panted
  pants queried queries roared roars screamed screams shrieked shrieks snapped snaps sneered
  sneers sobbed sobs stammered stammers stuttered stutters wailed wails yelled yells reasoned
  ventured ventures warned warns echoed echoes corrected corrects reflected reflects conceded
  concedes breathed breathes pursued pursues objected objects argued argues laughed laughs
  bawled bellowed chuckled croaked drawled hinted ordered pronounced quavered recited
  shrilled spluttered sputtered squeaked squealed stormed taunted teased thundered twittered
  volunteered wheezed whined wondered spoke speaks stated states told tells grinned smiled
  snorted scoffed jeered mocked begged implored proclaimed asserted affirmed maintained
  countered complained cautioned advised proposed offered promised assured noted guessed
  reckoned snarled barked gushed cooed sang called uttered finished ended explained
`);

const IT_VERBS = words(`
  disse dice diceva dicevano dissero rispose risponde rispondeva risposero domandò domanda
  domandava chiese chiede chiedeva esclamò esclama esclamava sclamò gridò grida gridava urlò
  urla urlava riprese riprende riprendeva soggiunse soggiunge aggiunse aggiunge continuò
  continua replicò replica mormorò mormora sussurrò sussurra osservò osserva interruppe
  ripeté ripetè ripete proseguì prosegue concluse borbottò balbettò spiegò insistette fece
  pensò pensa incominciò cominciò ribatté ribattè protestò dichiarò annunziò annunciò
  brontolò sospirò
`);

const FR_VERBS = words(`
  dit disait répondit répond répondait demanda demande demandait reprit reprend reprenait
  s'écria s’écria écria cria crie criait ajouta ajoute murmura murmure fit fait continua
  continue répliqua réplique interrompit poursuivit observa déclara expliqua s'exclama
  s’exclama hurla soupira balbutia grommela pensa songea insista
`);

const DE_VERBS = words(`
  sagte sagt fragte fragt antwortete antwortet rief ruft erwiderte erwidert meinte meint
  flüsterte flüstert schrie schreit sprach spricht fuhr entgegnete bemerkte murmelte dachte
  rief fügte wiederholte
`);

const EN_TITLES = words(`
  mr mrs ms miss master mister missus mistress madam madame mme mlle monsieur mademoiselle dr
  doctor sir lady lord dame captain capt colonel col major general gen lieutenant lt sergeant
  sgt corporal professor prof rev reverend father mother aunt uncle brother sister saint st
  prince princess king queen duke duchess count countess baron baroness judge inspector squire
  parson cousin granny grandma grandpa grandmother grandfather
`);

const IT_TITLES = words(`
  signor signore signora signorina sor sora don donna padre fra frate fratel suor suora conte
  contessa marchese marchesa dottor dottore avvocato zio zia monsignore monsignor messer
  madonna maestro mastro compare comare principe principessa barone baronessa cardinale
`);

const FR_TITLES = words(`
  m monsieur mme madame mlle mademoiselle père mère abbé docteur maître oncle tante frère
  sœur soeur capitaine comte comtesse baron baronne
`);

const DE_TITLES = words(`herr frau fräulein doktor dr onkel tante graf gräfin`);

const EN_PRONOUNS = words(`i he she it we they you one who which that this`);
const IT_PRONOUNS = words(`
  egli ella lui lei esso essa essi esse io tu noi voi loro costui costei quello quella questi
  quegli chi
`);
const FR_PRONOUNS = words(`il elle ils elles je tu nous vous on lui celui-ci celle-ci qui`);
const DE_PRONOUNS = words(`er sie es ich du wir ihr man`);

const EN_ARTICLES = words(`the`);
const IT_ARTICLES = words(`il lo la l' l’`);
const FR_ARTICLES = words(`le la l' l’`);
const DE_ARTICLES = words(`der die das`);

const EN_DETERMINERS = words(`
  a an the his her its their our my your one some another each every no this that these those
`);
const IT_DETERMINERS = words(`un una uno il lo la i gli le suo sua suoi sue mio mia quel quella`);
const FR_DETERMINERS = words(`un une le la les son sa ses mon ma ce cet cette`);
const DE_DETERMINERS = words(`ein eine einer der die das sein seine ihr ihre`);

const NOT_NAMES = words(`
  i he she it we they you one who which that this these those there here then and but yet so
  now nobody somebody someone everyone everybody anybody anyone none each both all some many
  what when where why how again presently suddenly still finally at in on oh ah yes no well
  after before as if though while once soon thus however indeed perhaps only even
  chapter the a an
`);

const ABBREVIATIONS = words(`
  mr mrs ms dr st capt col gen lt sgt prof rev mme mlle m messrs jr sr hon sig sigg dott avv
`);

const NAME_PARTICLES = words(`of de du des di da del della dei van von der le la`);

const PARTICLES = words(`on in out up back fort`);

const union = (...lists: string[][]): Set<string> => new Set(lists.flat());

/** The word lists for a BCP 47 language tag; English lists are always included. */
export function lexiconFor(language: string): Lexicon {
  const primary = language.toLowerCase().split(/[-_]/)[0] ?? 'en';
  const extra: Record<string, [string[], string[], string[], string[], string[]]> = {
    it: [IT_VERBS, IT_TITLES, IT_PRONOUNS, IT_ARTICLES, IT_DETERMINERS],
    fr: [FR_VERBS, FR_TITLES, FR_PRONOUNS, FR_ARTICLES, FR_DETERMINERS],
    de: [DE_VERBS, DE_TITLES, DE_PRONOUNS, DE_ARTICLES, DE_DETERMINERS],
  };
  const own = Object.hasOwn(extra, primary);
  const [verbs, titles, pronouns, articles, determiners] = own
    ? (extra[primary] as [string[], string[], string[], string[], string[]])
    : [[], [], [], [], []];
  return {
    verbs: union(EN_VERBS, verbs),
    particles: new Set(PARTICLES),
    titles: union(EN_TITLES, titles),
    abbreviations: new Set(ABBREVIATIONS),
    pronouns: union(EN_PRONOUNS, pronouns),
    articles: union(EN_ARTICLES, articles),
    determiners: union(EN_DETERMINERS, determiners),
    notNames: new Set(NOT_NAMES),
    nameParticles: new Set(NAME_PARTICLES),
    incises: own,
    english: primary === 'en',
  };
}
