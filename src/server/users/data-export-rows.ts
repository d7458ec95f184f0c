/** Writes one piece of the export's file; resolves when the reader is ready for more. */
export type ExportWriter = (chunk: string) => Promise<void>;

/** Reads rows in the export's one snapshot. */
export type Rows = <T>(query: string, params: unknown[]) => Promise<T[]>;

export type Timestamp = Date | string | null;
export const iso = (value: Timestamp) => (value === null ? null : new Date(value).toISOString());
