// Public face of the task language. Consumers (agent loop, runner, CLI, editor, panel) import
// from here only.
export type { Diagnostic, Severity, SourceRange } from './diagnostic';
export { formatDiagnostic, hasErrors } from './diagnostic';
export type * from './runnable';
export type * from './model';
export { parseTaskFile, type ParsedTaskFile, type TaskAst, type ParseOptions } from './parse-task-file';
export { loadTasks, loadTaskFiles, expandTaskPaths, TASK_FILE_SUFFIX, type LoadOptions, type LoadedFile } from './load-tasks';
export { instantiate, paramSets, solutionSteps } from './instantiate';
export { evaluateVerifiers, flattenResults, scoreOf, type EvaluateOptions } from './verifiers/evaluate';
export { createAppCatalog, emptyCatalog, type AppCatalog, type AppSchemaSource, type TableInfo } from './app-catalog';
export { catalogFromManifests, type TaskAppManifest } from './app-manifest';
export { toSelector } from './selector';
export { TASK_SCHEMA } from './schema';
export { checkInstance, observationKey, type CheckDeps, type EpisodeRunner, type InstanceCheck, type CheckProblem } from './check/check-task';
export { checkFiles, type CheckFilesResult } from './check/check-files';
export { importMyPhoneBench } from './import/myphonebench';
