/**
 * Whether a chat message carries a way to reach its writer outside the app: a phone number, an e-mail
 * address, a social handle or link, a street address, also disguised (spaced digits, digits in words or
 * emoji, 'chiocciola', 'wa.me', 'insta'). Used between minors (docs/decisions/046): it must stop nearly
 * every attempt and almost never an ordinary message, which is full of sticker numbers, times and dates.
 */
export function carriesContact(message: string): boolean {
  const text = normalise(message);
  const squashed = deLeet(text).replace(/[^a-z]/g, '');
  return (
    PLATFORM_WORDS.some((word) => squashed.includes(word)) ||
    CONTACT_PATTERNS.some((pattern) => pattern.test(text)) ||
    hasPhoneNumber(withDigitWords(text))
  );
}

/** Lower case, compatibility forms folded (𝟑, ３, ① → 3), keycap emoji to their digit, accents dropped. */
function normalise(message: string): string {
  return message
    .normalize('NFKC')
    .replace(/[\uFE0E\uFE0F\u20E3]/g, '')
    .replace(/🔟/g, '10')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

/** Letters written as look-alike digits or signs ('1nst4', 'wh@ts'): read for the platform names only. */
const deLeet = (text: string) =>
  text.replace(
    /[013457@$]/g,
    (sign) => ({ 0: 'o', 1: 'i', 3: 'e', 4: 'a', 5: 's', 7: 't', '@': 'a', $: 's' })[sign] ?? sign,
  );

/**
 * Names found even with spaces, dots or look-alike digits between their letters ('w h a t s a p p'): long
 * enough that no ordinary Italian text hides them once its spaces are gone.
 */
const PLATFORM_WORDS = [
  'whatsapp',
  'whatapp',
  'watsapp',
  'wathsapp',
  'instagram',
  'instagra',
  'telegram',
  'snapchat',
  'tiktok',
  'facebook',
  'messenger',
  'discord',
  'chiocciola',
  'gmail',
  'hotmail',
  'icloud',
  'outlook',
  'yahoo',
  'wame',
  'whats',
];

const HANDLE_PLATFORMS =
  '(?:insta|ig|snap|tele|tg|fb|face|tik ?tok|wa|whats|twitter|x|yt|youtube|twitch|kik|signal|viber|skype|roblox|fortnite|psn|steam)';
const STREET_KINDS = String.raw`(?:via|viale|v\.le|piazza|p\.zza|p\.za|piazzale|corso|c\.so|largo|vicolo|strada|str\.|contrada|localita|borgo|salita|lungomare|lungotevere|traversa|rione|frazione)`;

// Words after which a number is an hour or an amount, not a house number ('corso di nuoto fino alle 6').
const NOT_A_STREET_NAME =
  '(?:alle|all|le|ore|a|per|di|da|in|il|la|tra|fra|entro|dopo|verso|sono|ho|mancano|fino|figurina|figurine|pagina|pagine|squadra|album|doppie|bustine|euro|anni|minuti|volte|numero|la numero)';

const CONTACT_PATTERNS: RegExp[] = [
  // an e-mail address or a handle: '@' next to a word, or written out
  /[\p{L}\p{N}._-]\s*@\s*[\p{L}\p{N}]/u,
  /(?:^|[\s(])@[\p{L}\p{N}_.]{2,}/u,
  /[([{]\s*(?:at|et|chiocciol\w*)\s*[)\]}]/,
  /\b\w{2,}\s+(?:at|et)\s+\w{2,}\s*(?:\.|\bpunto\b|\bdot\b)\s*(?:com|it|net|org|eu)\b/,
  // a domain or a link: 'x.it', 'x punto com', 'www', 'http', short links
  /\b(?:https?|www|ftp)\b/,
  /\b[\p{L}\p{N}-]{2,}\s*(?:\.|\bpunto\b|\bdot\b|\(dot\)|\[dot\])\s*(?:com|it|net|org|eu|me|ly|gg|io|co|tv|info|biz)\b/u,
  /\b(?:wa|t|bit|tinyurl|linktr|discord)\s*(?:\.|punto|dot)\s*(?:me|ly|com|ee|gg)\b/,
  /\blibero\s*(?:\.|\bpunto\b|\bdot\b)\s*it\b|\b(?:alice|tiscali|virgilio|live|libero)\s*(?:\.|punto|dot)\s*it\b/,
  // a social platform named with a handle, a request to move there, or its short name as a place
  new RegExp(String.raw`\b${HANDLE_PLATFORMS}\b\s*[:=]?\s*@?[\p{L}\p{N}]*[._]\w+`, 'u'),
  new RegExp(
    String.raw`\b(?:scriv\w*|cerca\w*|aggiung\w*|segu\w*|contatt\w*|messaggi\w*|chiama\w*|sentiamoci|sentirci|trovi|trovarmi|ti scrivo|mi scrivi|dm|direct|dammi|passami|dimmi)\b[^.!?]{0,25}\b(?:su|in|on|via|il tuo|tuo|tua|il|mio|mia)?\s*\b${HANDLE_PLATFORMS}\b`,
    'u',
  ),
  new RegExp(
    String.raw`\b${HANDLE_PLATFORMS}\b\s*(?:[:=]|\bsono\b|\bmi chiamo\b|\bè\b|\be\b|\bcome\b)\s*@?[\p{L}\p{N}_.]{3,}\d`,
    'u',
  ),
  /\b(?:numero|cell\w*|telefono|tel|whats|nick|username|user|profilo|account|contatto|contatti|mail|e-?mail|indirizzo email)\s*[:=]/,
  /\b(?:dammi|passami|mandami|dimmi|ti do|ti mando|ti lascio|eccoti|scrivimi al|chiamami al|chiama al|scrivi al)\b[^.!?]{0,20}\b(?:numero|cell\w*|telefono|mail|e-?mail|contatto|instagram|insta|nick|indirizzo)\b/,
  /\b(?:il mio|mio|il tuo|tuo)\s+(?:numero (?:di )?(?:telefono|cell\w*)|cell\w*|telefono|whats\w*|insta\w*|nick|username|profilo (?:insta|ig|tiktok|snap|face)|contatto|indirizzo|mail|e-?mail)\b/,
  /\b(?:mio|mia|tuo)\s+(?:profilo|nick|nickname|account|username|user)\s+(?:e|:|=|si chiama)\s+@?[\p{L}\p{N}]/u,
  // a handle's shape: words joined by '_', or by '.' with digits ('giorgia.s11', 'luca_2010')
  /\b[\p{L}\p{N}]+_[\p{L}\p{N}_]+/u,
  /\b\p{L}{2,}\.\p{L}*\d[\p{L}\p{N}]*/u,
  // a street address with its number, or the way to a home
  new RegExp(
    String.raw`\b${STREET_KINDS}\s+(?:[\p{L}'’.]+\s+){0,3}(?!${NOT_A_STREET_NAME}\b)[\p{L}'’.]+,?\s+(?:n\.?\s*|num\.?\s*|numero\s*|civico\s*)?\d{1,4}(?:\s*[/\\]?\s*[a-h])?\b`,
    'u',
  ),
  /\b(?:citofon\w*|campanello|interno\s+\d|scala\s+[a-h]\b|civico|abito|abiti|casa mia|casa tua|da me a casa|vieni a casa|sotto casa|il mio indirizzo|mio indirizzo|indirizzo di casa)\b/,
];

const UNITS = ['zero', 'uno', 'due', 'tre', 'quattro', 'cinque', 'sei', 'sette', 'otto', 'nove'];
const TEENS = [
  'dieci',
  'undici',
  'dodici',
  'tredici',
  'quattordici',
  'quindici',
  'sedici',
  'diciassette',
  'diciotto',
  'diciannove',
];
const TENS = ['venti', 'trenta', 'quaranta', 'cinquanta', 'sessanta', 'settanta', 'ottanta', 'novanta'];
const ENGLISH_UNITS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine'];

/** Every number word of 0–99 ('ventotto', 'tre', 'dodici') with its value, longest first. */
const NUMBER_WORDS: [string, number][] = (() => {
  const words = new Map<string, number>();
  for (const [value, word] of UNITS.entries()) words.set(word, value);
  for (const [index, word] of ENGLISH_UNITS.entries()) if (index > 0) words.set(word, index);
  for (const [index, word] of TEENS.entries()) words.set(word, 10 + index);
  for (const [index, ten] of TENS.entries()) {
    const value = 20 + index * 10;
    words.set(ten, value);
    for (const [u, unit] of UNITS.entries()) {
      if (u === 0) continue;
      // 'ventuno', 'trentotto': the ten drops its vowel before 'uno' and 'otto'.
      const joined = unit === 'uno' || unit === 'otto' ? ten.slice(0, -1) + unit : ten + unit;
      words.set(joined, value + u);
    }
  }
  return [...words].sort((a, b) => b[0].length - a[0].length);
})();
const NUMBER_WORD = new RegExp(String.raw`\b(?:${NUMBER_WORDS.map(([word]) => word).join('|')})\b`, 'g');
const NUMBER_VALUE = new Map(NUMBER_WORDS);

/** Number words written as digits, so a number dictated in words reads like one typed. */
const withDigitWords = (text: string) => text.replace(NUMBER_WORD, (word) => String(NUMBER_VALUE.get(word)));

// Digits with what may sit between a phone number's groups: spaces, dots, dashes, slashes, brackets, '+'.
const DIGIT_RUN = /\+?\d(?:[\s.\-/()+_*]{0,3}\d)+/g;

/**
 * A phone number, Italian or foreign, typed whole, in groups or one digit at a time. A list of sticker
 * numbers (up to three digits each, rising, or after a comma), a time or a date is not one.
 */
function hasPhoneNumber(text: string): boolean {
  for (const [run] of text.matchAll(DIGIT_RUN)) {
    const groups = run.match(/\d+/g) ?? [];
    const digits = groups.join('');
    if (digits.length < 7) continue;
    if (/^\+|^00/.test(run.trim()) && digits.length >= 8) return true;
    if (isDate(run) || isSeason(run)) continue;
    if (groups.some((group) => group.length >= 2 && group.startsWith('0'))) return true;
    if (groups.some((group) => group.length >= 5)) return true;
    if (groups.some((group) => group.length === 4) && digits.length >= 8) return true;
    if (groups.length >= 7 && groups.every((group) => group.length === 1) && !isRising(groups)) return true;
    if (digits.length >= 9 && /^[03]/.test(digits) && !isRising(groups)) return true;
  }
  return false;
}

const isDate = (run: string) => /^\d{1,2}[./-]\d{1,2}[./-](?:\d{2}|\d{4})$/.test(run.trim());

/** A season or a span of years ('2024-2025', '2025/26'). */
const isSeason = (run: string) => /^(?:19|20)\d\d\s*[-/]\s*(?:19|20)?\d\d$/.test(run.trim());

/** Sticker numbers are listed rising ('12 45 78'); a phone number's groups are not. */
function isRising(groups: string[]): boolean {
  return groups.every((group, index) => index === 0 || Number(group) > Number(groups[index - 1]));
}
