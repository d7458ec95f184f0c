const CONNECTION_FAILED = 'Connessione al server non riuscita';

/**
 * Browsers' own English for the errors the app reports most, in Italian. Matched anywhere in the text, so
 * 'Errore Query: albums.list – Failed to fetch' reads in Italian too; the original stays in the details.
 */
const TRANSLATIONS: [RegExp, string][] = [
  [/Failed to fetch/g, CONNECTION_FAILED],
  [/NetworkError when attempting to fetch resource\.?/g, CONNECTION_FAILED],
  [/Load failed/g, CONNECTION_FAILED],
  [/Script error\./g, 'Errore di script (dettagli non disponibili)'],
  [
    /Cannot read properties of undefined(?: \(reading '([^']*)'\))?/g,
    "Lettura di una proprietà di un valore non definito ('$1')",
  ],
  [
    /Cannot read properties of null(?: \(reading '([^']*)'\))?/g,
    "Lettura di una proprietà di un valore nullo ('$1')",
  ],
  [
    /ResizeObserver loop (?:limit exceeded|completed with undelivered notifications)\.?/g,
    'Ciclo di ridimensionamento interrotto dal browser (ResizeObserver), di solito innocuo',
  ],
  [/The operation was aborted\.?/g, 'Operazione annullata'],
  [/(\S+) is not a function/g, '$1 non è una funzione'],
  [/(\S+) is not defined/g, '$1 non è definito'],
];

export function translateErrorText(text: string): string {
  return (
    TRANSLATIONS.reduce((result, [pattern, italian]) => result.replace(pattern, italian), text)
      // A property name the browser did not give leaves empty brackets behind.
      .replaceAll(" ('')", '')
  );
}

/** Error details as stored (JSON text, or any text): indented when they are JSON, else as they came. */
export function prettyErrorDetails(text: string): string {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  } catch {
    return text;
  }
}
