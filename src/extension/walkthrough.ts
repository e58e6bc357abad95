// The walkthrough's steps are done when what they ask for has happened — a task written, its
// verifier checked, … — not when their command is invoked: a step marked done on invocation
// moves the walkthrough on and takes the focus, which closed the command's own questions
// (New Task's app and id, Debug's instance) before they were answered.
import * as vscode from 'vscode';

export type WalkthroughStep = 'write' | 'check' | 'run' | 'debug' | 'record' | 'export';

export function walkthroughStepDone(step: WalkthroughStep): void {
  void vscode.commands.executeCommand('setContext', `phonebuddy.walkthrough.${step}`, true);
}
