/**
 * The word lists behind lexicon.ts, per language: reporting verbs (finite forms a narrator uses
 * around a quote), titles, pronouns, articles, determiners, and the gendered words the context
 * pass reads ("he", "Mrs", "his wife"). Lower case; titles without their abbreviation period.
 * English lists are always included, since names and titles in other books are often English.
 */

export const words = (text: string): string[] => text.split(/\s+/).filter((w) => w.length > 0);

export interface LanguageWords {
  verbs: string[];
  titles: string[];
  pronouns: string[];
  articles: string[];
  determiners: string[];
  malePronouns: string[];
  femalePronouns: string[];
  maleTitles: string[];
  femaleTitles: string[];
  maleNouns: string[];
  femaleNouns: string[];
}

const EN: LanguageWords = {
  verbs: words(`
    said says replied replies answered answers asked asks cried cries exclaimed exclaims
    continued continues added adds returned returns observed observes remarked remarks rejoined
    repeated repeats whispered whispers shouted shouts called calls muttered mutters murmured
    murmurs thought thinks began begins interrupted interrupts retorted retorts demanded demands
    inquired inquires enquired enquires responded responds protested protests declared declares
    explained explains urged urges insisted insists sighed sighs pleaded pleads persisted persists
    resumed resumes went goes put puts broke breaks suggested suggests admitted admits agreed
    agrees announced announces assented assents blurted chimed commented comments concluded
    concludes confessed confesses faltered falters gasped gasps groaned groans growled growls
    grumbled grumbles hissed hisses howled howls interposed interposes mumbled mumbles mused muses
    panted pants queried queries roared roars screamed screams shrieked shrieks snapped snaps
    sneered sneers sobbed sobs stammered stammers stuttered stutters wailed wails yelled yells
    reasoned ventured ventures warned warns echoed echoes corrected corrects reflected reflects
    conceded concedes breathed breathes pursued pursues objected objects argued argues laughed
    laughs bawled bellowed chuckled croaked drawled hinted ordered pronounced quavered recited
    shrilled spluttered sputtered squeaked squealed stormed taunted teased thundered twittered
    volunteered wheezed whined wondered spoke speaks stated states told tells grinned smiled
    snorted scoffed jeered mocked begged implored proclaimed asserted affirmed maintained
    countered complained cautioned advised proposed offered promised assured noted guessed
    reckoned snarled barked gushed cooed sang uttered finished ended quoth expostulated
    remonstrated ejaculated vociferated entreated besought commanded acknowledged apologized
    apologised moaned whimpered sniffed giggled joked quipped grunted lisped reiterated
    questioned demurred hazarded acquiesced consented vowed swore stated explained chirped
    purred murmured soothed coaxed scolded chided rebuked snickered tittered sniggered
    added`),
  titles: words(`
    mr mrs ms miss master mister missus mistress madam madame mme mlle monsieur mademoiselle dr
    doctor sir lady lord dame captain capt colonel col major general gen lieutenant lt sergeant
    sgt corporal professor prof rev reverend father mother aunt uncle brother sister saint st
    prince princess king queen duke duchess count countess baron baroness judge inspector squire
    parson cousin granny grandma grandpa grandmother grandfather`),
  pronouns: words(`i he she it we they you one who which that this`),
  articles: words(`the`),
  determiners: words(`a an the his her its their our my your one some another each every no
    this that these those`),
  malePronouns: words(`he him his himself`),
  femalePronouns: words(`she her hers herself`),
  maleTitles: words(`mr mister master sir lord king prince duke count baron colonel col major
    general gen lieutenant lt sergeant sgt corporal father uncle brother squire parson
    grandpa grandfather monsieur`),
  femaleTitles: words(`mrs ms miss missus mistress madam madame mme mlle mademoiselle lady dame
    queen princess duchess countess baroness mother aunt sister granny grandma grandmother`),
  maleNouns: words(`man gentleman husband father uncle brother son boy lad king prince lord
    master fellow butler footman servant-man landlord host nephew grandfather`),
  femaleNouns: words(`woman lady wife mother aunt sister daughter girl lass queen princess
    mistress widow maid housekeeper landlady hostess niece grandmother nurse governess`),
};

const IT: LanguageWords = {
  verbs: words(`
    disse dice diceva dicevano dissero rispose risponde rispondeva risposero domandò domanda
    domandava chiese chiede chiedeva esclamò esclama esclamava sclamò gridò grida gridava urlò
    urla urlava riprese riprende riprendeva soggiunse soggiunge aggiunse aggiunge continuò
    continua replicò replica mormorò mormora sussurrò sussurra osservò osserva interruppe
    ripeté ripetè ripete proseguì prosegue concluse borbottò balbettò spiegò insistette fece
    pensò pensa incominciò cominciò ribatté ribattè protestò dichiarò annunziò annunciò
    brontolò sospirò rispos'egli diss'egli interrogò gridaron rispondeva`),
  titles: words(`
    signor signore signora signorina sor sora don donna padre fra frate fratel suor suora conte
    contessa marchese marchesa dottor dottore avvocato zio zia monsignore monsignor messer
    madonna maestro mastro compare comare principe principessa barone baronessa cardinale`),
  pronouns: words(`egli ella lui lei esso essa essi esse io tu noi voi loro costui costei
    quello quella questi quegli chi`),
  articles: words(`il lo la l' l’`),
  determiners: words(`un una uno il lo la i gli le suo sua suoi sue mio mia quel quella`),
  malePronouns: words(`egli lui esso costui`),
  femalePronouns: words(`ella lei essa costei`),
  maleTitles: words(`signor signore sor don padre fra frate fratel conte marchese zio
    monsignore monsignor messer principe barone cardinale`),
  femaleTitles: words(`signora signorina sora donna suor suora contessa marchesa zia madonna
    principessa baronessa`),
  maleNouns: words(`uomo marito padre zio fratello figlio ragazzo vecchio`),
  femaleNouns: words(`donna moglie madre zia sorella figlia ragazza vecchia serva`),
};

const FR: LanguageWords = {
  verbs: words(`
    dit disait répondit répond répondait demanda demande demandait reprit reprend reprenait
    s'écria s’écria écria cria crie criait ajouta ajoute murmura murmure fit fait continua
    continue répliqua réplique interrompit poursuivit observa déclara expliqua s'exclama
    s’exclama hurla soupira balbutia grommela pensa songea insista disaient répéta objecta
    riposta gronda chuchota bégaya prononça conclut affirma avoua annonça remarqua questionna
    interrogea s'informa s’informa ricana lança souffla protesta murmurait criait
    parla articula recommanda rapporta ajoutait continuait répliquait expliquait observait
    déclarait insistait répétait soupirait balbutiait grommelait chuchotait s'exclamait
    s’exclamait interrogeait recommandait rapportait`),
  titles: words(`m monsieur mme madame mlle mademoiselle père mère abbé docteur maître oncle
    tante frère sœur soeur capitaine comte comtesse baron baronne`),
  pronouns: words(`il elle ils elles je tu nous vous on lui celui-ci celle-ci qui`),
  articles: words(`le la l' l’`),
  determiners: words(`un une le la les son sa ses mon ma ce cet cette`),
  malePronouns: words(`il lui celui-ci`),
  femalePronouns: words(`elle celle-ci`),
  maleTitles: words(`m monsieur père abbé oncle frère comte baron`),
  femaleTitles: words(`mme madame mlle mademoiselle mère tante sœur soeur comtesse baronne`),
  maleNouns: words(`homme mari père oncle frère fils garçon vieillard prêtre`),
  femaleNouns: words(`femme mère tante sœur fille maîtresse servante`),
};

const DE: LanguageWords = {
  verbs: words(`
    sagte sagt fragte fragt antwortete antwortet rief ruft erwiderte erwidert meinte meint
    flüsterte flüstert schrie schreit sprach spricht fuhr entgegnete bemerkte murmelte dachte
    fügte wiederholte`),
  titles: words(`herr frau fräulein doktor dr onkel tante graf gräfin`),
  pronouns: words(`er sie es ich du wir ihr man`),
  articles: words(`der die das`),
  determiners: words(`ein eine einer der die das sein seine ihr ihre`),
  malePronouns: words(`er`),
  femalePronouns: words(``),
  maleTitles: words(`herr onkel graf`),
  femaleTitles: words(`frau fräulein tante gräfin`),
  maleNouns: words(`mann vater onkel bruder sohn`),
  femaleNouns: words(`frau mutter tante schwester tochter`),
};

const ES: LanguageWords = {
  verbs: words(`
    dijo dice decía respondió responde respondía contestó contesta contestaba preguntó pregunta
    preguntaba exclamó exclama gritó grita gritaba murmuró murmura susurró añadió añade replicó
    replica continuó continúa repuso prosiguió insistió interrumpió explicó observó pensó
    suspiró balbuceó declaró afirmó concluyó dijeron`),
  titles: words(`señor señora señorita don doña sr sra srta padre madre tío tía fray sor
    doctor capitán conde condesa marqués marquesa`),
  pronouns: words(`él ella ellos ellas yo tú nosotros vosotros usted quien`),
  articles: words(`el la`),
  determiners: words(`un una el la los las su sus mi este esta ese esa aquel aquella`),
  malePronouns: words(`él`),
  femalePronouns: words(`ella`),
  maleTitles: words(`señor don sr padre tío fray conde marqués`),
  femaleTitles: words(`señora señorita doña sra srta madre tía sor condesa marquesa`),
  maleNouns: words(`hombre marido padre tío hermano hijo muchacho viejo`),
  femaleNouns: words(`mujer esposa madre tía hermana hija muchacha vieja`),
};

const PT: LanguageWords = {
  verbs: words(`
    disse diz dizia respondeu responde respondia perguntou pergunta perguntava exclamou
    exclama gritou grita gritava murmurou murmura sussurrou acrescentou replicou continuou
    tornou volveu retrucou insistiu interrompeu explicou observou pensou suspirou declarou
    concluiu atalhou redarguiu`),
  titles: words(`senhor senhora senhorita sr sra dom dona padre tio tia frei doutor capitão
    conde condessa`),
  pronouns: words(`ele ela eles elas eu tu nós vós você quem`),
  articles: words(`o a`),
  determiners: words(`um uma o a os as seu sua seus suas meu minha este esta esse essa`),
  malePronouns: words(`ele`),
  femalePronouns: words(`ela`),
  maleTitles: words(`senhor sr dom padre tio frei conde`),
  femaleTitles: words(`senhora senhorita sra dona tia condessa`),
  maleNouns: words(`homem marido pai tio irmão filho rapaz velho`),
  femaleNouns: words(`mulher esposa mãe tia irmã filha moça velha`),
};

const RU: LanguageWords = {
  verbs: words(`
    сказал сказала сказали говорил говорила говорит ответил ответила отвечал отвечала
    спросил спросила спрашивал спрашивала крикнул крикнула закричал закричала кричал кричала
    прошептал прошептала шепнул шепнула воскликнул воскликнула проговорил проговорила
    произнёс произнес произнесла подумал подумала добавил добавила продолжал продолжала
    возразил возразила пробормотал пробормотала заметил заметила повторил повторила
    перебил перебила отозвался отозвалась начал начала вскричал вскричала`),
  titles: words(`господин госпожа граф графиня князь княгиня княжна барон баронесса доктор
    капитан генерал полковник`),
  pronouns: words(`он она они я ты мы вы кто`),
  articles: words(``),
  determiners: words(`его её ее их мой моя этот эта тот та`),
  malePronouns: words(`он`),
  femalePronouns: words(`она`),
  maleTitles: words(`господин граф князь барон`),
  femaleTitles: words(`госпожа графиня княгиня княжна баронесса`),
  maleNouns: words(`мужчина муж отец дядя брат сын мальчик старик`),
  femaleNouns: words(`женщина жена мать тётя тетя сестра дочь девочка старуха`),
};

export const LANGUAGES: Readonly<Record<string, LanguageWords>> = {
  en: EN,
  it: IT,
  fr: FR,
  de: DE,
  es: ES,
  pt: PT,
  ru: RU,
};

export const ENGLISH = EN;

export const NOT_NAMES = words(`
  i he she it we they you one who which that this these those there here then and but yet so
  now nobody somebody someone everyone everybody anybody anyone none each both all some many
  what when where why how again presently suddenly still finally at in on oh ah yes no well
  after before as if though while once soon thus however indeed perhaps only even
  chapter the a an my your his her its our their
  et mais puis alors donc car ou ni oui non moi toi lui eux mon ma mes ton ta tes son sa ses
  ce cette ces cela ceci quand comme si enfin ensuite aussi bien tout tous toute toutes rien
  e ed ma poi allora dunque però perché quando come anche ancora così sì io tu noi voi
  y pero entonces luego también cuando como sí yo
  und aber dann doch denn wenn als auch ja nein
  и но а потом тогда когда да нет`);

export const ABBREVIATIONS = words(`
  mr mrs ms dr st capt col gen lt sgt prof rev mme mlle m messrs jr sr hon sig sigg dott avv
  sra srta`);

export const NAME_PARTICLES = words(`of de du des di da del della dei van von der le la`);

export const VERB_PARTICLES = words(`on in out up back fort`);
