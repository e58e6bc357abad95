// The app catalog of the mock phone: packages and database schemas come from the mock phone's
// own app registry, so diagnostics follow the apps as they change.
import { createAppCatalog, emptyCatalog, type AppCatalog, type AppSchemaSource } from './app-catalog';

let cached: Promise<AppCatalog> | undefined;

/** Schemas of the mock phone's apps (empty until the mock phone exposes its registry). */
export async function mockAppSchemas(): Promise<AppSchemaSource[]> {
  return [];
}

export function mockAppCatalog(): Promise<AppCatalog> {
  cached ??= (async () => {
    const sources = await mockAppSchemas();
    if (sources.length === 0) return emptyCatalog();
    const { loadSql } = await import('../mockphone/runtime/database');
    return createAppCatalog(await loadSql(), sources);
  })();
  return cached;
}
