// Errors of the environment service and their OpenEnv codes, in one place: the server answers
// with them, and a session thread sends a failed call's code across to the server as it is.
import { ProtocolError } from '../protocol/validate';
import type { ErrorCode } from './messages';
import { UnknownTaskError } from './task-catalogue';

/** A request that does not fit the session's state (step before reset, after done). */
export class SessionStateError extends Error {}

export class CapacityError extends Error {}

/** An error with its code decided already (on a session thread, or a thread that died). */
export class CodedError extends Error {
  constructor(readonly code: ErrorCode, message: string) {
    super(message);
  }
}

/** What an error thrown while handling a message is, in OpenEnv's codes. */
export function codeOf(e: unknown): ErrorCode {
  if (e instanceof CodedError) return e.code;
  if (e instanceof ProtocolError) return 'VALIDATION_ERROR';
  if (e instanceof UnknownTaskError) return 'VALIDATION_ERROR';
  if (e instanceof SessionStateError) return 'SESSION_ERROR';
  if (e instanceof CapacityError) return 'CAPACITY_REACHED';
  return 'EXECUTION_ERROR';
}

export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
