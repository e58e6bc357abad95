// What one verifier query may take (a query written by a task author, run on every episode):
// past any of these it is stopped with an error that says which bound it crossed. Shared by the
// host (bounded-sql.ts), the query thread (worker.ts) and the task language (its warnings quote
// the time limit).

/** Wall-clock time; the query thread is terminated when it passes. */
export const VERIFIER_QUERY_MS = 3000;
/** Rows: more means it is not the query its author meant (a runaway tends to produce rows forever). */
export const VERIFIER_QUERY_ROWS = 100_000;
/** The result's size (text as UTF-16, blobs as bytes, summed over every value it returns). */
export const VERIFIER_RESULT_BYTES = 16 * 1024 * 1024;
/**
 * SQLite's heap on the query thread (`PRAGMA hard_heap_limit`): a huge randomblob, zeroblob
 * made real, printf or replace fails with "out of memory" instead of growing the thread by
 * gigabytes. The phone's databases are kilobytes, so the open copies fit many times over.
 */
export const VERIFIER_QUERY_MEMORY = 64 * 1024 * 1024;

/** The query's own text: a verifier query is a few lines; one longer than this is refused before it runs. */
export const VERIFIER_SQL_CHARS = 1_000_000;

export const mb = (bytes: number): string => `${Math.round(bytes / (1024 * 1024))} MB`;
